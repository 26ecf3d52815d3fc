/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The VFS operations the workloads use (fs/namei.c, mm/filemap.c's
 * generic_file_aio_read/write, fs/sync.c): names, reads and writes through
 * the page cache, fsync, unlink and rename. Everything that may block
 * takes the calling task, which must be a kthread (sched.h).
 */
#ifndef WBSIM_VFS_H
#define WBSIM_VFS_H

#include "fs.h"
#include "init/machine.h"

struct inode *vfs_lookup(struct inode *dir, const char *name, size_t len);
int vfs_create(struct machine *m, struct task *t, struct inode *dir,
	       const char *name, size_t len, bool is_dir,
	       struct inode **res);
int vfs_unlink(struct machine *m, struct task *t, struct inode *dir,
	       const char *name, size_t len);
int vfs_rename(struct machine *m, struct task *t, struct inode *odir,
	       const char *oname, size_t olen, struct inode *ndir,
	       const char *nname, size_t nlen);
int vfs_deltree(struct machine *m, struct task *t, struct inode *dir,
		const char *name, size_t len);
int64_t vfs_read(struct machine *m, struct task *t, struct inode *inode,
		 uint64_t pos, uint64_t len);
int64_t vfs_write(struct machine *m, struct task *t, struct inode *inode,
		  uint64_t pos, uint64_t len);
int vfs_fsync(struct machine *m, struct task *t, struct inode *inode);
int vfs_truncate(struct machine *m, struct task *t, struct inode *inode,
		 uint64_t size);
void vfs_open(struct inode *inode);
void vfs_close(struct machine *m, struct task *t, struct inode *inode);
void iget(struct inode *inode);
void iput(struct machine *m, struct task *t, struct inode *inode);

struct inode *inode_new(struct super_block *sb, uint64_t ino, bool is_dir);
void inode_free(struct machine *m, struct inode *inode);
int inode_add_block(struct inode *inode, uint64_t lblk, uint64_t pblk);
bool inode_bmap(const struct inode *inode, uint64_t lblk, uint64_t *pblk);
struct page *grab_cache_page(struct machine *m, struct task *t,
			     struct address_space *mapping, uint64_t index);
void wakeup_flusher_threads(struct machine *m);

#endif
