// SPDX-License-Identifier: GPL-2.0
/*
 * Reads past a file's end: a static pass over a parsed loadfile that
 * follows each file's size where the loadfile alone decides it.
 *
 * dbench's ReadX is pread(fd, buf, size, offset), compared with the
 * line's ret field (the bytes the recorded server returned): a mismatch
 * is only printed, and dbench counts `size` bytes whatever pread
 * returned (fio_readx() in fileio.c). So "ReadX 1 0 2147483647
 * 2147483647" on a file the loadfile wrote 1 MB into would make dbench
 * report gigabytes a second it never read. A recording of a real server
 * cannot contain such a line: a read there returns what the file holds.
 *
 * The rule: a ReadX expected to succeed that reaches past the end of a
 * file whose size the loadfile determines, and whose ret field claims
 * more bytes than the file holds from that offset, is refused as
 * "file:line: ...". A read past the end whose ret is what the file
 * holds (a recorded short read, as SMB clients do at a file's tail) is
 * legal: the simulator reads what is there (vfs_read() stops at i_size,
 * as the kernel does) and counts `size` bytes, as dbench does. dbench's
 * client.txt has neither: its 124,199 ReadX lines all lie inside the
 * sizes its own lines give.
 *
 * What the pass knows. A client's directory starts empty (wbsim runs on
 * a new file system; dbench removes it at the end of every run), and
 * only the client's own ops touch the paths with "client1" in them. A
 * file's size is then known from the NTCreateX that creates it where
 * nothing is, or truncates it (OVERWRITE, OVERWRITE_IF), grown by each
 * WriteX to offset + size; Deltree, Unlink, Rmdir and Rename say where
 * nothing is. Passes repeat the file, so a pass starts where the last
 * one ended: the sweep is repeated from the join of every state a pass
 * can start in (sizes as upper bounds) until that stops growing, and
 * the reads are checked from there.
 *
 * Unknown, and never refused: a path shared by all clients (no "client1"
 * in it, or a loadfile whose names cross clients: other clients write
 * there), a handle opened twice without a Close (dbench keeps both and
 * finds the first, wbsim keeps the second: either file may grow), and
 * every size known before a write through a handle not followed (it
 * may be a followed file, opened while its path's state was unknown). A
 * loadfile that leaves a handle open at the end of a pass (in the next
 * pass its number names two files) or more than 256 open at once is not
 * checked at all (client.txt does neither). Where wbsim and
 * dbench differ (SUPERSEDE truncates in wbsim, opens in dbench; a failing
 * NTCreateX may still create or truncate in dbench; a failing WriteX
 * still writes in dbench; Deltree of a file removes it in wbsim only)
 * the size kept is an upper bound of both, so a refused read is past
 * the end in both. A Rename of a shared path (it could move another
 * client's files under this client's names) turns the check off for the
 * whole loadfile.
 *
 * Cost: a few sweeps over the ops (client.txt: 3, since its first line
 * is a Deltree of the client's directory), each op O(path depth).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dbench-loadfile.h"

#define FILE_UNKNOWN	UINT32_MAX		/* size not known */
#define FILE_ABSENT	(UINT32_MAX - 1)	/* the path names nothing */
#define SIZE_HANDLES	256	/* dbench: 200 a client; more are not followed */
/* a loadfile whose states still grow after this many passes: unknown */
#define SIZE_MAX_SWEEPS	32

/*
 * What a path names, as of op @stamp (ops count from 1, 0 is the start
 * of the pass: unknown). @sub_stamp and @sub_absent say what every path
 * BELOW this one became at that op (Deltree, Rename of a directory): a
 * descendant's state is the most recent of its own and its ancestors'
 * subtree states.
 */
struct path_state {
	uint32_t stamp;
	uint32_t file;		/* index in files[], or FILE_* */
	uint32_t sub_stamp;
	bool sub_absent;	/* else: the subtree became unknown */
};

struct file_size {
	uint64_t size;
	uint32_t line;		/* the line that last set @size */
	uint32_t since;		/* the op that made it known */
	bool known;
};

/* what a path names when a pass starts: the join over passes */
enum start_kind { START_ABSENT, START_SIZE, START_UNKNOWN };

struct start_state {
	uint64_t size;		/* START_SIZE: an upper bound */
	uint32_t line;
	uint8_t kind;
};

struct open_handle {
	int32_t fnum;
	uint32_t file;		/* FILE_UNKNOWN: not followed */
};

