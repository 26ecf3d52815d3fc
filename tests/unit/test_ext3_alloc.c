// SPDX-License-Identifier: GPL-2.0
/*
 * The ext3 layout and allocator against the rules they follow: mke2fs
 * 1.41's geometry worked out here independently, Orlov's spreading,
 * reservation windows against interleaved appends, goal locality, and a
 * brute-force reference bitmap through 100,000 random operations.
 *
 *   test_ext3_alloc           the tests
 *   test_ext3_alloc --bench   allocations per second (not a test)
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../sim/fs/ext3-alloc.h"
#include "check.h"
#include "ext3-check.h"

#define GROUP_BLOCKS	32768ULL	/* 8 * 4096: one bitmap block */

static struct ext3_params defaults(void)
{
	struct ext3_params p;

	CHECK(opt_set_defaults(&ext3_opt_table, &p) == 0);
	return p;
}

static struct ext3_fs *mkfs(uint64_t nr_blocks, const struct ext3_params *p,
			    uint64_t seed)
{
	struct ext3_fs *fs = NULL;
	struct rng r;
	int ret;

	rng_init(&r, seed, "ext3:test");
	ret = ext3_fs_create(&fs, nr_blocks, p, &r);
	CHECK_EQ_U64(ret, 0);
	if (fs)
		check_fs(fs);
	return fs;
}

static bool power_of(uint32_t x, uint32_t b)
{
	while (x > 1 && x % b == 0)
		x /= b;
	return x == 1;
}

/* sparse_super by its definition: 0, 1 and the powers of 3, 5, 7 */
static bool expect_has_super(uint32_t g)
{
	return g <= 1 || power_of(g, 3) || power_of(g, 5) || power_of(g, 7);
}

/* indirect blocks opened when block j of a 4 KiB-block file is mapped */
static int expect_ind(uint64_t j)
{
	const uint64_t a = 1024, dind = 12 + a;

	if (j == 12)
		return 1;
	if (j == dind)
		return 2;
	if (j > dind && j < dind + a * a && (j - dind) % a == 0)
		return 1;
	return 0;
}

/*
 * A 20 GB (10^9) partition, 4 KiB blocks. mke2fs first takes 4882812
 * blocks = 150 groups, the last of 380 blocks; that is less than its
 * bitmaps and inode table plus 50, so it drops it: 149 groups of 32768,
 * 4882432 blocks. Inodes: 4882432 * 4096 / 16384 = 1220608 = 149 * 8192,
 * 8192 * 256 B = 512 inode table blocks per group. GDT: 149 descriptors
 * of 32 B = 2 blocks; reserved for growth to 2^32 blocks: 2^32 / 32768
 * = 131072 groups = 1024 GDT blocks, minus the 2 in use = 1022.
 */
