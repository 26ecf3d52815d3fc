// SPDX-License-Identifier: GPL-2.0
/*
 * The blktrace writer, driven by hand: a request queue, a disk with two
 * partitions, bios and requests built here (no block layer), and the
 * __blk_add_trace_*() hooks called for a scripted life of five requests
 * on two CPUs. The test keeps its own model of what the v2.6.30 kernel
 * would record for each call (the rules of kernel/trace/blktrace.c and the
 * action values of the format reference) and checks
 *  (a) every field of every record read back from the files, the notes,
 *      the sequences and the big-endian payloads, and that two identical
 *      runs give identical bytes;
 *  (b) that the real blkparse reads the files without a complaint, names
 *      every process, sees no sequence skips in pipe mode (and does see
 *      them in a copy with a gap), and that its C lines, attributed to
 *      partitions by disk sector, add up to the bytes of the model;
 *  (c) that btt reads blkparse's merged binary and reports Q2C.
 * (b) and (c) are skipped (exit 77 after (a) passed) without blkparse.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../sim/block/blktrace.h"
#include "check.h"
#include "wb/byteorder.h"

#define NR_CPUS		2
#define MAX_EXP		256

struct exp_rec {
	uint32_t sequence;
	uint64_t time;
	uint64_t sector;
	uint32_t bytes, action, pid;
	uint16_t error, pdu_len;
	unsigned char pdu[16];
};

struct world {
	struct sim sim;
	struct gendisk disk;
	struct request_queue q;
	/* the model */
	struct exp_rec exp[NR_CPUS][MAX_EXP];
	int nr_exp[NR_CPUS];
	uint32_t seq[NR_CPUS];
	uint64_t noted[64];		/* pid << 8 | cpu, already named */
	int nr_noted;
	uint32_t cur_pid, cur_cpu;
	const char *cur_comm;
	uint64_t c_bytes[3];		/* completed bytes: [partno] */
	int nr_act[16];			/* records per action code */
};

static void world_init(struct world *w)
{
	static const struct { const char *name; sector_t start, size; } parts[] = {
		{ "sda1", 2048, 400000 },
		{ "sda2", 402432, 500000 },
	};

	memset(w, 0, sizeof(*w));
	CHECK(sim_init(&w->sim, 1) == 0);
	strcpy(w->disk.name, "sda");
	w->disk.part0 = (struct block_device){ .devt = MKDEV(8, 0),
		.name = "sda", .nr_sects = 1000000, .disk = &w->disk };
	for (int i = 0; i < 2; i++) {
		struct block_device *b = &w->disk.part[i];

		*b = (struct block_device){ .devt = MKDEV(8, i + 1),
			.partno = i + 1, .start_sect = parts[i].start,
			.nr_sects = parts[i].size, .disk = &w->disk };
		strcpy(b->name, parts[i].name);
	}
	w->disk.nr_parts = 2;
	w->disk.queue = &w->q;
	w->q.sim = &w->sim;
	w->q.disk = &w->disk;
}

static struct exp_rec *model_push(struct world *w, uint32_t cpu)
{
	CHECK(w->nr_exp[cpu] < MAX_EXP);
	return &w->exp[cpu][w->nr_exp[cpu]++];
}

