// SPDX-License-Identifier: GPL-2.0
/*
 * ext4's mballoc on indirect-mapped files (sim/fs/ext4-mballoc.c) against
 * the rules of 6.1's fs/ext4/mballoc.c: small files packed into the
 * locality group's 512-block preallocation in the order written, larger
 * ones in inode preallocations whose sizes follow
 * ext4_mb_normalize_request()'s table and whose places follow the stream
 * cursor and the buddy's aligned chunks, unused blocks back at discard,
 * and the counters consistent through random use and a full filesystem.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/fs/ext3-alloc.h"
#include "check.h"
#include "ext3-check.h"

#define NR_BLOCKS	(16 * 32768ULL)	/* 2 GiB: 16 groups of 128 MiB */

struct file {
	uint32_t ino;
	uint64_t size;			/* blocks written */
	uint64_t last;			/* last block allocated */
	uint64_t *blk;
};

static struct ext3_fs *mkfs(uint64_t seed)
{
	struct ext3_params p;
	struct ext3_fs *fs = NULL;
	struct rng r;

	CHECK(opt_set_defaults(&ext3_opt_table, &p) == 0);
	p.allocator = EXT3_ALLOC_MBALLOC;
	rng_init(&r, seed, "ext4:test");
	CHECK_EQ_U64(ext3_fs_create(&fs, NR_BLOCKS, &p, &r), 0);
	return fs;
}

static void file_open(struct ext3_fs *fs, uint32_t dir, struct file *f,
		      uint64_t cap)
{
	memset(f, 0, sizeof(*f));
	CHECK(ext3_new_inode(fs, dir, false, &f->ino) == 0);
	f->blk = calloc(cap, sizeof(*f->blk));
	CHECK(f->blk != NULL);
}

/* append one block, as ext3.c's get_block asks for it */
static int file_append(struct ext3_fs *fs, struct file *f)
{
	uint64_t goal = ext3_find_goal(fs, f->ino, f->size, f->last), b;
	int ret = ext4_mb_new_data_block(fs, f->ino, f->size, f->size, goal, &b);

	if (ret)
		return ret;
	CHECK(ext3_block_in_use(fs, b));
	f->blk[f->size++] = b;
	f->last = b;
	return 0;
}

static void file_free(struct ext3_fs *fs, struct file *f)
{
	for (uint64_t i = 0; i < f->size; i++)
		CHECK(ext3_free_blocks(fs, f->blk[i], 1) == 0);
	ext4_discard_preallocations(fs, f->ino);
	CHECK(ext3_free_inode(fs, f->ino) == 0);
	free(f->blk);
	f->blk = NULL;
}

static uint64_t in_group(const struct ext3_fs *fs, uint64_t b)
{
	return b - ext3_group_first_block(fs, ext3_group_of_block(fs, b));
}

/* files of at most 16 blocks share the group PA in the order written */
static void test_group_pa(void)
{
	struct ext3_fs *fs = mkfs(1);
	uint64_t free0 = ext3_free_blocks_count(fs), first;
	struct file f[3];

	for (int i = 0; i < 3; i++)
		file_open(fs, EXT3_ROOT_INO, &f[i], 16);
	for (int k = 0; k < 4; k++)
		for (int i = 0; i < 3; i++)
			CHECK(file_append(fs, &f[i]) == 0);
	first = f[0].blk[0];
	for (int k = 0; k < 4; k++)
		for (int i = 0; i < 3; i++)
			CHECK_EQ_U64(f[i].blk[k], first + (uint64_t)(3 * k + i));
	/* one buddy chunk of order 9: aligned, all of it in use at once */
	CHECK_EQ_U64(in_group(fs, first) % 512, 0);
	CHECK_EQ_U64(free0 - ext3_free_blocks_count(fs), 512);
	/* closing a file does not give back the group's PA */
	ext4_discard_preallocations(fs, f[0].ino);
	CHECK_EQ_U64(free0 - ext3_free_blocks_count(fs), 512);
	check_fs(fs);
	for (int i = 0; i < 3; i++)
		file_free(fs, &f[i]);
	ext3_fs_destroy(fs);
}

/*
 * One file appended to 300 blocks: 16 from the group PA, then inode PAs
 * normalized from logical 0 (no left neighbour from the indirect path)
 * to 128 KiB, 256 KiB, 512 KiB, 1 MiB, 2 MiB, trimmed by the file's
 * earlier PAs: [0,32) of which 16..31 are used, [32,64), [64,128),
 * [128,256), [256,512). Each is contiguous and aligned to its size.
 */