static void test_layout_20g(void)
{
	struct ext3_params p = defaults();
	uint64_t part = 20000000000ULL / 4096;
	uint64_t blocks = part - part % GROUP_BLOCKS;
	uint32_t ngroups = (uint32_t)(blocks / GROUP_BLOCKS), g, backups = 0;
	const uint32_t ipg = 8192, itb = 8192 * 256 / 4096, rsv = 1022;
	uint64_t meta_total = 0, free_expect, jstart, jlen, pb, seq, j, b;
	uint64_t jgroup, jfirst;
	struct ext3_fs *fs = mkfs(part, &p, 1);
	const struct ext3_layout *l;
	int need;

	if (!fs)
		return;
	l = ext3_layout(fs);
	CHECK_EQ_U64(part % GROUP_BLOCKS, 380);
	CHECK_EQ_U64(l->blocks_count, blocks);
	CHECK_EQ_U64(l->groups_count, 149);
	CHECK_EQ_U64(ngroups, 149);
	CHECK_EQ_U64(l->first_data_block, 0);
	CHECK_EQ_U64(l->inodes_per_group, ipg);
	CHECK_EQ_U64(l->inodes_count, blocks * 4096 / 16384);
	CHECK_EQ_U64(l->itb_per_group, itb);
	CHECK_EQ_U64(l->desc_blocks, (149 * 32 + 4095) / 4096);
	CHECK_EQ_U64(l->reserved_gdt_blocks, rsv);
	CHECK_EQ_U64(l->journal_blocks, 32768);	/* 128 MiB above 4 GiB */

	for (g = 0; g < ngroups; g++) {
		uint64_t first = g * GROUP_BLOCKS;
		uint64_t sb = expect_has_super(g) ? 1 + 2 + rsv : 0;

		backups += expect_has_super(g);
		CHECK(ext3_bg_has_super(fs, g) == expect_has_super(g));
		CHECK_EQ_U64(ext3_group_first_block(fs, g), first);
		CHECK_EQ_U64(ext3_block_bitmap(fs, g), first + sb);
		CHECK_EQ_U64(ext3_inode_bitmap(fs, g), first + sb + 1);
		CHECK_EQ_U64(ext3_inode_table(fs, g), first + sb + 2);
		CHECK_EQ_U64(ext3_group_desc_block(fs, g), 1 + g / 128);
		CHECK_EQ_U64(ext3_group_of_block(fs, first + GROUP_BLOCKS - 1),
			     g);
		/* an inode of the group: 16 per 4 KiB block */
		CHECK_EQ_U64(ext3_inode_table_block(fs, g * ipg + 1 + 37),
			     first + sb + 2 + 37 / 16);
		CHECK_EQ_U64(ext3_group_of_inode(fs, g * ipg + ipg), g);
		meta_total += sb + 2 + itb;
	}
	/* 0, 1, 3, 9, 27, 81, 5, 25, 125, 7, 49 */
	CHECK_EQ_U64(backups, 11);
	CHECK_EQ_U64(ext3_super_block(fs), 0);
	CHECK_EQ_U64(ext3_inode_table_block(fs, EXT3_ROOT_INO), 1 + 2 + rsv + 2);

	/*
	 * mke2fs: root directory at the first data block of group 0
	 * (1 + 2 + 1022 + 2 + 512 = 1539), lost+found's 16 KiB after it,
	 * then the resize inode's double-indirect block.
	 */
	for (b = 1539; b < 1539 + 1 + 4 + 1; b++)
		CHECK(ext3_block_in_use(fs, b));
	CHECK(!ext3_block_in_use(fs, 1545));

	/*
	 * Journal: the middle block 2441216 is in group 74; of groups 73,
	 * 74, 75 (none with a backup) the first with most free blocks, 73,
	 * gives the goal, its first block. Data blocks come in file order
	 * with indirect blocks in front, each the next free block: after
	 * group 73's 514 metadata blocks, and on in group 74 after its own.
	 */
	jgroup = blocks / 2 / GROUP_BLOCKS - 1;
	CHECK_EQ_U64(jgroup, 73);
	jfirst = jgroup * GROUP_BLOCKS + 2 + itb;
	seq = 0;
	for (j = 0; j < 32768; j++) {
		seq += (uint64_t)expect_ind(j);
		pb = jfirst + seq;
		if (pb >= (jgroup + 1) * GROUP_BLOCKS)
			pb += 2 + itb;
		if (ext3_journal_bmap(fs, j, &b) || b != pb) {
			CHECK_EQ_U64(b, pb);
			break;
		}
		seq++;
	}
	CHECK(ext3_journal_bmap(fs, 32768, &b) == -EINVAL);
	/* 32768 data + 1 + (1 + 31) indirect blocks from jfirst */
	CHECK(ext3_journal_extent(fs, &jstart, &jlen) == 0);
	CHECK_EQ_U64(jstart, jfirst);
	CHECK_EQ_U64(jlen, 32768 + 33 + 2 + itb);
	for (j = ext3_group_first_block(fs, 74);
	     j < ext3_group_first_block(fs, 74) + 2 + itb; j++)
		CHECK(ext3_block_in_use(fs, j));

	free_expect = blocks - meta_total - 1 - 4 - 1 - (32768 + 33);
	CHECK_EQ_U64(ext3_free_blocks_count(fs), free_expect);
	CHECK_EQ_U64(ext3_free_inodes_count(fs), blocks * 4096 / 16384 - 11);
	CHECK_EQ_U64(ext3_dirs_count(fs), 2);
	CHECK_EQ_U64(ext3_group_used_dirs(fs, 0), 2);

	for (j = 0; j < 40; j++) {
		need = ext3_ind_blocks_needed(fs, j * 1024 + 12);
		CHECK_EQ_U64(need, expect_ind(j * 1024 + 12));
	}
	CHECK_EQ_U64(ext3_ind_blocks_needed(fs, 11), 0);
	CHECK_EQ_U64(ext3_ind_blocks_needed(fs, 13), 0);
	CHECK_EQ_U64(ext3_ind_blocks_needed(fs, 12 + 1024 + 1024 * 1024), 3);
	CHECK_EQ_U64(ext3_ind_blocks_needed(fs, 12 + 1024 + 2 * 1024 * 1024),
		     2);
	CHECK(ext3_ind_blocks_needed(fs, 12 + 1024 + 1024 * 1024 +
				     1024ULL * 1024 * 1024) == -EFBIG);
	ext3_fs_destroy(fs);
}