/* What the kernel logs for one event: the task's note first, if due. */
static void model_event(struct world *w, uint32_t cpu, uint32_t pid,
			const char *comm, uint64_t sector, uint32_t bytes,
			uint32_t action, uint16_t error, const void *pdu,
			uint16_t pdu_len)
{
	uint64_t key = (uint64_t)pid << 8 | cpu;
	struct exp_rec *e;
	bool noted = false;

	for (int i = 0; i < w->nr_noted; i++)
		noted |= w->noted[i] == key;
	if (!noted) {
		w->noted[w->nr_noted++] = key;
		e = model_push(w, cpu);
		*e = (struct exp_rec){ .time = w->sim.now,
			.action = 0x04000000 /* NOTIFY | PROCESS */,
			.pid = pid, .pdu_len = 16 };
		strncpy((char *)e->pdu, comm, 15);
	}
	e = model_push(w, cpu);
	*e = (struct exp_rec){ .sequence = ++w->seq[cpu], .time = w->sim.now,
		.sector = sector, .bytes = bytes, .action = action,
		.pid = pid, .error = error, .pdu_len = pdu_len };
	if (pdu_len)
		memcpy(e->pdu, pdu, pdu_len);
	w->nr_act[action & 0xffff]++;
	w->cur_pid = pid;
	w->cur_cpu = cpu;
	w->cur_comm = comm;
}

/* READ/WRITE | SYNC | META of a bio, as __blk_add_trace() maps bi_rw */
static uint32_t bio_cats(const struct bio *bio)
{
	return ((bio->bi_rw & REQ_WRITE) ? 0x00020000 : 0x00010000) |
	       ((bio->bi_rw & REQ_SYNC) ? 0x00080000 : 0) |
	       ((bio->bi_rw & REQ_META) ? 0x10000000 : 0);
}

struct task {
	uint32_t pid, cpu;
	const char *comm;
};

/* A bio from @t to partition @partno at partition sector @psec. */
static struct bio make_bio(struct world *w, const struct task *t,
			   int partno, sector_t psec, uint32_t nr_sectors,
			   uint32_t rw)
{
	return (struct bio){ .bi_sector = psec, .bi_size = nr_sectors * 512,
		.bi_rw = rw, .bi_bdev = &w->disk.part[partno - 1],
		.bi_pid = t->pid, .bi_cpu = t->cpu, .bi_comm = t->comm };
}

/* blk_partition_remap(): A on the disk, at the disk sector */
static void do_remap(struct world *w, struct bio *bio)
{
	struct block_device *part = bio->bi_bdev;
	sector_t psec = bio->bi_sector;
	unsigned char pdu[16];

	bio->bi_sector += part->start_sect;
	bio->bi_bdev = &w->disk.part0;
	put_be32(pdu, part->devt);
	put_be32(pdu + 4, MKDEV(8, 0));
	put_be64(pdu + 8, psec);
	__blk_add_trace_remap(&w->q, bio, part->devt, psec);
	model_event(w, bio->bi_cpu, bio->bi_pid, bio->bi_comm, bio->bi_sector,
		    bio->bi_size, 15 | 0x00100000 | bio_cats(bio), 0, pdu, 16);
}

static void do_bio(struct world *w, struct bio *bio, uint32_t act)
{
	if (act == 4 || act == 5)
		__blk_add_trace_getrq(&w->q, bio, act | 0x00100000);
	else
		__blk_add_trace_bio(&w->q, bio, act | 0x00100000);
	model_event(w, bio->bi_cpu, bio->bi_pid, bio->bi_comm, bio->bi_sector,
		    bio->bi_size, act | 0x00100000 | bio_cats(bio), 0, NULL, 0);
}

/* A, Q, then G for a new request, M or F for a merge (@act) */
static void submit(struct world *w, struct bio *bio, uint32_t act)
{
	do_remap(w, bio);
	do_bio(w, bio, 1);
	if (act)
		do_bio(w, bio, act);
}

static void rq_from_bio(struct request *rq, const struct bio *bio)
{
	*rq = (struct request){ .sector = bio->bi_sector,
		.nr_sectors = bio->bi_size / 512, .cmd_flags = bio->bi_rw,
		.pid = bio->bi_pid, .cpu = bio->bi_cpu, .comm = bio->bi_comm };
}

