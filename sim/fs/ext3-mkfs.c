// SPDX-License-Identifier: GPL-2.0
/*
 * The ext3 filesystem as mke2fs 1.41 leaves it: geometry
 * (lib/ext2fs/initialize.c ext2fs_initialize), the per-group metadata
 * (alloc_tables.c), the first directories (misc/mke2fs.c) and the journal
 * (lib/ext2fs/mkjournal.c); plus where each metadata block is, the
 * counters and a consistency checker. Allocation lives in ext3-ialloc.c
 * and ext3-balloc.c.
 *
 * Layout of a group (sparse_super, resize_inode, no flex_bg):
 *
 *   [sb][GDT x desc_blocks][reserved GDT x rsv]  only groups 0, 1, 3^n,
 *                                                 5^n, 7^n
 *   [block bitmap][inode bitmap][inode table x itb_per_group][data ...]
 *
 * mke2fs then, in this order: makes the root directory (inode 2, one
 * block) and lost+found (inode 11, 16 KiB of blocks), marks inodes 1..10
 * used, gives the resize inode its double-indirect block and writes the
 * journal (inode 8) starting in the group with most free blocks around
 * the middle of the filesystem. Each of those blocks is the first free
 * one at or after the previous (ext2fs_new_block), so they are
 * contiguous except where they step over another group's metadata.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ext3-int.h"

static const char *const journal_modes[] = {
	"none", "writeback", "ordered", NULL
};

static const char *const allocators[] = {
	"balloc", "mballoc", NULL
};

static const struct opt_desc ext3_opts[] = {
	{ "block_size", OPT_SIZE, offsetof(struct ext3_params, block_size),
	  "4096", 4096, 4096, NULL, NULL,
	  "filesystem block size (mke2fs -b): the simulated page cache maps one block per page, so 4096 only" },
	{ "blocks_per_group", OPT_UINT,
	  offsetof(struct ext3_params, blocks_per_group), "0", 0, 524288,
	  NULL, NULL,
	  "blocks per group, a multiple of 8; 0: 8 * block_size, one "
	  "bitmap block (mke2fs -g)" },
	{ "inode_ratio", OPT_SIZE, offsetof(struct ext3_params, inode_ratio),
	  "16384", 1024, 67108864, NULL, NULL,
	  "bytes per inode (mke2fs -i; mke2fs.conf default 16 KiB)" },
	{ "inodes_per_group", OPT_UINT,
	  offsetof(struct ext3_params, inodes_per_group), "0", 0, 65536,
	  NULL, NULL, "inodes per group; 0: from inode_ratio" },
	{ "inode_size", OPT_UINT, offsetof(struct ext3_params, inode_size),
	  "256", 128, 65536, NULL, NULL,
	  "on-disk inode size, a power of two (mke2fs -I; 256 in the "
	  "mke2fs.conf of e2fsprogs 1.41)" },
	{ "journal_size", OPT_SIZE, offsetof(struct ext3_params, journal_size),
	  "0", 0, 42949672960.0, NULL, NULL,
	  "journal size (mke2fs -J size=); 0: e2fsprogs 1.41's default "
	  "for the filesystem size (4 to 128 MiB)" },
	{ "reserve", OPT_UINT, offsetof(struct ext3_params, reserve), "8",
	  0, EXT3_MAX_RESERVE_BLOCKS, NULL, NULL,
	  "initial reservation window per file (blocks); 0: mount -o "
	  "noreservation" },
	{ "allocator", OPT_ENUM, offsetof(struct ext3_params, allocator),
	  "balloc", 0, 0, NULL, allocators,
	  "who places file blocks: balloc (ext3's driver, 2.6.30: "
	  "reservation windows) or mballoc (ext4's driver, 6.1, on the same "
	  "indirect-mapped format: inode and per-CPU group preallocation, "
	  "stream allocation; reserve is then unused)" },
	{ "orlov", OPT_BOOL, offsetof(struct ext3_params, orlov), "1", 0, 0,
	  NULL, NULL, "Orlov allocator for directories; 0: mount -o oldalloc" },
	{ "resize_inode", OPT_BOOL, offsetof(struct ext3_params, resize_inode),
	  "1", 0, 0, NULL, NULL,
	  "reserve GDT blocks for online growth (mke2fs default feature)" },
	/* mount options, used by ext3.c */
	{ "journal", OPT_ENUM, offsetof(struct ext3_params, journal), "ordered",
	  0, 0, NULL, journal_modes,
	  "none (ext2-like), writeback or ordered (ext3's data= modes)" },
	{ "commit_interval", OPT_TIME,
	  offsetof(struct ext3_params, commit_interval), "5", 0.001, 3600, "s",
	  NULL, "kjournald commit interval (ext3 commit=)" },
	{ "cpu_commit", OPT_TIME, offsetof(struct ext3_params, cpu_commit),
	  "50", 0, 100000, "us", NULL, "CPU time of one journal commit" },
	{ "delalloc", OPT_BOOL, offsetof(struct ext3_params, delalloc), "0",
	  0, 0, NULL, NULL,
	  "ext4's delayed allocation (-o delalloc): a page gets its block "
	  "when writeback writes it, not at write(); an ordered commit then "
	  "has only data writeback already allocated to wait for" },
	{ .name = NULL },
};