/* 1 KiB blocks: the superblock in block 1, groups of 8192 from there. */
static void test_layout_1k(void)
{
	struct ext3_params p = defaults();
	struct ext3_fs *fs;
	const struct ext3_layout *l;

	p.block_size = 1024;
	p.inode_size = 128;
	p.inode_ratio = 4096;
	fs = mkfs(100 * 1024, &p, 1);	/* 100 MiB */
	if (!fs)
		return;
	l = ext3_layout(fs);
	/* 102399 blocks after block 0: 12 full groups + 4095, kept */
	CHECK_EQ_U64(l->first_data_block, 1);
	CHECK_EQ_U64(l->blocks_per_group, 8192);
	CHECK_EQ_U64(l->groups_count, 13);
	CHECK_EQ_U64(l->blocks_count, 102400);
	CHECK_EQ_U64(ext3_super_block(fs), 1);
	CHECK_EQ_U64(ext3_group_first_block(fs, 3), 1 + 3 * 8192);
	CHECK_EQ_U64(ext3_group_desc_block(fs, 12), 2);
	/* the thresholds count blocks: 102400 is 16 MiB's worth of 4 KiB */
	CHECK_EQ_U64(l->journal_blocks, 4096);
	ext3_fs_destroy(fs);
}

static void test_bad_params(void)
{
	struct ext3_params p = defaults(), q;
	struct ext3_fs *fs = (struct ext3_fs *)&p;
	char err[OPT_ERR_MAX];

	q = p;
	q.block_size = 3000;
	CHECK(ext3_fs_create(&fs, 100000, &q, NULL) == -EINVAL);
	CHECK(fs == NULL);
	q = p;
	q.inode_size = 192;
	CHECK(ext3_fs_create(&fs, 100000, &q, NULL) == -EINVAL);
	q = p;
	q.blocks_per_group = 1001;
	CHECK(ext3_fs_create(&fs, 100000, &q, NULL) == -EINVAL);
	q = p;
	q.journal_size = 4096ULL * 60000;	/* more than half of it */
	CHECK(ext3_fs_create(&fs, 100000, &q, NULL) == -EINVAL);
	CHECK(ext3_fs_create(&fs, 5, &p, NULL) == -EINVAL);
	CHECK(ext3_fs_create(&fs, 1ULL << 33, &p, NULL) == -EINVAL);
	/* the table's ranges catch the rest */
	CHECK(opt_parse(opt_find(&ext3_opt_table, "reserve"), &q, "2000",
			err, sizeof(err)) != 0);
	CHECK(opt_parse(opt_find(&ext3_opt_table, "block_size"), &q, "512",
			err, sizeof(err)) != 0);
	CHECK_EQ_U64(p.reserve, EXT3_DEFAULT_RESERVE_BLOCKS);
	CHECK(p.orlov && p.resize_inode);
	CHECK_EQ_U64(p.block_size, 4096);
}

/*
 * Orlov: top-level directories go, from a random start, to the group with
 * the fewest directories among those with at least the average free
 * inodes and free blocks: not group 0 (its reserved inodes), not the 11
 * backup groups (1025 blocks fewer free), not the journal's groups 73
 * and 74. That leaves 136 groups with no directory, so 100 directories
 * land in 100 distinct ones. Files and subdirectories stay in their
 * parent's group.
 */