/* I, D, C, R: category of the action code, FS, and only the direction */
static void do_rq(struct world *w, struct request *rq, uint32_t act,
		  uint32_t cat)
{
	uint32_t dir = rq_data_dir(rq) ? 0x00020000 : 0x00010000;

	__blk_add_trace_rq(&w->q, rq, act | cat);
	model_event(w, rq->cpu, rq->pid, rq->comm, rq->sector,
		    rq->nr_sectors * 512, act | cat | 0x01000000 | dir,
		    (uint16_t)-rq->errors, NULL, 0);
	if (act == 8) {
		for (int p = 1; p <= 2; p++) {
			struct block_device *b = &w->disk.part[p - 1];

			if (rq->sector >= b->start_sect &&
			    rq->sector < b->start_sect + b->nr_sects)
				w->c_bytes[p] += rq->nr_sectors * 512ULL;
		}
	}
}

static void do_plug(struct world *w, const struct task *t)
{
	__blk_add_trace_plug(&w->q, t->pid, t->cpu, t->comm);
	model_event(w, t->cpu, t->pid, t->comm, 0, 0, 9 | 0x00110000, 0,
		    NULL, 0);
}

static void do_unplug(struct world *w, bool timer, unsigned int nr)
{
	unsigned char pdu[8];
	uint32_t pid = timer ? 0 : w->cur_pid, cpu = timer ? 0 : w->cur_cpu;
	const char *comm = timer ? "kblockd/0" : w->cur_comm;

	put_be64(pdu, nr);
	__blk_add_trace_unplug(&w->q, timer ? BLK_TA_UNPLUG_TIMER :
				      BLK_TA_UNPLUG_IO, nr);
	model_event(w, cpu, pid, comm, 0, 0, (timer ? 11 : 10) | 0x00110000,
		    0, pdu, 8);
}

static const struct task dbench = { 1201, 0, "dbench" };
static const struct task dbench1 = { 1201, 1, "dbench" };	/* migrated */
static const struct task flusher = { 301, 1, "pdflush" };
static const struct task reader = { 1300, 0, "cat" };

/* The scripted life: five requests, merges, a sleep, both unplugs. */
static void life(struct world *w)
{
	struct request rq1, rq2, rq3, rq4, rq5;
	struct bio b;

	w->sim.now = 1000;		/* rq1: sync write to sda1 */
	b = make_bio(w, &dbench, 1, 100, 8, REQ_WRITE | REQ_SYNC);
	submit(w, &b, 4);
	rq_from_bio(&rq1, &b);
	do_plug(w, &dbench);
	do_rq(w, &rq1, 12, 0x00100000);
	w->sim.now = 2000;		/* back merge */
	b = make_bio(w, &dbench, 1, 108, 8, REQ_WRITE | REQ_SYNC);
	submit(w, &b, 2);
	rq1.nr_sectors += 8;
	w->sim.now = 2500;		/* front merge */
	b = make_bio(w, &dbench, 1, 92, 8, REQ_WRITE | REQ_SYNC);
	submit(w, &b, 3);
	rq1.sector -= 8;
	rq1.nr_sectors += 8;

	w->sim.now = 3000;		/* rq2: async write to sda2, sleeps */
	b = make_bio(w, &flusher, 2, 0, 128, REQ_WRITE);
	submit(w, &b, 5);
	w->sim.now = 3500;
	do_bio(w, &b, 4);
	rq_from_bio(&rq2, &b);
	do_rq(w, &rq2, 12, 0x00100000);

	w->sim.now = 4000;		/* rq3: metadata read on sda1 */
	b = make_bio(w, &reader, 1, 5000, 32, REQ_META);
	submit(w, &b, 4);
	rq_from_bio(&rq3, &b);
	do_rq(w, &rq3, 12, 0x00100000);
	w->sim.now = 5000;
	do_unplug(w, false, 3);

	w->sim.now = 5100;
	do_rq(w, &rq1, 7, 0x00400000);
	w->sim.now = 9000;
	do_rq(w, &rq1, 8, 0x00800000);
	do_rq(w, &rq3, 7, 0x00400000);
	w->sim.now = 9500;		/* the driver gives rq3 back */
	do_rq(w, &rq3, 6, 0x00200000);
	w->sim.now = 9600;
	do_rq(w, &rq3, 7, 0x00400000);
	w->sim.now = 15000;
	rq3.errors = -EIO;
	do_rq(w, &rq3, 8, 0x00800000);
	do_rq(w, &rq2, 7, 0x00400000);
	w->sim.now = 30000;
	do_rq(w, &rq2, 8, 0x00800000);

	w->sim.now = 40000;		/* rq4: plug, then the timer unplugs */
	b = make_bio(w, &flusher, 2, 128, 8, REQ_WRITE);
	submit(w, &b, 4);
	rq_from_bio(&rq4, &b);
	do_plug(w, &flusher);
	do_rq(w, &rq4, 12, 0x00100000);
	w->sim.now = 40000 + 3000000;
	do_unplug(w, true, 1);
	do_rq(w, &rq4, 7, 0x00400000);
	w->sim.now = 3100000;
	do_rq(w, &rq4, 8, 0x00800000);

	w->sim.now = 3200000;		/* rq5: dbench again, now on CPU 1 */
	b = make_bio(w, &dbench1, 1, 200000, 16, REQ_WRITE);
	submit(w, &b, 4);
	rq_from_bio(&rq5, &b);
	do_rq(w, &rq5, 12, 0x00100000);
	do_unplug(w, false, 1);
	do_rq(w, &rq5, 7, 0x00400000);
	w->sim.now = 3300000;
	do_rq(w, &rq5, 8, 0x00800000);
}