struct size_pass {
	const struct dbench_loadfile *lf;
	struct path_state *ps;
	struct start_state *start;
	struct file_size *files;
	uint32_t nr_files;
	struct open_handle h[SIZE_HANDLES];
	unsigned int nr_h;
	bool overflow;		/* more handles open than followed */
	/*
	 * The last op that wrote through a handle not followed: it may be
	 * a file that is followed (opened before a truncating NTCreateX of
	 * the same path), so no size known before it holds.
	 */
	uint32_t blind_write;
};

/* the paths only this client's own ops touch (see the comment above) */
static bool path_private(const struct dbench_loadfile *lf, uint32_t id)
{
	return !lf->cross_client_names &&
	       (lf->paths[id].flags & DBENCH_PATH_PER_CLIENT);
}

static uint32_t path_file(const struct size_pass *sp, uint32_t id)
{
	const struct dbench_loadfile *lf = sp->lf;
	uint32_t stamp = sp->ps[id].stamp, file = sp->ps[id].file;
	uint32_t a = id;

	if (!path_private(lf, id))
		return FILE_UNKNOWN;
	while (a != DBENCH_PATH_ROOT) {
		a = lf->paths[a].parent;
		if (sp->ps[a].sub_stamp > stamp) {
			stamp = sp->ps[a].sub_stamp;
			file = sp->ps[a].sub_absent ? FILE_ABSENT : FILE_UNKNOWN;
		}
	}
	return file;
}

static void path_set(struct size_pass *sp, uint32_t id, uint32_t file,
		     uint32_t stamp)
{
	sp->ps[id].stamp = stamp;
	sp->ps[id].file = file;
}

static void subtree_set(struct size_pass *sp, uint32_t id, bool absent,
			uint32_t stamp)
{
	sp->ps[id].sub_stamp = stamp;
	sp->ps[id].sub_absent = absent;
}

/* a new file (one per path at a pass start, one per NTCreateX) */
static uint32_t file_new(struct size_pass *sp, uint64_t size, uint32_t line,
			 uint32_t stamp)
{
	sp->files[sp->nr_files] = (struct file_size){ size, line, stamp, true };
	return sp->nr_files++;
}

static bool file_known(const struct size_pass *sp, const struct file_size *f)
{
	return f->known && f->since >= sp->blind_write;
}

static struct open_handle *handle_find(struct size_pass *sp, int32_t fnum)
{
	for (unsigned int i = 0; i < sp->nr_h; i++)
		if (sp->h[i].fnum == fnum)
			return &sp->h[i];
	return NULL;
}

static void file_forget(struct size_pass *sp, uint32_t file)
{
	if (file < FILE_ABSENT)
		sp->files[file].known = false;
}

static void handle_open(struct size_pass *sp, int32_t fnum, uint32_t file)
{
	struct open_handle *h = handle_find(sp, fnum);

	if (h) {
		/*
		 * Open twice: dbench reads and writes the first file, wbsim
		 * the second, so either may grow.
		 */
		file_forget(sp, h->file);
		file_forget(sp, file);
		h->file = FILE_UNKNOWN;
	} else if (sp->nr_h < SIZE_HANDLES) {
		sp->h[sp->nr_h++] = (struct open_handle){ fnum, file };
	} else {
		sp->overflow = true;
	}
}

static void handle_close(struct size_pass *sp, int32_t fnum)
{
	struct open_handle *h = handle_find(sp, fnum);

	if (h)
		*h = sp->h[--sp->nr_h];
}