static void test_orlov(void)
{
	struct ext3_params p = defaults();
	uint64_t part = 20000000000ULL / 4096;
	struct ext3_fs *fs = mkfs(part, &p, 42), *fs2 = mkfs(part, &p, 42);
	struct ext3_fs *fs3 = mkfs(part, &p, 43);
	uint32_t dir[100], g, seen[149] = { 0 }, ino, ino2, sub, i;
	bool same_as_other_seed = true;

	if (!fs || !fs2 || !fs3)
		return;
	for (i = 0; i < 100; i++) {
		CHECK(ext3_new_inode(fs, EXT3_ROOT_INO, true, &dir[i]) == 0);
		g = ext3_group_of_inode(fs, dir[i]);
		CHECK(g != 0 && !expect_has_super(g) && g != 73 && g != 74);
		CHECK_EQ_U64(seen[g], 0);
		seen[g]++;
		/* the first free inode of the group */
		CHECK_EQ_U64(dir[i], g * 8192 + 1);
		CHECK(ext3_inode_is_dir(fs, dir[i]));
		CHECK(ext3_new_inode(fs2, EXT3_ROOT_INO, true, &ino) == 0);
		CHECK_EQ_U64(ino, dir[i]);
		CHECK(ext3_new_inode(fs3, EXT3_ROOT_INO, true, &ino) == 0);
		if (ino != dir[i])
			same_as_other_seed = false;
	}
	CHECK(!same_as_other_seed);
	for (i = 0; i < 100; i++) {
		g = ext3_group_of_inode(fs, dir[i]);
		CHECK_EQ_U64(ext3_group_used_dirs(fs, g), 1);
		CHECK(ext3_new_inode(fs, dir[i], false, &ino) == 0);
		CHECK_EQ_U64(ext3_group_of_inode(fs, ino), g);
		CHECK(!ext3_inode_is_dir(fs, ino));
		CHECK(ext3_new_inode(fs, dir[i], true, &sub) == 0);
		CHECK_EQ_U64(ext3_group_of_inode(fs, sub), g);
		CHECK(ext3_new_inode(fs, sub, false, &ino2) == 0);
		CHECK_EQ_U64(ext3_group_of_inode(fs, ino2), g);
		/* a file is no parent */
		CHECK(ext3_new_inode(fs, ino, false, &ino2) == -ENOTDIR);
	}
	CHECK_EQ_U64(ext3_dirs_count(fs), 2 + 200);
	check_fs(fs);
	ext3_fs_destroy(fs3);
	ext3_fs_destroy(fs2);
	ext3_fs_destroy(fs);

	/*
	 * -o oldalloc (find_group_dir): most free blocks among groups with
	 * average free inodes; first of the equals, so group 2, the first
	 * group without a superblock backup.
	 */
	p.orlov = false;
	fs = mkfs(part, &p, 42);
	if (!fs)
		return;
	CHECK(ext3_new_inode(fs, EXT3_ROOT_INO, true, &ino) == 0);
	CHECK_EQ_U64(ext3_group_of_inode(fs, ino), 2);
	ext3_fs_destroy(fs);
}

/* Extents (runs of consecutive blocks) of a file's block list. */
static unsigned int extents(const uint64_t *b, unsigned int n)
{
	unsigned int e = n ? 1 : 0, i;

	for (i = 1; i < n; i++)
		e += b[i] != b[i - 1] + 1;
	return e;
}

/*
 * Two files appended in turn, 4 KiB at a time, from the same goal (two
 * writers in one directory whose colours collide). Without reservations
 * each takes the next free block: they alternate, every block its own
 * extent. With them, each file fills its own window, which doubles from
 * 8 blocks up to 1027 as it keeps being used: one extent per window.
 */
static void appended_pair(uint32_t reserve, unsigned int n,
			  unsigned int *ext_a, unsigned int *ext_b)
{
	struct ext3_params p = defaults();
	struct ext3_fs *fs;
	uint64_t *blk[2], goal, start, first;
	uint32_t ino[2], dir, got;
	unsigned int i, f;

	p.reserve = reserve;
	fs = mkfs(20000000000ULL / 4096, &p, 7);
	blk[0] = calloc(n, sizeof(uint64_t));
	blk[1] = calloc(n, sizeof(uint64_t));
	if (!fs || !blk[0] || !blk[1])
		goto out;
	CHECK(ext3_new_inode(fs, EXT3_ROOT_INO, true, &dir) == 0);
	CHECK(ext3_new_inode(fs, dir, false, &ino[0]) == 0);
	CHECK(ext3_new_inode(fs, dir, false, &ino[1]) == 0);
	first = ext3_find_goal(fs, ino[0], 0, 0);
	for (i = 0; i < n; i++)
		for (f = 0; f < 2; f++) {
			goal = i ? ext3_find_goal(fs, ino[f], i,
						  blk[f][i - 1]) : first;
			CHECK(ext3_new_blocks(fs, ino[f], goal, 1, &start,
					      &got) == 0);
			CHECK_EQ_U64(got, 1);
			blk[f][i] = start;
		}
	*ext_a = extents(blk[0], n);
	*ext_b = extents(blk[1], n);
	check_fs(fs);
	for (f = 0; f < 2; f++) {
		ext3_discard_reservation(fs, ino[f]);
		CHECK(!ext3_rsv_window(fs, ino[f], &start, &goal));
	}
out:
	free(blk[1]);
	free(blk[0]);
	ext3_fs_destroy(fs);
}