static unsigned char *read_whole(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	unsigned char *buf = NULL;
	long n;

	*len = 0;
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc(n > 0 ? (size_t)n : 1);
	if (buf && fread(buf, 1, (size_t)n, f) == (size_t)n)
		*len = (size_t)n;
	fclose(f);
	return buf;
}

/* (a): every record of every CPU file against the model */
static void check_files(struct world *w, const char *dir)
{
	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		char path[600];
		size_t len, off = 0;
		unsigned char *buf;
		int i = 0;

		snprintf(path, sizeof(path), "%s/sda.blktrace.%d", dir, cpu);
		buf = read_whole(path, &len);
		CHECK(buf != NULL);
		if (!buf)
			continue;
		if (cpu == 0) {		/* the start timestamp comes first */
			struct blk_io_trace t;
			uint32_t words[2];

			CHECK(len >= sizeof(t) + 8);
			memcpy(&t, buf, sizeof(t));
			CHECK_EQ_U64(t.magic, 0x65617407);
			CHECK_EQ_U64(t.action, 0x04000001);
			CHECK_EQ_U64(t.pdu_len, 8);
			memcpy(words, buf + sizeof(t), 8);
			CHECK_EQ_U64(words[0], 0);	/* trace starts at t=0 */
			CHECK_EQ_U64(words[1], 0);
			off = sizeof(t) + 8;
		}
		while (off + sizeof(struct blk_io_trace) <= len) {
			struct blk_io_trace t;
			const struct exp_rec *e = &w->exp[cpu][i];

			memcpy(&t, buf + off, sizeof(t));
			off += sizeof(t);
			if (i >= w->nr_exp[cpu]) {
				CHECK(!"more records than the model");
				break;
			}
			CHECK_EQ_U64(t.magic, 0x65617407);
			CHECK_EQ_U64(t.sequence, e->sequence);
			CHECK_EQ_U64(t.time, e->time);
			CHECK_EQ_U64(t.sector, e->sector);
			CHECK_EQ_U64(t.bytes, e->bytes);
			CHECK_EQ_U64(t.action, e->action);
			CHECK_EQ_U64(t.pid, e->pid);
			CHECK_EQ_U64(t.device, (8U << 20) | 0);
			CHECK_EQ_U64(t.cpu, cpu);
			CHECK_EQ_U64(t.error, e->error);
			CHECK_EQ_U64(t.pdu_len, e->pdu_len);
			CHECK(off + t.pdu_len <= len);
			if (off + t.pdu_len > len)
				break;
			CHECK(!memcmp(buf + off, e->pdu, t.pdu_len));
			off += t.pdu_len;
			i++;
		}
		CHECK_EQ_U64(off, len);
		CHECK_EQ_U64(i, w->nr_exp[cpu]);
		free(buf);
	}
}