/* NTCreateX: what the path names afterwards, and the handle's file */
static void ntcreatex(struct size_pass *sp, const struct dbench_op *op,
		      uint32_t stamp)
{
	uint32_t disp = op->ntcreatex.disposition;
	bool trunc = disp == DBENCH_FILE_OVERWRITE ||
		     disp == DBENCH_FILE_OVERWRITE_IF;
	bool creat = trunc || disp == DBENCH_FILE_CREATE;
	uint32_t file = path_file(sp, op->path);

	if (op->ntcreatex.create_options & DBENCH_FILE_DIRECTORY_FILE) {
		if (path_private(sp->lf, op->path))
			path_set(sp, op->path, FILE_UNKNOWN, stamp);
		if (op->status_ok)
			handle_open(sp, op->fnum, FILE_UNKNOWN);
		return;
	}
	if (file == FILE_ABSENT &&
	    (creat || (op->status_ok && disp == DBENCH_FILE_SUPERSEDE))) {
		file = file_new(sp, 0, op->line, stamp);
		path_set(sp, op->path, file, stamp);
	} else if (file < FILE_ABSENT && trunc && op->status_ok) {
		/* truncates the file every open handle of it sees */
		sp->files[file].size = 0;
		sp->files[file].line = op->line;
		sp->files[file].since = stamp;
		sp->files[file].known = true;
	} else if (file == FILE_UNKNOWN && trunc && op->status_ok &&
		   path_private(sp->lf, op->path)) {
		file = file_new(sp, 0, op->line, stamp);
		path_set(sp, op->path, file, stamp);
	}
	if (op->status_ok)
		handle_open(sp, op->fnum, file == FILE_ABSENT ? FILE_UNKNOWN : file);
}

static void rename_path(struct size_pass *sp, const struct dbench_op *op,
			uint32_t stamp)
{
	uint32_t file = path_file(sp, op->path);

	/* what was below old is gone; what is below new is old's */
	path_set(sp, op->path2, file, stamp);
	subtree_set(sp, op->path2, false, stamp);
	path_set(sp, op->path, FILE_ABSENT, stamp);
	subtree_set(sp, op->path, true, stamp);
}

/* ReadX past the known end, claiming more than the file holds: refuse */
static int check_readx(struct size_pass *sp, struct dbench_loadfile *lf,
		       const char *name, const struct dbench_op *op)
{
	struct open_handle *h = handle_find(sp, op->fnum);
	const struct file_size *f;
	uint64_t end = (uint64_t)op->rw.offset + op->rw.size, holds;

	if (!op->status_ok || !h || h->file >= FILE_ABSENT)
		return 0;
	f = &sp->files[h->file];
	if (!file_known(sp, f) || end <= f->size)
		return 0;
	holds = op->rw.offset < f->size ? f->size - op->rw.offset : 0;
	if (op->rw.ret_size <= holds)
		return 0;	/* a recorded short read */
	snprintf(lf->err, DBENCH_ERR_MAX,
		 "%s:%u: ReadX reads past the end of handle %d's file: %u bytes "
		 "at offset %u of a %llu-byte file (that size from line %u) "
		 "return at most %llu bytes, not the %u the line expects",
		 name, op->line, op->fnum, op->rw.size, op->rw.offset,
		 (unsigned long long)f->size, f->line,
		 (unsigned long long)holds, op->rw.ret_size);
	return -EINVAL;
}

/* One pass over the ops from sp->start; @check: refuse reads. */
static int sweep(struct size_pass *sp, struct dbench_loadfile *lf,
		 const char *name, bool check)
{
	memset(sp->ps, 0, lf->nr_paths * sizeof(*sp->ps));
	sp->nr_files = 0;
	sp->nr_h = 0;
	sp->overflow = false;
	sp->blind_write = 0;
	for (uint32_t i = 0; i < lf->nr_paths; i++) {
		const struct start_state *st = &sp->start[i];

		sp->ps[i].file = st->kind == START_ABSENT ? FILE_ABSENT :
				 st->kind == START_UNKNOWN ? FILE_UNKNOWN :
				 file_new(sp, st->size, st->line, 0);
	}
	for (uint32_t i = 0; i < lf->nr_ops; i++) {
		const struct dbench_op *op = &lf->ops[i];
		uint32_t stamp = i + 1;
		struct open_handle *h;
		struct file_size *f;

		switch (op->type) {
		case DBENCH_OP_NTCREATEX:
			ntcreatex(sp, op, stamp);
			break;
		case DBENCH_OP_CLOSE:
			handle_close(sp, op->fnum);
			break;
		case DBENCH_OP_WRITEX:
			h = handle_find(sp, op->fnum);
			if (h && h->file >= FILE_ABSENT)
				sp->blind_write = stamp;
			if (!h || h->file >= FILE_ABSENT)
				break;
			f = &sp->files[h->file];
			if (!op->status_ok) {	/* dbench writes, wbsim does not */
				f->known = false;
			} else if ((uint64_t)op->rw.offset + op->rw.size > f->size) {
				f->size = (uint64_t)op->rw.offset + op->rw.size;
				f->line = op->line;
			}
			break;
		case DBENCH_OP_READX:
			if (check && check_readx(sp, lf, name, op))
				return -EINVAL;
			break;
		case DBENCH_OP_UNLINK:
		case DBENCH_OP_RMDIR:
			if (op->status_ok)
				path_set(sp, op->path, FILE_ABSENT, stamp);
			break;
		case DBENCH_OP_DELTREE:
			/*
			 * No status check in dbench. Everything below goes;
			 * the path itself only if it is a directory (dbench
			 * leaves a file, wbsim removes it): unknown.
			 */
			if (path_file(sp, op->path) != FILE_ABSENT)
				path_set(sp, op->path, FILE_UNKNOWN, stamp);
			subtree_set(sp, op->path, true, stamp);
			break;
		case DBENCH_OP_MKDIR:
			path_set(sp, op->path, FILE_UNKNOWN, stamp);
			break;
		case DBENCH_OP_RENAME:
			if (op->status_ok && op->path != op->path2)
				rename_path(sp, op, stamp);
			break;
		default:
			break;
		}
	}
	return 0;
}