static void test_reservations(void)
{
	const unsigned int n = 4096;
	unsigned int a = 0, b = 0, windows = 0, covered = 0, size = 8;

	/* windows of 8, 16, ... 1024, then 1027, until n blocks */
	while (covered < n) {
		covered += size;
		windows++;
		size = size * 2 > 1027 ? 1027 : size * 2;
	}
	appended_pair(EXT3_DEFAULT_RESERVE_BLOCKS, n, &a, &b);
	printf("reservations: %u and %u extents for %u blocks each "
	       "(bound %u)\n", a, b, n, windows);
	CHECK(a <= windows && b <= windows);
	appended_pair(0, n, &a, &b);
	printf("no reservations: %u and %u extents\n", a, b);
	CHECK_EQ_U64(a, n);
	CHECK_EQ_U64(b, n);
}

/*
 * A file's first block goes to its inode's group at the colour offset,
 * (ino % 16) sixteenths of the group in; the following ones right after.
 * At block 12 the indirect block comes first, in the same allocation.
 * Freeing everything again restores the counts mke2fs left.
 */
static void test_locality_and_free(void)
{
	struct ext3_params p = defaults();
	struct ext3_fs *fs = mkfs(20000000000ULL / 4096, &p, 3);
	uint64_t free0, start, goal, last = 0, run_start = 0, data[100];
	uint32_t ifree0, dir, ino, g, got, need, i;

	if (!fs)
		return;
	free0 = ext3_free_blocks_count(fs);
	ifree0 = ext3_free_inodes_count(fs);
	CHECK(ext3_new_inode(fs, EXT3_ROOT_INO, true, &dir) == 0);
	CHECK(ext3_new_inode(fs, dir, false, &ino) == 0);
	g = ext3_group_of_inode(fs, ino);
	CHECK_EQ_U64(ino % 16, 2);	/* the group's second inode */
	for (i = 0; i < 100; i++) {
		goal = ext3_find_goal(fs, ino, i, last);
		if (!i)
			CHECK_EQ_U64(goal, g * GROUP_BLOCKS + 2 * 2048);
		need = (uint32_t)ext3_ind_blocks_needed(fs, i);
		CHECK(ext3_new_blocks(fs, ino, goal, need + 1, &start,
				      &got) == 0);
		CHECK_EQ_U64(got, need + 1);
		CHECK_EQ_U64(start, goal);	/* free: taken as is */
		if (!i)
			run_start = start;
		last = data[i] = start + need;
		CHECK_EQ_U64(ext3_group_of_block(fs, data[i]), g);
	}
	/* one run: 12 data blocks, the indirect block, 88 data blocks */
	CHECK_EQ_U64(data[11], run_start + 11);
	CHECK_EQ_U64(data[12], run_start + 13);
	CHECK_EQ_U64(data[99], run_start + 100);
	CHECK(ext3_rsv_window(fs, ino, &start, &goal));
	CHECK(start <= data[99] && data[99] <= goal);
	check_fs(fs);

	CHECK(ext3_free_blocks(fs, run_start, 101) == 0);
	CHECK(ext3_free_inode(fs, ino) == 0);
	CHECK(!ext3_rsv_window(fs, ino, &start, &goal));
	CHECK(ext3_free_inode(fs, dir) == 0);
	CHECK_EQ_U64(ext3_free_blocks_count(fs), free0);
	CHECK_EQ_U64(ext3_free_inodes_count(fs), ifree0);
	CHECK_EQ_U64(ext3_dirs_count(fs), 2);
	check_fs(fs);

	/* wrong calls change nothing */
	CHECK(ext3_free_inode(fs, ino) == -EINVAL);
	CHECK(ext3_free_inode(fs, EXT3_ROOT_INO) == -EINVAL);
	CHECK(ext3_free_inode(fs, 0) == -EINVAL);
	CHECK(ext3_free_blocks(fs, run_start, 1) == -EINVAL);
	CHECK(ext3_free_blocks(fs, ext3_inode_table(fs, 5), 1) == -EINVAL);
	CHECK(ext3_journal_extent(fs, &start, &goal) == 0);
	CHECK(ext3_free_blocks(fs, start + 100, 1) == -EINVAL);
	CHECK(ext3_free_blocks(fs, ext3_layout(fs)->blocks_count - 1, 2) ==
	      -EINVAL);
	CHECK(ext3_new_blocks(fs, ino, 0, 1, &start, &got) == -EINVAL);
	CHECK(ext3_new_blocks(fs, 0, 0, 0, &start, &got) == -EINVAL);
	CHECK(ext3_new_inode(fs, ino, false, &ino) == -EINVAL);
	CHECK_EQ_U64(ext3_free_blocks_count(fs), free0);
	check_fs(fs);
	ext3_fs_destroy(fs);
}