static bool same_bytes(const char *a, const char *b)
{
	size_t la, lb;
	unsigned char *x = read_whole(a, &la), *y = read_whole(b, &lb);
	bool same = x && y && la == lb && !memcmp(x, y, la);

	free(x);
	free(y);
	return same;
}

static int run_life(struct world *w, const char *dir)
{
	world_init(w);
	if (blk_trace_setup(&w->q, dir, "sda", NR_CPUS))
		return -1;
	life(w);
	return blk_trace_shutdown(&w->q);
}

static int sh(const char *fmt, const char *a, const char *b)
{
	char cmd[2048];

	snprintf(cmd, sizeof(cmd), fmt, a, b);
	return system(cmd);
}

/* Copy @from to @to without the event record of sequence @seq. */
static int drop_record(const char *dir, const char *from, const char *to,
		       uint32_t seq)
{
	char path[600];
	size_t len, off = 0;
	unsigned char *buf;
	FILE *f;
	int dropped = 0;

	snprintf(path, sizeof(path), "%s/%s", dir, from);
	buf = read_whole(path, &len);
	snprintf(path, sizeof(path), "%s/%s", dir, to);
	f = fopen(path, "wb");
	while (buf && f && off + sizeof(struct blk_io_trace) <= len) {
		struct blk_io_trace t;
		size_t n;

		memcpy(&t, buf + off, sizeof(t));
		n = sizeof(t) + t.pdu_len;
		if (!(t.action & 0x04000000) && t.sequence == seq)
			dropped++;
		else
			fwrite(buf + off, 1, n, f);
		off += n;
	}
	if (f)
		fclose(f);
	free(buf);
	return dropped == 1 ? 0 : -1;
}