/* one section for the filesystem: how mke2fs made it, how it is mounted */
const struct opt_table ext3_opt_table = {
	.section = "ext3",
	.title = "ext3: on-disk layout (mke2fs 1.41), allocator and mount options (v2.6.30)",
	.opts = ext3_opts,
};

static uint64_t div_ceil(uint64_t a, uint64_t b)
{
	return (a + b - 1) / b;
}

static bool is_power_of_2(uint64_t x)
{
	return x && !(x & (x - 1));
}

static bool test_root(uint32_t a, uint32_t b)
{
	uint64_t num = b;

	while (num < a)
		num *= b;
	return num == a;
}

/* sparse_super: backups in groups 0, 1 and powers of 3, 5 and 7. */
static bool sparse_has_super(uint32_t group)
{
	if (group <= 1)
		return true;
	if (!(group & 1))
		return false;
	return test_root(group, 3) || test_root(group, 5) ||
	       test_root(group, 7);
}

/*
 * ext2fs_default_journal_size() of e2fsprogs 1.41 (the larger sizes for
 * big filesystems came with 1.42): 4 MiB below 128 MiB, 16 MiB below
 * 1 GiB, 32 MiB below 2 GiB, 64 MiB below 4 GiB, else 128 MiB (for 4 KiB
 * blocks; the thresholds are in blocks).
 */
static int64_t default_journal_blocks(uint64_t blocks)
{
	if (blocks < 2048)
		return -1;
	if (blocks < 32768)
		return 1024;
	if (blocks < 256 * 1024)
		return 4096;
	if (blocks < 512 * 1024)
		return 8192;
	if (blocks < 1024 * 1024)
		return 16384;
	return 32768;
}

/* calc_reserved_gdt_blocks(): room to grow 1024-fold or to 2^32 blocks. */
static uint32_t reserved_gdt_blocks(const struct ext3_layout *l)
{
	uint64_t max_blocks = 0xffffffffULL;
	uint64_t rsv_groups, rsv_gdb;

	if (l->blocks_count < max_blocks / 1024)
		max_blocks = l->blocks_count * 1024;
	rsv_groups = div_ceil(max_blocks - l->first_data_block,
			      l->blocks_per_group);
	rsv_gdb = div_ceil(rsv_groups, l->desc_per_block) - l->desc_blocks;
	if (rsv_gdb > l->block_size / 4)
		rsv_gdb = l->block_size / 4;
	return (uint32_t)rsv_gdb;
}

