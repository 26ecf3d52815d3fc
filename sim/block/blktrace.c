// SPDX-License-Identifier: GPL-2.0
/*
 * blktrace writer: what kernel/trace/blktrace.c of v2.6.30 puts into the
 * relay buffers, written to the NAME.blktrace.CPU files that `blktrace -o
 * NAME` would have saved, so blkparse and btt read a simulated run exactly
 * as they read a real one.
 *
 * What goes into a record, as v2.6.30 does it:
 *
 *   bio events (Q M F G S A): bio->bi_rw gives READ or WRITE, SYNC, META;
 *	no FS bit (blk_add_trace_bio() passes the bare action).
 *   request events (I D C R): blk_add_trace_rq() ORs in BLK_TC_FS and
 *	passes only `rq->cmd_flags & 0x03`, i.e. the direction (bit 1 is
 *	REQ_FAILFAST_DEV, which lands on AHEAD and which we do not model):
 *	a 2.6.30 trace shows "Q WS" but "D W" and "C W" for one sync write.
 *   P, U, UT: rw = 0, so they carry the READ category and no bytes
 *	(blkparse prints "N"); U and UT carry the number of queued requests
 *	as a big-endian u64 payload (blkparse's get_pdu_int()).
 *   A: the partition-to-disk remap; payload {device_from, device_to,
 *	sector_from} big-endian, the record's own sector the disk sector.
 *
 * Everything is recorded on the disk's dev_t with disk sectors: one trace
 * per request queue, as tracing the whole disk on real hardware gives.
 *
 * Process names: the kernel emits a NOTIFY|PROCESS record the first time a
 * task logs an event after the trace started, on whatever CPU that is.
 * blkparse keys names by pid and handles notes when it reads them, and it
 * reads each CPU file ahead of the merge in batches, so a note sitting in
 * another CPU's file may be read after the event that needs it and the
 * event prints as "(null)". Emitting the note once per (pid, CPU file),
 * just before that pid's first record in the file, makes it precede every
 * use. Notes take no sequence number (trace_note() sets none; blkparse does
 * not check notes' sequences) and are written with sequence 0.
 *
 * Time: the simulation clock in ns. At setup a NOTIFY|TIMESTAMP record
 * carries the wall-clock time of the trace start, as blk_trace_startstop()
 * emits; here the simulation epoch is the Unix epoch, so the payload is the
 * simulation time itself and two identical runs give identical bytes.
 *
 * Who is "current": records carry the task the block layer passes along
 * (bio->bi_pid, rq->pid). U has no task argument; in v2.6.30 it is logged
 * by whoever unplugs, which in the simulation is the task of the record
 * just before it, so U reuses that task. UT is logged by the kblockd worker
 * (blk_unplug_work()), recorded as pid 0 "kblockd/0" on CPU 0.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "blktrace.h"
#include "wb/byteorder.h"

#define BT_BUF_SIZE	(64 * 1024)	/* per CPU file: few write()s */
#define BT_PDU_MAX	32		/* largest payload we emit */
#define BT_NOTED_MIN	64

static const char kblockd_comm[] = "kblockd/0";

struct blk_trace_cpu {
	int fd;
	uint32_t sequence;		/* last sequence used, 0 = none */
	size_t len;			/* bytes buffered */
	unsigned char *buf;
};

/**
 * struct blk_trace - one traced request queue
 * @dev: the whole disk's dev_t, on every record
 * @noted: open-addressing set of (pid << 32 | cpu) + 1 that already got
 *	their process note in that CPU's file; 0 marks a free slot
 * @cur_pid, @cur_cpu, @cur_comm: the task of the last event record (U)
 * @err: the first error (a failed write), returned by blk_trace_shutdown()
 */
struct blk_trace {
	struct request_queue *q;
	uint32_t dev;
	unsigned int nr_cpus;
	struct blk_trace_cpu *cpu;
	uint64_t *noted;
	size_t noted_cap, noted_nr;
	uint32_t cur_pid, cur_cpu;
	const char *cur_comm;
	int err;
	uint64_t limit;		/* bytes over all CPU files; 0 = none */
	uint64_t bytes;		/* bytes of records accepted so far */
	bool truncated;		/* a record was dropped at the limit */
};

static void bt_set_err(struct blk_trace *bt, int err)
{
	if (!bt->err)
		bt->err = err;
}