static void test_inode_pa_sizes(void)
{
	static const uint64_t lstart[] = { 0, 32, 64, 128, 256 };
	static const uint64_t len[] = { 32, 32, 64, 128, 256 };
	struct ext3_fs *fs = mkfs(2);
	uint64_t free0 = ext3_free_blocks_count(fs), free16;
	struct file f;

	file_open(fs, EXT3_ROOT_INO, &f, 300);
	for (int i = 0; i < 16; i++)
		CHECK(file_append(fs, &f) == 0);
	free16 = ext3_free_blocks_count(fs);
	CHECK(file_append(fs, &f) == 0);
	/* the whole PA [0,32) is in use, the first half never used */
	CHECK_EQ_U64(free16 - ext3_free_blocks_count(fs), 32);
	while (f.size < 300)
		CHECK(file_append(fs, &f) == 0);
	for (int p = 0; p < 5; p++) {
		uint64_t from = lstart[p] > 16 ? lstart[p] : 16;
		uint64_t to = lstart[p] + len[p] < 300 ? lstart[p] + len[p] : 300;
		uint64_t pstart = f.blk[from] - (from - lstart[p]);

		for (uint64_t l = from; l < to; l++)
			CHECK_EQ_U64(f.blk[l], pstart + (l - lstart[p]));
		CHECK_EQ_U64(in_group(fs, pstart) % len[p], 0);
	}
	/* discard gives back what the file did not use: 16 + 212 blocks */
	ext4_discard_preallocations(fs, f.ino);
	CHECK_EQ_U64(free0 - ext3_free_blocks_count(fs), 512 + 300 - 16);
	check_fs(fs);
	file_free(fs, &f);
	/* the group PA's other 496 blocks stay until used */
	CHECK_EQ_U64(free0 - ext3_free_blocks_count(fs), 512 - 16);
	ext3_fs_destroy(fs);
}

/*
 * Two files appended in turn get whole PAs each, not alternating blocks,
 * and a file whose inode lives in another group is still placed from
 * the stream cursor (the group of the last inode PA), not near its inode.
 */
static void test_stream(void)
{
	struct ext3_fs *fs = mkfs(3);
	struct file a, b, c;
	uint32_t dir, ga;

	file_open(fs, EXT3_ROOT_INO, &a, 200);
	file_open(fs, EXT3_ROOT_INO, &b, 200);
	for (int i = 0; i < 200; i++) {
		CHECK(file_append(fs, &a) == 0);
		CHECK(file_append(fs, &b) == 0);
	}
	for (uint64_t l = 17; l < 200; l++)
		if (l != 32 && l != 64 && l != 128) {
			CHECK_EQ_U64(a.blk[l], a.blk[l - 1] + 1);
			CHECK_EQ_U64(b.blk[l], b.blk[l - 1] + 1);
		}
	ga = ext3_group_of_block(fs, b.blk[199]);
	/* a top-level directory: Orlov puts it away from the root's group */
	do {
		CHECK(ext3_new_inode(fs, EXT3_ROOT_INO, true, &dir) == 0);
	} while (ext3_group_of_inode(fs, dir) == ga);
	file_open(fs, dir, &c, 40);
	while (c.size < 40)
		CHECK(file_append(fs, &c) == 0);
	CHECK(ext3_group_of_inode(fs, c.ino) != ga);
	CHECK_EQ_U64(ext3_group_of_block(fs, c.blk[39]), ga);	/* stream */
	check_fs(fs);
	file_free(fs, &a);
	file_free(fs, &b);
	file_free(fs, &c);
	ext3_fs_destroy(fs);
}

/* random files growing, closing and going; then the disk filled up */
static void test_random_and_full(void)
{
	enum { NF = 40 };
	struct ext3_fs *fs = mkfs(4);
	struct file f[NF];
	struct rng r;
	uint64_t b, n = 0;
	int ret;

	rng_init(&r, 4, "ext4:ops");
	for (int i = 0; i < NF; i++)
		file_open(fs, EXT3_ROOT_INO, &f[i], 4096);
	for (int op = 0; op < 20000; op++) {
		struct file *x = &f[rng_u64(&r) % NF];
		uint64_t k = rng_u64(&r) % 100;

		if (k < 90 && x->size < 4096) {
			CHECK(file_append(fs, x) == 0);
		} else if (k < 95) {
			ext4_discard_preallocations(fs, x->ino);
		} else {
			file_free(fs, x);
			file_open(fs, EXT3_ROOT_INO, x, 4096);
		}
	}
	check_fs(fs);
	for (int i = 0; i < NF; i++)
		file_free(fs, &f[i]);
	check_fs(fs);
	/* metadata blocks until nothing is left: every block is reachable */
	while ((ret = ext4_mb_new_meta_block(fs, 0, &b)) == 0)
		n++;
	CHECK_EQ_U64(ret, -ENOSPC);
	CHECK_EQ_U64(ext3_free_blocks_count(fs), 0);
	CHECK(n > 0);
	check_fs(fs);
	ext3_fs_destroy(fs);
}

int main(void)
{
	test_group_pa();
	test_inode_pa_sizes();
	test_stream();
	test_random_and_full();
	return check_status("test_ext4_mballoc");
}