/*
 * ext2fs_initialize(): groups, inodes per group rounded to fill the inode
 * table blocks and to a multiple of 8, and a last group too small for its
 * own metadata plus 50 blocks dropped (the filesystem then ends short of
 * the partition, as a real one does).
 */
static int ext3_geometry(struct ext3_layout *l, uint64_t nr_blocks,
			 const struct ext3_params *p)
{
	uint32_t bs = (uint32_t)p->block_size;
	uint32_t bpg = p->blocks_per_group ? p->blocks_per_group : 8 * bs;
	uint64_t ipg, inodes, rem, overhead;

	if (!is_power_of_2(p->block_size) || bs < 1024 || bs > 65536 ||
	    !is_power_of_2(p->inode_size) || p->inode_size < 128 ||
	    p->inode_size > bs || bpg % 8 || bpg < 256 || bpg > 8 * bs ||
	    p->reserve > EXT3_MAX_RESERVE_BLOCKS || !p->inode_ratio ||
	    nr_blocks > 0xffffffffULL)
		return -EINVAL;
	memset(l, 0, sizeof(*l));
	l->block_size = bs;
	l->inode_size = p->inode_size;
	l->first_data_block = bs == 1024 ? 1 : 0;
	l->desc_per_block = bs / 32;
	l->first_ino = EXT3_GOOD_OLD_FIRST_INO;
	l->blocks_count = nr_blocks;
retry:
	l->blocks_per_group = bpg;
	if (l->blocks_count <= l->first_data_block)
		return -EINVAL;
	l->groups_count = (uint32_t)div_ceil(l->blocks_count -
					     l->first_data_block, bpg);
	l->desc_blocks = (uint32_t)div_ceil(l->groups_count,
					    l->desc_per_block);
	if (p->inodes_per_group) {
		ipg = p->inodes_per_group;
	} else {
		inodes = l->blocks_count * bs / p->inode_ratio;
		if (inodes < l->first_ino + 1)
			inodes = l->first_ino + 1;
		ipg = div_ceil(inodes, l->groups_count);
	}
	if (ipg > 8ULL * bs) {
		/* more inodes than one bitmap block: smaller groups */
		if (p->inodes_per_group || bpg < 256 + 8)
			return -EINVAL;
		bpg -= 8;
		l->blocks_count = nr_blocks;
		goto retry;
	}
	if (ipg > 65536 - bs / p->inode_size)
		ipg = 65536 - bs / p->inode_size;
	l->itb_per_group = (uint32_t)div_ceil(ipg * p->inode_size, bs);
	ipg = (uint64_t)l->itb_per_group * bs / p->inode_size;
	if (ipg < 8)
		ipg = 8;
	ipg &= ~7ULL;
	l->itb_per_group = (uint32_t)div_ceil(ipg * p->inode_size, bs);
	l->inodes_per_group = (uint32_t)ipg;
	if (ipg * l->groups_count > 0xffffffffULL)
		return -EINVAL;
	l->inodes_count = (uint32_t)(ipg * l->groups_count);
	l->reserved_gdt_blocks = p->resize_inode ? reserved_gdt_blocks(l) : 0;
	/* mke2fs would switch to meta_bg here, which is not modelled */
	if (l->reserved_gdt_blocks + l->desc_blocks > bpg * 3 / 4)
		l->reserved_gdt_blocks = 0;
	if (l->desc_blocks > bpg * 3 / 4 ||
	    3 + l->itb_per_group + l->reserved_gdt_blocks + l->desc_blocks >
	    bpg)
		return -EINVAL;

	overhead = 2 + l->itb_per_group;
	if (sparse_has_super(l->groups_count - 1))
		overhead += 1 + l->desc_blocks + l->reserved_gdt_blocks;
	rem = (l->blocks_count - l->first_data_block) % bpg;
	if (l->groups_count == 1 && rem && rem < overhead)
		return -EINVAL;
	if (rem && rem < overhead + 50) {
		l->blocks_count -= rem;
		goto retry;
	}
	return 0;
}