/*
 * Join what each path names at the end of a pass into the start state.
 * Return: whether the start state grew.
 */
static bool join_end_state(struct size_pass *sp)
{
	bool grew = false;

	for (uint32_t i = 0; i < sp->lf->nr_paths; i++) {
		struct start_state *st = &sp->start[i];
		uint32_t file = path_file(sp, i);
		const struct file_size *f = file < FILE_ABSENT ? &sp->files[file] : NULL;

		if (st->kind == START_UNKNOWN || file == FILE_ABSENT)
			continue;
		if (file == FILE_UNKNOWN || !file_known(sp, f)) {
			st->kind = START_UNKNOWN;
			grew = true;
		} else if (st->kind == START_ABSENT || f->size > st->size) {
			*st = (struct start_state){ f->size, f->line, START_SIZE };
			grew = true;
		}
	}
	return grew;
}

/**
 * dbench_loadfile_check_reads() - refuse ReadX lines past a known end
 * @lf: a parsed loadfile; lf->err is set on a refusal
 * @name: the file name for messages
 *
 * See the comment at the top of this file for what is known and what is
 * refused.
 * Return: 0, -EINVAL ("name:line: ..." in lf->err) or -ENOMEM.
 */
int dbench_loadfile_check_reads(struct dbench_loadfile *lf, const char *name)
{
	struct size_pass *sp;
	unsigned int n;
	int ret = 0;

	if (!lf->nr_by_type[DBENCH_OP_READX])
		return 0;
	for (uint32_t i = 0; i < lf->nr_ops; i++)
		if (lf->ops[i].type == DBENCH_OP_RENAME &&
		    (!path_private(lf, lf->ops[i].path) ||
		     !path_private(lf, lf->ops[i].path2)))
			return 0;
	sp = calloc(1, sizeof(*sp));
	if (!sp)
		goto no_memory;
	sp->lf = lf;
	sp->ps = calloc(lf->nr_paths, sizeof(*sp->ps));
	sp->start = calloc(lf->nr_paths, sizeof(*sp->start));	/* all absent */
	sp->files = calloc((size_t)lf->nr_paths +
			   lf->nr_by_type[DBENCH_OP_NTCREATEX], sizeof(*sp->files));
	if (!sp->ps || !sp->start || !sp->files)
		goto out_no_memory;
	for (n = 0; n < SIZE_MAX_SWEEPS; n++) {
		sweep(sp, lf, name, false);
		/*
		 * A handle a pass leaves open names two files in the next
		 * (see handle_open()), and a handle not followed may write
		 * anywhere: nothing is known then. Which handles are open
		 * does not depend on the start state: one sweep tells.
		 */
		if (sp->nr_h || sp->overflow)
			goto out_free_pass;
		if (!join_end_state(sp))
			break;
	}
	if (n == SIZE_MAX_SWEEPS)
		for (uint32_t i = 0; i < lf->nr_paths; i++)
			sp->start[i].kind = START_UNKNOWN;
	ret = sweep(sp, lf, name, true);
out_free_pass:
	free(sp->files);
	free(sp->start);
	free(sp->ps);
	free(sp);
	return ret;

out_no_memory:
	free(sp->files);
	free(sp->start);
	free(sp->ps);
	free(sp);
no_memory:
	snprintf(lf->err, DBENCH_ERR_MAX, "%s: out of memory", name);
	return -ENOMEM;
}