static int write_all(int fd, const unsigned char *p, size_t len)
{
	while (len) {
		ssize_t n = write(fd, p, len);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

static void cpu_flush(struct blk_trace *bt, struct blk_trace_cpu *c)
{
	int ret;

	if (!c->len)
		return;
	ret = write_all(c->fd, c->buf, c->len);
	if (ret)
		bt_set_err(bt, ret);
	c->len = 0;
}

static void cpu_put(struct blk_trace *bt, struct blk_trace_cpu *c,
		    const void *p, size_t len)
{
	if (c->len + len > BT_BUF_SIZE)
		cpu_flush(bt, c);
	memcpy(c->buf + c->len, p, len);
	c->len += len;
}

static void put_record(struct blk_trace *bt, struct blk_trace_cpu *c,
		       const struct blk_io_trace *t, const void *pdu)
{
	uint64_t len = sizeof(*t) + t->pdu_len;

	/* whole records or none: the files stay readable past the limit */
	if (bt->truncated || (bt->limit && bt->bytes + len > bt->limit)) {
		bt->truncated = true;
		return;
	}
	bt->bytes += len;
	cpu_put(bt, c, t, sizeof(*t));
	if (t->pdu_len)
		cpu_put(bt, c, pdu, t->pdu_len);
}

static uint64_t hash_key(uint64_t key)
{
	key ^= key >> 33;
	key *= 0xff51afd7ed558ccdULL;
	key ^= key >> 33;
	return key;
}

/* Insert @key; return true if it was already there. */
static bool noted_test_and_set(struct blk_trace *bt, uint64_t key)
{
	size_t mask, i;

	if (2 * (bt->noted_nr + 1) > bt->noted_cap) {
		size_t cap = bt->noted_cap ? 2 * bt->noted_cap : BT_NOTED_MIN;
		uint64_t *tab = calloc(cap, sizeof(*tab));

		if (!tab) {
			/* a duplicate note is harmless; a missing one is not */
			bt_set_err(bt, -ENOMEM);
			return false;
		}
		for (size_t j = 0; j < bt->noted_cap; j++) {
			uint64_t k = bt->noted[j];

			if (!k)
				continue;
			for (i = hash_key(k) & (cap - 1); tab[i];
			     i = (i + 1) & (cap - 1))
				;
			tab[i] = k;
		}
		free(bt->noted);
		bt->noted = tab;
		bt->noted_cap = cap;
	}
	mask = bt->noted_cap - 1;
	for (i = hash_key(key) & mask; bt->noted[i]; i = (i + 1) & mask)
		if (bt->noted[i] == key)
			return true;
	bt->noted[i] = key;
	bt->noted_nr++;
	return false;
}

static void put_note(struct blk_trace *bt, struct blk_trace_cpu *c,
		     uint32_t cpu, uint32_t pid, uint32_t action,
		     const void *pdu, uint16_t pdu_len)
{
	struct blk_io_trace t = {
		.magic = BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION,
		.time = bt->q->sim->now,
		.action = action,
		.pid = pid,
		.device = bt->dev,
		.cpu = cpu,
		.pdu_len = pdu_len,
	};

	put_record(bt, c, &t, pdu);
}

static void note_task(struct blk_trace *bt, uint32_t cpu, uint32_t pid,
		      const char *comm)
{
	char name[BLK_TN_COMM_LEN] = { 0 };

	if (noted_test_and_set(bt, ((uint64_t)pid << 32 | cpu) + 1))
		return;
	if (comm)
		strncpy(name, comm, sizeof(name) - 1);
	else
		snprintf(name, sizeof(name), "pid%u", pid);
	put_note(bt, &bt->cpu[cpu], cpu, pid, BLK_TN_PROCESS, name,
		 sizeof(name));
}

/* __blk_add_trace(): one event record, preceded by its task's note. */
static void add_trace(struct blk_trace *bt, uint32_t cpu, uint32_t pid,
		      const char *comm, sector_t sector, uint32_t bytes,
		      uint32_t what, uint16_t error, const void *pdu,
		      uint16_t pdu_len)
{
	struct blk_trace_cpu *c;
	struct blk_io_trace t;

	if (cpu >= bt->nr_cpus) {
		/* a CPU the trace has no file for: a caller bug */
		bt_set_err(bt, -ERANGE);
		return;
	}
	c = &bt->cpu[cpu];
	note_task(bt, cpu, pid, comm);
	t = (struct blk_io_trace){
		.magic = BLK_IO_TRACE_MAGIC | BLK_IO_TRACE_VERSION,
		.sequence = ++c->sequence,
		.time = bt->q->sim->now,
		.sector = sector,
		.bytes = bytes,
		.action = what,
		.pid = pid,
		.device = bt->dev,
		.cpu = cpu,
		.error = error,
		.pdu_len = pdu_len,
	};
	put_record(bt, c, &t, pdu);
	bt->cur_pid = pid;
	bt->cur_cpu = cpu;
	bt->cur_comm = comm;
}

/* The category bits __blk_add_trace() derives from a bio's bi_rw. */
static uint32_t bio_rw_act(uint32_t rw)
{
	uint32_t what = BLK_TC_ACT((rw & REQ_WRITE) ? BLK_TC_WRITE
						    : BLK_TC_READ);

	if (rw & REQ_SYNC)
		what |= BLK_TC_ACT(BLK_TC_SYNC);
	if (rw & REQ_META)
		what |= BLK_TC_ACT(BLK_TC_META);
	return what;
}

static int open_cpu_file(const char *dir, const char *name, unsigned int cpu)
{
	char *path;
	int fd;

	if (asprintf(&path, "%s/%s.blktrace.%u", dir, name, cpu) < 0)
		return -ENOMEM;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	free(path);
	return fd < 0 ? -errno : fd;
}

static void blk_trace_free(struct blk_trace *bt)
{
	for (unsigned int i = 0; i < bt->nr_cpus; i++) {
		if (bt->cpu[i].fd >= 0)
			close(bt->cpu[i].fd);
		free(bt->cpu[i].buf);
	}
	free(bt->cpu);
	free(bt->noted);
	free(bt);
}

/**
 * blk_trace_setup - start tracing @q into DIR/NAME.blktrace.0 .. nr_cpus-1
 * @q: the queue; @q->disk gives the dev_t and @q->sim the clock
 * @dir: existing directory for the files
 * @name: base name, as `blktrace -o NAME` (no '/')
 * @nr_cpus: CPUs of the simulated machine; every file is created, even if
 *	it stays empty, because blkparse stops at the first missing CPU
 *
 * Return: 0, -EBUSY if @q is already traced, -EINVAL on bad arguments,
 * or the errno of a file that could not be created.
 */
int blk_trace_setup(struct request_queue *q, const char *dir,
		    const char *name, unsigned int nr_cpus)
{
	struct blk_trace *bt;
	uint32_t words[2];
	int ret = -ENOMEM;

	if (q->blk_trace)
		return -EBUSY;
	if (!q->sim || !q->disk || !dir || !name || !*name ||
	    strchr(name, '/') || nr_cpus == 0)
		return -EINVAL;
	bt = calloc(1, sizeof(*bt));
	if (!bt)
		return -ENOMEM;
	bt->q = q;
	bt->dev = q->disk->part0.devt;
	bt->cpu = calloc(nr_cpus, sizeof(*bt->cpu));
	if (!bt->cpu)
		goto out_free;
	bt->nr_cpus = nr_cpus;
	for (unsigned int i = 0; i < nr_cpus; i++)
		bt->cpu[i].fd = -1;
	for (unsigned int i = 0; i < nr_cpus; i++) {
		bt->cpu[i].buf = malloc(BT_BUF_SIZE);
		if (!bt->cpu[i].buf) {
			ret = -ENOMEM;
			goto out_free;
		}
		ret = open_cpu_file(dir, name, i);
		if (ret < 0)
			goto out_free;
		bt->cpu[i].fd = ret;
	}
	/* blk_trace_startstop(): the wall-clock time of the start */
	words[0] = (uint32_t)(q->sim->now / NSEC_PER_SEC);
	words[1] = (uint32_t)(q->sim->now % NSEC_PER_SEC);
	put_note(bt, &bt->cpu[0], 0, 0, BLK_TN_TIMESTAMP, words,
		 sizeof(words));
	q->blk_trace = bt;
	return 0;

out_free:
	blk_trace_free(bt);
	return ret;
}

/**
 * blk_trace_set_limit - stop writing @q's trace before it passes @bytes
 * (summed over its per-CPU files; 0 = no limit)
 */
void blk_trace_set_limit(struct request_queue *q, uint64_t bytes)
{
	if (q->blk_trace)
		q->blk_trace->limit = bytes;
}

/**
 * blk_trace_truncated - has @q's trace dropped records at its size limit?
 */
bool blk_trace_truncated(const struct request_queue *q)
{
	return q->blk_trace && q->blk_trace->truncated;
}

/**
 * blk_trace_shutdown - flush and close the trace files of @q
 * Return: 0, -EINVAL if @q is not traced, or the first error met while
 * tracing (-EIO and friends from write(), -ERANGE for an event on a CPU
 * beyond nr_cpus, -ENOMEM).
 */
int blk_trace_shutdown(struct request_queue *q)
{
	struct blk_trace *bt = q->blk_trace;
	int ret;

	if (!bt)
		return -EINVAL;
	for (unsigned int i = 0; i < bt->nr_cpus; i++) {
		cpu_flush(bt, &bt->cpu[i]);
		if (close(bt->cpu[i].fd))
			bt_set_err(bt, -errno);
		bt->cpu[i].fd = -1;
	}
	ret = bt->err;
	q->blk_trace = NULL;
	blk_trace_free(bt);
	return ret;
}

/**
 * __blk_add_trace_bio - Q, M or F for @bio (sector already on the disk)
 */
void __blk_add_trace_bio(struct request_queue *q, struct bio *bio,
			 uint32_t what)
{
	add_trace(q->blk_trace, bio->bi_cpu, bio->bi_pid, bio->bi_comm,
		  bio->bi_sector, bio->bi_size, what | bio_rw_act(bio->bi_rw),
		  0, NULL, 0);
}

/**
 * __blk_add_trace_rq - I, D, C or R for @rq, as a filesystem request
 *
 * Only the direction goes into the categories: see the top of this file.
 * The error field is the errno of @rq->errors as a positive number (0
 * until the completion sets it).
 */
void __blk_add_trace_rq(struct request_queue *q, struct request *rq,
			uint32_t what)
{
	uint32_t rw = BLK_TC_ACT(rq_data_dir(rq) ? BLK_TC_WRITE : BLK_TC_READ);
	int err = rq->errors < 0 ? -rq->errors : rq->errors;

	add_trace(q->blk_trace, rq->cpu, rq->pid, rq->comm, rq->sector,
		  rq->nr_sectors << SECTOR_SHIFT,
		  what | BLK_TC_ACT(BLK_TC_FS) | rw,
		  (uint16_t)(err > 0xffff ? 0xffff : err), NULL, 0);
}

/**
 * __blk_add_trace_getrq - G or S: a request allocated (or waited for) for
 * @bio; blk_add_trace_getrq() logs the bio's sector and size
 */
void __blk_add_trace_getrq(struct request_queue *q, struct bio *bio,
			   uint32_t what)
{
	__blk_add_trace_bio(q, bio, what);
}

/**
 * __blk_add_trace_plug - P: the queue got plugged by @pid on @cpu
 */
void __blk_add_trace_plug(struct request_queue *q, uint32_t pid,
			  uint32_t cpu, const char *comm)
{
	add_trace(q->blk_trace, cpu, pid, comm, 0, 0,
		  BLK_TA_PLUG | BLK_TC_ACT(BLK_TC_READ), 0, NULL, 0);
}

/**
 * __blk_add_trace_unplug - U (@what = BLK_TA_UNPLUG_IO) or UT
 * (BLK_TA_UNPLUG_TIMER) with @nr_queued requests in the queue
 */
void __blk_add_trace_unplug(struct request_queue *q, uint32_t what,
			    unsigned int nr_queued)
{
	struct blk_trace *bt = q->blk_trace;
	unsigned char pdu[8];
	uint32_t pid = 0, cpu = 0;
	const char *comm = kblockd_comm;

	if (what != BLK_TA_UNPLUG_TIMER) {
		pid = bt->cur_pid;
		cpu = bt->cur_cpu;
		comm = bt->cur_comm;
	}
	put_be64(pdu, nr_queued);
	add_trace(bt, cpu, pid, comm, 0, 0, what | BLK_TC_ACT(BLK_TC_READ), 0,
		  pdu, sizeof(pdu));
}

/**
 * __blk_add_trace_remap - A: @bio (now on the disk, at a disk sector) came
 * from partition @from_dev at partition sector @from_sector
 */
void __blk_add_trace_remap(struct request_queue *q, struct bio *bio,
			   uint32_t from_dev, sector_t from_sector)
{
	struct blk_trace *bt = q->blk_trace;
	unsigned char pdu[sizeof(struct blk_io_trace_remap)];

	_Static_assert(sizeof(pdu) == 16, "remap payload is 16 bytes");
	put_be32(pdu, from_dev);
	put_be32(pdu + 4, bt->dev);
	put_be64(pdu + 8, from_sector);
	add_trace(bt, bio->bi_cpu, bio->bi_pid, bio->bi_comm, bio->bi_sector,
		  bio->bi_size, BLK_TA_REMAP | bio_rw_act(bio->bi_rw), 0, pdu,
		  sizeof(pdu));
}