/* ext2fs_reserve_super_and_bgd() + ext2fs_allocate_group_table(). */
static void ext3_setup_groups(struct ext3_fs *fs)
{
	const struct ext3_layout *l = &fs->l;
	uint32_t g, b;

	for (int s = 0; s < 2; s++) {
		uint64_t meta = (s ? 1 + l->desc_blocks +
				 l->reserved_gdt_blocks : 0) +
				2 + l->itb_per_group;

		for (b = 0; b < meta; b++)
			ext3_set_bit(fs->bmap_tmpl[s], b);
		for (b = l->blocks_per_group; b < fs->bwords * 64; b++)
			ext3_set_bit(fs->bmap_tmpl[s], b);
	}
	for (g = 0; g < l->groups_count; g++) {
		struct ext3_group_info *gi = &fs->groups[g];
		uint64_t meta;

		gi->first_block = l->first_data_block +
				  (uint64_t)g * l->blocks_per_group;
		gi->nr_blocks = l->blocks_per_group;
		if (gi->first_block + gi->nr_blocks > l->blocks_count)
			gi->nr_blocks = (uint32_t)(l->blocks_count -
						   gi->first_block);
		gi->has_super = sparse_has_super(g);
		meta = gi->has_super ? 1 + l->desc_blocks +
				       l->reserved_gdt_blocks : 0;
		gi->block_bitmap = gi->first_block + meta;
		gi->inode_bitmap = gi->block_bitmap + 1;
		gi->inode_table = gi->inode_bitmap + 1;
		meta += 2 + l->itb_per_group;
		if (gi->nr_blocks < l->blocks_per_group) {
			/* the short last group: its own padding */
			uint64_t *map = ext3_gbmap_w(fs, g);

			for (b = gi->nr_blocks; b < fs->bwords * 64; b++)
				ext3_set_bit(map, b);
		}
		gi->free_blocks = gi->nr_blocks - (uint32_t)meta;
		fs->free_blocks += gi->free_blocks;

		for (b = l->inodes_per_group; b < fs->iwords * 64; b++)
			ext3_set_bit(ext3_gimap(fs, g), b);
		gi->free_inodes = l->inodes_per_group;
		fs->free_inodes += gi->free_inodes;
	}
}

static void mark_inode_used(struct ext3_fs *fs, uint32_t ino, bool is_dir)
{
	uint32_t g = (ino - 1) / fs->l.inodes_per_group;
	uint32_t bit = (ino - 1) % fs->l.inodes_per_group;

	ext3_set_bit(ext3_gimap(fs, g), bit);
	fs->groups[g].free_inodes--;
	fs->free_inodes--;
	if (is_dir) {
		ext3_set_bit(ext3_gdmap(fs, g), bit);
		fs->groups[g].used_dirs++;
		fs->ndirs++;
	}
}

/*
 * The journal: e2fsprogs 1.41's write_journal_inode() starts at the first
 * block of whichever of the groups around the middle (middle - 1, middle,
 * middle + 1) has most free blocks, and lets ext2fs_block_iterate()
 * append data and (double) indirect blocks in file order, each the first
 * free block after the previous one.
 */