/* A small filesystem: 24 groups of 2048 blocks, 512 inodes each. */
static struct ext3_params small_params(uint32_t reserve)
{
	struct ext3_params p = defaults();

	p.blocks_per_group = 2048;
	p.reserve = reserve;
	return p;
}

/*
 * Two files fill the filesystem in turn: every free block is handed out
 * before the first -ENOSPC, also those inside the other's window (the
 * kernel's retry without reservation). Freed blocks can be had again.
 */
static void test_enospc(void)
{
	struct ext3_params p = small_params(EXT3_DEFAULT_RESERVE_BLOCKS);
	struct ext3_fs *fs = mkfs(48000, &p, 5);
	uint64_t free0, n = 0, start, last[2] = { 0, 0 }, ten = 0;
	uint32_t ino[2], got, i, f;
	int ret = 0;

	if (!fs)
		return;
	free0 = ext3_free_blocks_count(fs);
	CHECK(ext3_new_inode(fs, EXT3_ROOT_INO, false, &ino[0]) == 0);
	CHECK(ext3_new_inode(fs, EXT3_ROOT_INO, false, &ino[1]) == 0);
	while (!ret) {
		for (f = 0; f < 2 && !ret; f++) {
			ret = ext3_new_blocks(fs, ino[f],
					      ext3_find_goal(fs, ino[f], 0,
							     last[f]),
					      3, &start, &got);
			if (!ret) {
				n += got;
				last[f] = start + got - 1;
				if (!ten && got == 3)
					ten = start;
			}
		}
	}
	CHECK_EQ_U64(ret, -ENOSPC);
	CHECK_EQ_U64(n, free0);
	CHECK_EQ_U64(ext3_free_blocks_count(fs), 0);
	check_fs(fs);
	CHECK(ext3_free_blocks(fs, ten, 3) == 0);
	for (i = 0; i < 3; i++) {
		CHECK(ext3_new_blocks(fs, ino[1], 0, 1, &start, &got) == 0);
		CHECK(start >= ten && start < ten + 3);
	}
	CHECK(ext3_new_blocks(fs, ino[0], 0, 1, &start, &got) == -ENOSPC);
	ext3_fs_destroy(fs);

	/* inodes: 24 groups * 512 - 11 reserved, then none */
	fs = mkfs(48000, &p, 5);
	if (!fs)
		return;
	CHECK_EQ_U64(ext3_free_inodes_count(fs), 24 * 512 - 11);
	for (n = 0; !(ret = ext3_new_inode(fs, EXT3_ROOT_INO, n % 7 == 0,
					   &ino[0])); n++)
		;
	CHECK_EQ_U64(ret, -ENOSPC);
	CHECK_EQ_U64(n, 24 * 512 - 11);
	CHECK(ext3_free_inode(fs, 5000) == 0);
	CHECK(ext3_new_inode(fs, EXT3_ROOT_INO, false, &ino[0]) == 0);
	CHECK_EQ_U64(ino[0], 5000);
	check_fs(fs);
	ext3_fs_destroy(fs);
}

/* ---- random operations against a reference bitmap ---- */

struct rfile {
	uint32_t ino;
	uint64_t last;
	unsigned int n, cap;
	uint64_t (*ext)[2];		/* start, length */
};

#define NFILES	48
#define NDIRS	6

struct rstate {
	struct ext3_fs *fs;
	struct rng r;
	uint8_t *used;			/* the reference: 1 = in use */
	uint8_t *used0;			/* as mke2fs left it */
	uint64_t nblocks, nfree, nfree0;
	struct rfile f[NFILES];
	struct rfile meta;		/* blocks of no inode */
	uint32_t dir[NDIRS];
	uint64_t digest;
	unsigned int enospc;
};

static void digest(struct rstate *s, uint64_t v)
{
	s->digest = (s->digest ^ v) * 0x100000001b3ULL;
}

static void r_alloc(struct rstate *s, uint32_t ino, uint64_t goal,
		    struct rfile *f)
{
	uint32_t want = 1 + (uint32_t)rng_below(&s->r, 8), got = 0, g;
	uint64_t start = 0, b;
	int ret = ext3_new_blocks(s->fs, ino, goal, want, &start, &got);