/* (b) and (c); return false if blkparse is not installed */
static bool check_tools(struct world *w, const char *dir)
{
	char path[600], line[512];
	uint64_t c_bytes[3] = { 0 };
	int nr_act[128] = { 0 }, nr_lines = 0;
	bool named = true, q2c = false, saw_a = false, saw_u = false;
	FILE *f;
	size_t len;
	unsigned char *err;

	if (system("command -v blkparse >/dev/null 2>&1 && "
		   "command -v btt >/dev/null 2>&1"))
		return false;
	CHECK(sh("cd '%s' && blkparse -i sda -D . >out.txt 2>err.txt", dir,
		 NULL) == 0);
	snprintf(path, sizeof(path), "%s/err.txt", dir);
	err = read_whole(path, &len);
	CHECK(err && len == 0);		/* not one warning */
	if (err && len)
		fprintf(stderr, "blkparse said: %.*s\n", (int)len, err);
	free(err);

	snprintf(path, sizeof(path), "%s/out.txt", dir);
	f = fopen(path, "r");
	CHECK(f != NULL);
	while (f && fgets(line, sizeof(line), f)) {
		unsigned int maj, min, cpu, seq, pid;
		unsigned long secs, nsecs;
		unsigned long long sector;
		unsigned int n;
		char act[4], rwbs[8];
		int pos = 0;

		if (sscanf(line, "%u,%u %u %u %lu.%lu %u %3s %7s %n", &maj,
			   &min, &cpu, &seq, &secs, &nsecs, &pid, act, rwbs,
			   &pos) != 9)
			continue;
		nr_lines++;
		CHECK(maj == 8 && min == 0);
		named &= !strstr(line, "(null)");
		nr_act[(unsigned char)act[0]]++;
		if (!strcmp(act, "UT"))
			nr_act['T']++;
		if (act[0] == 'C' && sscanf(line + pos, "%llu + %u", &sector,
					    &n) == 2) {
			for (int p = 1; p <= 2; p++) {
				struct block_device *b = &w->disk.part[p - 1];

				if (sector >= b->start_sect &&
				    sector < b->start_sect + b->nr_sects)
					c_bytes[p] += n * 512ULL;
			}
		}
		/* the U after rq3's insert, logged as the task "cat" */
		saw_u |= !strcmp(act, "U") && pid == 1300 &&
			 strstr(line, "[cat] 3\n");
		/* rq1's first bio: sda1 sector 100 is disk sector 2048 + 100 */
		saw_a |= !strcmp(act, "A") &&
			 strstr(line, " 2148 + 8 <- (8,1) 100\n");
	}
	if (f)
		fclose(f);
	CHECK(named);
	CHECK(saw_u);
	CHECK(saw_a);
	CHECK(c_bytes[1] > 0 && c_bytes[2] > 0);
	CHECK_EQ_U64(c_bytes[1], w->c_bytes[1]);
	CHECK_EQ_U64(c_bytes[2], w->c_bytes[2]);
	{
		static const char letters[] = "QMFGSRDCPUTIA";
		static const int codes[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
					     11, 12, 15 };
		int total = 0;

		for (int i = 0; letters[i]; i++) {
			int seen = nr_act[(unsigned char)letters[i]];

			/* "UT" was counted under U and T */
			if (letters[i] == 'U')
				seen -= nr_act['T'];
			CHECK_EQ_U64(seen, w->nr_act[codes[i]]);
			total += w->nr_act[codes[i]];
		}
		CHECK_EQ_U64(nr_lines, total);
	}

	/* pipe mode checks sequences: none skipped here ... */
	CHECK(sh("cd '%s' && cat sda.blktrace.0 sda.blktrace.1 | "
		 "blkparse -i - >pipe.txt 2>&1 && "
		 "grep -q '^Skips: 0 forward' pipe.txt", dir, NULL) == 0);
	/* ... and the check has teeth: without CPU 1's 4th event it skips */
	CHECK(drop_record(dir, "sda.blktrace.1", "gap.1", 4) == 0);
	CHECK(sh("cd '%s' && cat sda.blktrace.0 gap.1 | blkparse -i - "
		 ">gap.txt 2>&1 && grep -q '^Skips: 1 forward' gap.txt", dir,
		 NULL) == 0);

	/* (c) btt on the merged binary */
	CHECK(sh("cd '%s' && blkparse -q -i sda -D . -O -d merged.bin "
		 ">/dev/null 2>&1 && btt -i merged.bin >btt.txt 2>btt.err",
		 dir, NULL) == 0);
	snprintf(path, sizeof(path), "%s/btt.txt", dir);
	f = fopen(path, "r");
	CHECK(f != NULL);
	while (f && fgets(line, sizeof(line), f))
		q2c |= !strncmp(line, "Q2C ", 4);
	if (f)
		fclose(f);
	CHECK(q2c);
	return true;
}