static int ext3_make_journal(struct ext3_fs *fs, uint64_t jblocks)
{
	const struct ext3_layout *l = &fs->l;
	uint32_t group, start, end, i;
	uint64_t goal, blk, j;
	unsigned int cap = 8;
	int need, k, ret;

	group = ext3_group_of_block(fs, (l->blocks_count -
					 l->first_data_block) / 2);
	start = group > 0 ? group - 1 : group;
	end = group + 1 < l->groups_count ? group + 1 : group;
	group = start;
	for (i = start + 1; i <= end; i++)
		if (fs->groups[i].free_blocks > fs->groups[group].free_blocks)
			group = i;
	goal = fs->groups[group].first_block;

	fs->jruns = malloc(cap * sizeof(*fs->jruns));
	if (!fs->jruns)
		return -ENOMEM;
	fs->j_first = UINT64_MAX;
	fs->j_last = 0;
	for (j = 0; j < jblocks; j++) {
		struct ext3_journal_run *r;

		need = ext3_ind_blocks_needed(fs, j);
		if (need < 0)
			return need;
		for (k = 0; k <= need; k++) {
			ret = ext3_alloc_first_free(fs, goal, &blk);
			if (ret)
				return ret;
			goal = blk;
			if (blk < fs->j_first)
				fs->j_first = blk;
			if (blk > fs->j_last)
				fs->j_last = blk;
		}
		r = fs->nr_jruns ? &fs->jruns[fs->nr_jruns - 1] : NULL;
		if (r && r->pblk + r->len == blk) {
			r->len++;
			continue;
		}
		if (fs->nr_jruns == cap) {
			struct ext3_journal_run *n;

			cap *= 2;
			n = realloc(fs->jruns, cap * sizeof(*n));
			if (!n)
				return -ENOMEM;
			fs->jruns = n;
		}
		fs->jruns[fs->nr_jruns++] = (struct ext3_journal_run){
			.lblk = j, .pblk = blk, .len = 1 };
	}
	return 0;
}

/* misc/mke2fs.c: root, lost+found, reserved inodes, resize inode. */
static int ext3_mkfs(struct ext3_fs *fs, uint64_t jblocks)
{
	const struct ext3_layout *l = &fs->l;
	uint64_t blk, goal;
	uint32_t ino, lpf_size = 0;
	int i, ret;

	/* create_root_dir(): one block, the first free one */
	ret = ext3_alloc_first_free(fs, 0, &blk);
	if (ret)
		return ret;
	mark_inode_used(fs, EXT3_ROOT_INO, true);

	/*
	 * create_lost_and_found(): a directory block, then ext2fs_expand_dir
	 * until 16 KiB (at least two blocks, at most the direct blocks).
	 */
	ret = ext3_alloc_first_free(fs, blk, &blk);
	if (ret)
		return ret;
	mark_inode_used(fs, l->first_ino, true);
	for (i = 1; i < EXT3_NDIR_BLOCKS; i++) {
		lpf_size += l->block_size;
		if (lpf_size >= 16 * 1024 && lpf_size >= 2 * l->block_size)
			break;
		ret = ext3_alloc_first_free(fs, blk, &blk);
		if (ret)
			return ret;
	}

	/* reserve_inodes() and create_bad_block_inode(): 1..10 */
	for (ino = 1; ino < l->first_ino; ino++)
		if (ino != EXT3_ROOT_INO)
			mark_inode_used(fs, ino, false);

	/* ext2fs_create_resize_inode(): its double-indirect block */
	if (l->reserved_gdt_blocks) {
		goal = l->first_data_block + l->desc_blocks +
		       l->reserved_gdt_blocks + 2 + l->itb_per_group;
		ret = ext3_alloc_first_free(fs, goal, &blk);
		if (ret)
			return ret;
	}

	return jblocks ? ext3_make_journal(fs, jblocks) : 0;
}

/**
 * ext3_fs_create - make a filesystem as mke2fs 1.41 would, and mount it
 * @fsp: the new filesystem
 * @nr_blocks: size of the partition in filesystem blocks
 * @p: parameters (ext3_opt_table defaults when set with opt_set_defaults)
 * @rng: stream for the Orlov allocator's random first group (copied);
 *       NULL: a fixed stream
 *
 * Returns 0, -EINVAL for impossible parameters (or a partition too small
 * or larger than ext3's 2^32 blocks), -ENOSPC if the journal does not
 * fit, -ENOMEM.
 */