	digest(s, (uint64_t)ret);
	if (ret == -ENOSPC) {
		CHECK_EQ_U64(s->nfree, 0);
		s->enospc++;
		return;
	}
	CHECK_EQ_U64(ret, 0);
	if (ret)
		return;
	digest(s, start);
	digest(s, got);
	CHECK(got >= 1 && got <= want);
	g = ext3_group_of_block(s->fs, start);
	CHECK_EQ_U64(ext3_group_of_block(s->fs, start + got - 1), g);
	for (b = start; b < start + got; b++) {
		if (s->used[b]) {
			CHECK(!s->used[b]);
			return;
		}
		s->used[b] = 1;
	}
	s->nfree -= got;
	if (f->n == f->cap) {
		f->cap = f->cap ? 2 * f->cap : 8;
		f->ext = realloc(f->ext, f->cap * sizeof(*f->ext));
	}
	f->ext[f->n][0] = start;
	f->ext[f->n][1] = got;
	f->n++;
	f->last = start + got - 1;
}

static void r_free_extent(struct rstate *s, struct rfile *f, unsigned int i)
{
	uint64_t b;

	CHECK(ext3_free_blocks(s->fs, f->ext[i][0], f->ext[i][1]) == 0);
	for (b = f->ext[i][0]; b < f->ext[i][0] + f->ext[i][1]; b++)
		s->used[b] = 0;
	s->nfree += f->ext[i][1];
	f->ext[i][0] = f->ext[f->n - 1][0];
	f->ext[i][1] = f->ext[f->n - 1][1];
	f->n--;
}

static void r_recreate(struct rstate *s, struct rfile *f)
{
	uint32_t d = s->dir[rng_below(&s->r, NDIRS)];
	uint32_t g = ext3_group_of_inode(s->fs, d);
	bool room;

	while (f->n)
		r_free_extent(s, f, f->n - 1);
	CHECK(ext3_free_inode(s->fs, f->ino) == 0);
	/* find_group_other() leaves the parent's group only when full */
	room = ext3_group_free_inodes(s->fs, g) &&
	       ext3_group_free_blocks(s->fs, g);
	CHECK(ext3_new_inode(s->fs, d, false, &f->ino) == 0);
	CHECK(!room || ext3_group_of_inode(s->fs, f->ino) == g);
	digest(s, f->ino);
	f->last = 0;
}

static void r_compare(struct rstate *s)
{
	uint64_t b, bad = 0;

	for (b = 0; b < s->nblocks; b++)
		bad += ext3_block_in_use(s->fs, b) != s->used[b];
	CHECK_EQ_U64(bad, 0);
	CHECK_EQ_U64(ext3_free_blocks_count(s->fs), s->nfree);
	check_fs(s->fs);
}