/* Error paths and a trace larger than the write buffer. */
static void test_edges(const char *dir)
{
	struct world *w = calloc(1, sizeof(*w));
	struct bio b;

	world_init(w);
	CHECK(blk_trace_shutdown(&w->q) == -EINVAL);
	CHECK(blk_trace_setup(&w->q, dir, "x/y", 1) == -EINVAL);
	CHECK(blk_trace_setup(&w->q, dir, "big", 0) == -EINVAL);
	CHECK(blk_trace_setup(&w->q, "/nonexistent-dir-wbsim", "big", 1) ==
	      -ENOENT);
	CHECK(w->q.blk_trace == NULL);
	CHECK(blk_trace_setup(&w->q, dir, "big", 1) == 0);
	CHECK(blk_trace_setup(&w->q, dir, "big", 1) == -EBUSY);
	/* 3000 records of 48 bytes: more than one 64 KiB buffer */
	for (int i = 0; i < 3000; i++) {
		w->sim.now = 1000 + i;
		b = make_bio(w, &dbench, 1, 8 * i, 8, REQ_WRITE);
		__blk_add_trace_bio(&w->q, &b, BLK_TA_QUEUE);
	}
	CHECK(blk_trace_shutdown(&w->q) == 0);
	{
		char path[600];
		size_t len;
		unsigned char *buf;
		uint32_t last = 0;

		snprintf(path, sizeof(path), "%s/big.blktrace.0", dir);
		buf = read_whole(path, &len);
		/* timestamp note + process note + 3000 records */
		CHECK_EQ_U64(len, (48 + 8) + (48 + 16) + 3000 * 48);
		for (size_t off = 56 + 64; buf && off + 48 <= len; off += 48) {
			struct blk_io_trace t;

			memcpy(&t, buf + off, 48);
			CHECK_EQ_U64(t.sequence, last + 1);
			CHECK_EQ_U64(t.action, 0x00120001);	/* write Q */
			last = t.sequence;
		}
		CHECK_EQ_U64(last, 3000);
		free(buf);
	}
	/* an event on a CPU without a file is reported at shutdown */
	CHECK(blk_trace_setup(&w->q, dir, "cpu", 1) == 0);
	b = make_bio(w, &flusher, 2, 0, 8, REQ_WRITE);
	__blk_add_trace_bio(&w->q, &b, BLK_TA_QUEUE);
	CHECK(blk_trace_shutdown(&w->q) == -ERANGE);
	sim_exit(&w->sim);
	free(w);
}

int main(void)
{
	const char *tmp = getenv("TMPDIR");
	char dir[256], dir2[256];
	struct world *w = calloc(1, sizeof(*w)), *w2 = calloc(1, sizeof(*w2));
	bool tools;

	snprintf(dir, sizeof(dir), "%s/wbsim-blktrace-XXXXXX",
		 tmp && *tmp ? tmp : "/tmp");
	strcpy(dir2, dir);
	if (!mkdtemp(dir) || !mkdtemp(dir2)) {
		perror("mkdtemp");
		return 1;
	}
	CHECK(run_life(w, dir) == 0);
	check_files(w, dir);
	/* the reference's examples, which the model must agree with */
	/* CPU 1: pdflush's note, A, Q ... and later its first C */
	CHECK_EQ_U64(w->exp[1][1].action, 0x0012000f);
	CHECK_EQ_U64(w->exp[1][2].action, 0x00120001);
	for (int i = 0; i < w->nr_exp[1]; i++)
		if ((w->exp[1][i].action & 0xffff) == 8) {
			CHECK_EQ_U64(w->exp[1][i].action, 0x01820008);
			break;
		}
	CHECK(run_life(w2, dir2) == 0);
	for (int cpu = 0; cpu < NR_CPUS; cpu++) {
		char a[600], b[600];

		snprintf(a, sizeof(a), "%s/sda.blktrace.%d", dir, cpu);
		snprintf(b, sizeof(b), "%s/sda.blktrace.%d", dir2, cpu);
		CHECK(same_bytes(a, b));
	}
	test_edges(dir2);
	tools = check_tools(w, dir);
	sim_exit(&w->sim);
	sim_exit(&w2->sim);
	free(w);
	free(w2);
	if (!check_failures) {
		sh("rm -rf '%s' '%s'", dir, dir2);
		if (!tools) {
			printf("test_blktrace: file checks ok; blkparse/btt "
			       "not installed: tool checks skipped\n");
			return 77;
		}
	}
	return check_status("test_blktrace");
}