int ext3_fs_create(struct ext3_fs **fsp, uint64_t nr_blocks,
		   const struct ext3_params *p, const struct rng *rng)
{
	struct ext3_fs *fs;
	int64_t jblocks;
	size_t ng;
	int ret;

	*fsp = NULL;
	fs = calloc(1, sizeof(*fs));
	if (!fs)
		return -ENOMEM;
	fs->p = *p;
	ret = ext3_geometry(&fs->l, nr_blocks, p);
	if (ret)
		goto out_free;

	if (p->journal_size) {
		jblocks = (int64_t)(p->journal_size / fs->l.block_size);
		/* figure_journal_size(): 1024 blocks to half the fs */
		if (jblocks < 1024 || (uint64_t)jblocks > 10240000 ||
		    (uint64_t)jblocks > fs->l.blocks_count / 2) {
			ret = -EINVAL;
			goto out_free;
		}
	} else {
		jblocks = default_journal_blocks(fs->l.blocks_count);
		if (jblocks < 0)	/* mke2fs: too small for a journal */
			jblocks = 0;
	}
	fs->l.journal_blocks = (uint64_t)jblocks;

	if (rng)
		fs->rng = *rng;
	else
		rng_init(&fs->rng, 0, "ext3");
	ng = fs->l.groups_count;
	fs->bwords = (fs->l.blocks_per_group + 63) / 64;
	fs->iwords = (fs->l.inodes_per_group + 63) / 64;
	fs->groups = calloc(ng, sizeof(*fs->groups));
	/* untouched pages of a large calloc() stay unmapped: see bmap_own */
	fs->block_map = calloc(ng * fs->bwords, sizeof(uint64_t));
	fs->bmap_tmpl[0] = calloc(fs->bwords, sizeof(uint64_t));
	fs->bmap_tmpl[1] = calloc(fs->bwords, sizeof(uint64_t));
	fs->inode_map = calloc(ng * fs->iwords, sizeof(uint64_t));
	fs->dir_map = calloc(ng * fs->iwords, sizeof(uint64_t));
	if (!fs->groups || !fs->block_map || !fs->inode_map || !fs->dir_map ||
	    !fs->bmap_tmpl[0] || !fs->bmap_tmpl[1]) {
		ret = -ENOMEM;
		goto out_free;
	}
	/* the tree always holds an empty head window, as the kernel's */
	fs->rsv_root = RB_ROOT;
	rb_link_node(&fs->rsv_head.rsv_node, NULL, &fs->rsv_root.rb_node);
	rb_insert_color(&fs->rsv_head.rsv_node, &fs->rsv_root);

	ext3_setup_groups(fs);
	ret = ext3_mkfs(fs, (uint64_t)jblocks);
	if (ret)
		goto out_free;
	*fsp = fs;
	return 0;

out_free:
	ext3_fs_destroy(fs);
	return ret;
}

/**
 * ext3_fs_destroy - free a filesystem made by ext3_fs_create (NULL is ok)
 */
void ext3_fs_destroy(struct ext3_fs *fs)
{
	if (!fs)
		return;
	ext3_rsv_release_all(fs);
	ext4_mb_release(fs);
	free(fs->jruns);
	free(fs->dir_map);
	free(fs->inode_map);
	free(fs->block_map);
	free(fs->bmap_tmpl[0]);
	free(fs->bmap_tmpl[1]);
	free(fs->groups);
	free(fs);
}

/**
 * ext3_layout - the geometry mke2fs chose
 */
const struct ext3_layout *ext3_layout(const struct ext3_fs *fs)
{
	return &fs->l;
}

/**
 * ext3_gbmap_w - group @g's block bitmap, to change: on the first write
 * the template's bits are copied into the group's own page
 */
uint64_t *ext3_gbmap_w(struct ext3_fs *fs, uint32_t g)
{
	uint64_t *map = fs->block_map + (size_t)g * fs->bwords;

	if (!fs->groups[g].bmap_own) {
		memcpy(map, fs->bmap_tmpl[fs->groups[g].has_super],
		       fs->bwords * sizeof(*map));
		fs->groups[g].bmap_own = true;
	}
	return map;
}