static uint64_t random_ops(uint64_t seed, unsigned int nops, uint32_t reserve,
			   unsigned int *enospc)
{
	struct ext3_params p = small_params(reserve);
	struct rstate s = { 0 };
	uint32_t ifree0, ngroups, itb;
	unsigned int op, i;
	uint64_t b;

	rng_init(&s.r, seed, "test:ops");
	s.fs = mkfs(48000, &p, seed);
	if (!s.fs)
		return 0;
	s.nblocks = ext3_layout(s.fs)->blocks_count;
	s.used = calloc(s.nblocks, 1);
	for (b = 0; b < s.nblocks; b++)
		s.used[b] = ext3_block_in_use(s.fs, b);
	s.nfree = ext3_free_blocks_count(s.fs);
	for (b = 0; b < s.nblocks; b++)
		s.nfree -= !s.used[b];
	CHECK_EQ_U64(s.nfree, 0);	/* the counter matches the bitmap */
	s.nfree = s.nfree0 = ext3_free_blocks_count(s.fs);
	s.used0 = malloc(s.nblocks);
	memcpy(s.used0, s.used, s.nblocks);
	ifree0 = ext3_free_inodes_count(s.fs);
	ngroups = ext3_layout(s.fs)->groups_count;
	itb = ext3_layout(s.fs)->itb_per_group;
	for (i = 0; i < NDIRS; i++)
		CHECK(ext3_new_inode(s.fs, EXT3_ROOT_INO, true, &s.dir[i]) == 0);
	for (i = 0; i < NFILES; i++)
		CHECK(ext3_new_inode(s.fs, s.dir[i % NDIRS], false,
				     &s.f[i].ino) == 0);

	for (op = 0; op < nops; op++) {
		struct rfile *f = &s.f[rng_below(&s.r, NFILES)];
		unsigned int x = (unsigned int)rng_below(&s.r, 1000);

		/*
		 * Per mille. Allocations outweigh frees so the filesystem
		 * fills up (after some 30,000 operations) and stays near
		 * full; deleting whole files is rare enough not to stop it.
		 */
		if (x < 450) {
			r_alloc(&s, f->ino, ext3_find_goal(s.fs, f->ino,
						f->n, f->last), f);
		} else if (x < 500) {
			r_alloc(&s, 0, rng_below(&s.r, s.nblocks + 10),
				&s.meta);
		} else if (x < 700) {
			if (f->n)
				r_free_extent(&s, f, (unsigned int)
					      rng_below(&s.r, f->n));
		} else if (x < 701) {
			r_recreate(&s, f);
		} else if (x < 760) {
			ext3_discard_reservation(s.fs, f->ino);
		} else if (x < 780) {
			ext3_clear_inode(s.fs, f->ino);
		} else {
			/* freeing a free block or group metadata is refused */
			uint32_t g = (uint32_t)rng_below(&s.r, ngroups);
			uint64_t first = ext3_group_first_block(s.fs, g);

			b = rng_below(&s.r, s.nblocks);
			if (!s.used[b])
				CHECK(ext3_free_blocks(s.fs, b, 1) == -EINVAL);
			b = first + rng_below(&s.r, ext3_inode_table(s.fs, g) +
					      itb - first);
			CHECK(ext3_free_blocks(s.fs, b, 1) == -EINVAL);
		}
		if (op % 1000 == 999)
			r_compare(&s);
	}
	r_compare(&s);
	/* free it all: back to where mke2fs left it */
	for (i = 0; i < NFILES; i++) {
		while (s.f[i].n)
			r_free_extent(&s, &s.f[i], s.f[i].n - 1);
		free(s.f[i].ext);
		CHECK(ext3_free_inode(s.fs, s.f[i].ino) == 0);
	}
	while (s.meta.n)
		r_free_extent(&s, &s.meta, s.meta.n - 1);
	free(s.meta.ext);
	for (i = 0; i < NDIRS; i++)
		CHECK(ext3_free_inode(s.fs, s.dir[i]) == 0);
	r_compare(&s);
	CHECK_EQ_U64(s.nfree, s.nfree0);
	CHECK(!memcmp(s.used, s.used0, s.nblocks));
	CHECK_EQ_U64(ext3_free_inodes_count(s.fs), ifree0);
	*enospc = s.enospc;
	free(s.used0);
	free(s.used);
	ext3_fs_destroy(s.fs);
	return s.digest;
}

static void test_random_ops(void)
{
	unsigned int enospc = 0, enospc2 = 0;
	uint64_t d1, d2, d3;

	d1 = random_ops(11, 100000, EXT3_DEFAULT_RESERVE_BLOCKS, &enospc);
	printf("random ops: %u allocations hit -ENOSPC\n", enospc);
	CHECK(enospc > 0);	/* the full filesystem was exercised */
	d2 = random_ops(11, 100000, EXT3_DEFAULT_RESERVE_BLOCKS, &enospc2);
	CHECK_EQ_U64(d1, d2);	/* deterministic */
	CHECK_EQ_U64(enospc, enospc2);
	d3 = random_ops(12, 20000, 0, &enospc);
	CHECK(d3 != d1);
}

/* Appends of 8 files in turn, one block each, 1 GiB in all. */
static int bench(void)
{
	struct ext3_params p = defaults();
	struct ext3_fs *fs = mkfs(20000000000ULL / 4096, &p, 9);
	uint64_t last[8] = { 0 }, start, n = 0;
	uint32_t dir, ino[8], got, f;
	struct timespec t0, t1;
	double dt;

	if (!fs)
		return 1;
	CHECK(ext3_new_inode(fs, EXT3_ROOT_INO, true, &dir) == 0);
	for (f = 0; f < 8; f++)
		CHECK(ext3_new_inode(fs, dir, false, &ino[f]) == 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (n < (1 << 30) / 4096) {
		for (f = 0; f < 8; f++, n++) {
			if (ext3_new_blocks(fs, ino[f],
					    ext3_find_goal(fs, ino[f], 0,
							   last[f]),
					    1, &start, &got))
				return 1;
			last[f] = start;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	dt = (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) * 1e-9;
	printf("%llu single-block allocations in %.3f s: %.1f M/s\n",
	       (unsigned long long)n, dt, (double)n / dt / 1e6);
	ext3_fs_destroy(fs);
	return check_status("bench_ext3_alloc");
}

int main(int argc, char **argv)
{
	if (argc > 1 && !strcmp(argv[1], "--bench"))
		return bench();
	test_layout_20g();
	test_layout_1k();
	test_bad_params();
	test_orlov();
	test_reservations();
	test_locality_and_free();
	test_enospc();
	test_random_ops();
	return check_status("test_ext3_alloc");
}