/* first bit in [start, size) that differs from @skip (0 or ~0), else size */
static uint32_t find_next_bit(const uint64_t *map, uint32_t size,
			      uint32_t start, uint64_t skip)
{
	size_t i, nwords = ((size_t)size + 63) / 64;
	uint64_t w;
	uint32_t r;

	if (start >= size)
		return size;
	i = start / 64;
	w = (map[i] ^ skip) & (~0ULL << (start % 64));
	for (;;) {
		if (w) {
			r = (uint32_t)(i * 64) + (uint32_t)__builtin_ctzll(w);
			return r < size ? r : size;
		}
		if (++i >= nwords)
			return size;
		w = map[i] ^ skip;
	}
}

/**
 * ext3_find_next_zero_bit - first clear bit in [start, size), else size
 */
uint32_t ext3_find_next_zero_bit(const uint64_t *map, uint32_t size,
				 uint32_t start)
{
	return find_next_bit(map, size, start, ~0ULL);
}

/**
 * ext3_find_next_set_bit - first set bit in [start, size), else size
 */
uint32_t ext3_find_next_set_bit(const uint64_t *map, uint32_t size,
				uint32_t start)
{
	return find_next_bit(map, size, start, 0);
}

/**
 * ext3_count_zero_bits - clear bits in [0, size)
 */
uint32_t ext3_count_zero_bits(const uint64_t *map, uint32_t size)
{
	uint32_t n = 0, i;

	for (i = 0; i < size / 64; i++)
		n += 64 - (uint32_t)__builtin_popcountll(map[i]);
	if (size % 64)
		n += size % 64 - (uint32_t)__builtin_popcountll(
			map[i] & ((1ULL << (size % 64)) - 1));
	return n;
}

/**
 * ext3_mark_used - set a free block's bit and count it
 */
void ext3_mark_used(struct ext3_fs *fs, uint64_t block)
{
	uint32_t g = ext3_group_of_block(fs, block);
	uint32_t bit = (uint32_t)(block - fs->groups[g].first_block);

	ext3_set_bit(ext3_gbmap_w(fs, g), bit);
	fs->groups[g].free_blocks--;
	fs->free_blocks--;
}

/**
 * ext3_alloc_first_free - libext2fs's ext2fs_new_block() + alloc_stats:
 * the first free block at or after @goal, wrapping to the start
 */
int ext3_alloc_first_free(struct ext3_fs *fs, uint64_t goal, uint64_t *block)
{
	const struct ext3_layout *l = &fs->l;
	uint32_t g, i, bit;

	if (goal < l->first_data_block || goal >= l->blocks_count)
		goal = l->first_data_block;
	g = ext3_group_of_block(fs, goal);
	bit = (uint32_t)(goal - fs->groups[g].first_block);
	for (i = 0; i <= l->groups_count; i++) {
		if (fs->groups[g].free_blocks) {
			uint32_t b = ext3_find_next_zero_bit(ext3_gbmap(fs, g),
						l->blocks_per_group, bit);

			if (b < l->blocks_per_group) {
				*block = fs->groups[g].first_block + b;
				ext3_mark_used(fs, *block);
				return 0;
			}
		}
		bit = 0;
		if (++g == l->groups_count)
			g = 0;
	}
	return -ENOSPC;
}

#define fail(...) do { snprintf(err, len, __VA_ARGS__); return -EUCLEAN; } \
	while (0)

/* The group's bits that are not data: all set, padding included. */
static int check_group_meta(const struct ext3_fs *fs, uint32_t g,
			    char *err, size_t len)
{
	const struct ext3_group_info *gi = &fs->groups[g];
	const uint64_t *map = ext3_gbmap(fs, g);
	uint64_t b, data = gi->inode_table + fs->l.itb_per_group;
	uint32_t bit;

	if (gi->block_bitmap != gi->first_block + (gi->has_super ?
	    1 + fs->l.desc_blocks + fs->l.reserved_gdt_blocks : 0))
		fail("group %u: block bitmap at %llu", g,
		     (unsigned long long)gi->block_bitmap);
	for (b = gi->first_block; b < data; b++)
		if (!ext3_test_bit(map, (uint32_t)(b - gi->first_block)))
			fail("group %u: metadata block %llu marked free", g,
			     (unsigned long long)b);
	for (bit = gi->nr_blocks; bit < fs->bwords * 64; bit++)
		if (!ext3_test_bit(map, bit))
			fail("group %u: padding bit %u clear", g, bit);
	for (bit = fs->l.inodes_per_group; bit < fs->iwords * 64; bit++)
		if (!ext3_test_bit(ext3_gimap(fs, g), bit))
			fail("group %u: inode padding bit %u clear", g, bit);
	return 0;
}

/**
 * ext3_check - recompute every counter from the bitmaps and check the
 * invariants: metadata and journal blocks in use, reserved inodes in use,
 * directories only among used inodes, reservation windows ordered and
 * disjoint
 * @err, @len: what is wrong, on failure
 *
 * Returns 0 or -EUCLEAN.
 */
int ext3_check(const struct ext3_fs *fs, char *err, size_t len)
{
	uint64_t free_blocks = 0, b;
	uint32_t free_inodes = 0, ndirs = 0, g, i, ino;
	unsigned int r;
	int ret;

	for (g = 0; g < fs->l.groups_count; g++) {
		const struct ext3_group_info *gi = &fs->groups[g];
		uint32_t fb, fi, nd = 0;

		ret = check_group_meta(fs, g, err, len);
		if (ret)
			return ret;
		fb = ext3_count_zero_bits(ext3_gbmap(fs, g), gi->nr_blocks);
		if (fb != gi->free_blocks)
			fail("group %u: %u free blocks in the bitmap, %u "
			     "counted", g, fb, gi->free_blocks);
		fi = ext3_count_zero_bits(ext3_gimap(fs, g),
					  fs->l.inodes_per_group);
		if (fi != gi->free_inodes)
			fail("group %u: %u free inodes in the bitmap, %u "
			     "counted", g, fi, gi->free_inodes);
		for (i = 0; i < fs->iwords; i++) {
			uint64_t d = ext3_gdmap(fs, g)[i];

			if (d & ~ext3_gimap(fs, g)[i])
				fail("group %u: a free inode is a directory",
				     g);
			nd += (uint32_t)__builtin_popcountll(d);
		}
		if (nd != gi->used_dirs)
			fail("group %u: %u directories, %u counted", g, nd,
			     gi->used_dirs);
		free_blocks += fb;
		free_inodes += fi;
		ndirs += nd;
	}
	if (free_blocks != fs->free_blocks || free_inodes != fs->free_inodes ||
	    ndirs != fs->ndirs)
		fail("totals: %llu/%u/%u free blocks/free inodes/dirs, "
		     "counted %llu/%u/%u", (unsigned long long)free_blocks,
		     free_inodes, ndirs, (unsigned long long)fs->free_blocks,
		     fs->free_inodes, fs->ndirs);
	for (ino = 1; ino < fs->l.first_ino; ino++)
		if (!ext3_inode_in_use(fs, ino))
			fail("reserved inode %u is free", ino);
	for (r = 0; r < fs->nr_jruns; r++)
		for (b = 0; b < fs->jruns[r].len; b++)
			if (!ext3_block_in_use(fs, fs->jruns[r].pblk + b))
				fail("journal block %llu is free",
				     (unsigned long long)
				     (fs->jruns[r].pblk + b));
	return ext3_rsv_check(fs, err, len);
}
