// SPDX-License-Identifier: GPL-2.0
/*
 * CFQ's per-process state as of v2.6.30 (the cfq_io_context part of
 * block/cfq-iosched.c): one context per submitting pid, found through a
 * hash, holding the process's own sync queue and a pointer to the shared
 * async queue of its priority, and the decaying averages of its think
 * time and seek distance that decide whether CFQ idles for it.
 *
 * The kernel keeps the contexts in the task's io_context and frees them
 * when the task exits; the simulator's tasks never exit, so they live
 * until the queue is torn down.
 */
#include <errno.h>
#include <stdlib.h>

#include "cfq.h"

static inline unsigned int cic_hash_fn(uint32_t pid)
{
	return (pid * 0x9E3779B1U) >> (32 - CIC_HASH_BITS);
}

static struct cfq_io_context *cfq_cic_lookup(struct cfq_data *cfqd,
					     uint32_t pid)
{
	struct cfq_io_context *cic = cfqd->cic_hash[cic_hash_fn(pid)];

	while (cic && cic->pid != pid)
		cic = cic->hash_next;
	return cic;
}

static struct cfq_queue *cfq_alloc_queue(struct cfq_data *cfqd, bool sync,
					 uint32_t pid)
{
	struct cfq_queue *cfqq = calloc(1, sizeof(*cfqq));

	if (!cfqq)
		return NULL;
	cfqq->cfqd = cfqd;
	cfqq->sort_list = RB_ROOT;
	INIT_LIST_HEAD(&cfqq->fifo);
	cfqq->ioprio = CFQ_DEFAULT_PRIO;
	cfqq->pid = pid;
	cfqq->sync = sync;
	cfqq->idle_window = sync;
	return cfqq;
}

/**
 * cfq_bio_cfqq - the queue @bio would go to, NULL if it does not exist yet
 */
struct cfq_queue *cfq_bio_cfqq(struct cfq_data *cfqd,
				      const struct bio *bio)
{
	struct cfq_io_context *cic;

	if (!bio_is_sync(bio))
		return cfqd->async_cfqq[CFQ_DEFAULT_PRIO];
	cic = cfq_cic_lookup(cfqd, bio->bi_pid);
	return cic ? cic->cfqq[1] : NULL;
}

/**
 * cfq_set_request - attach a new request to its process and queue
 * (elevator_set_req_fn), creating them on first use
 * Return: 0 or -ENOMEM.
 */
int cfq_set_request(struct request_queue *q, struct request *rq,
		    struct bio *bio)
{
	struct cfq_data *cfqd = elv_data(q);
	const bool sync = bio_is_sync(bio);
	struct cfq_io_context *cic = cfq_cic_lookup(cfqd, bio->bi_pid);
	struct cfq_queue *cfqq;

	if (!cic) {
		unsigned int h = cic_hash_fn(bio->bi_pid);

		cic = calloc(1, sizeof(*cic));
		if (!cic)
			return -ENOMEM;
		cic->pid = bio->bi_pid;
		cic->last_end_request = cfq_now(cfqd);
		cic->hash_next = cfqd->cic_hash[h];
		cfqd->cic_hash[h] = cic;
	}
	cfqq = cic->cfqq[sync];
	if (!cfqq) {
		if (sync) {
			cfqq = cfq_alloc_queue(cfqd, true, bio->bi_pid);
		} else {
			struct cfq_queue **async =
				&cfqd->async_cfqq[CFQ_DEFAULT_PRIO];

			if (!*async)
				*async = cfq_alloc_queue(cfqd, false,
							 bio->bi_pid);
			cfqq = *async;
		}
		if (!cfqq)
			return -ENOMEM;
		cic->cfqq[sync] = cfqq;
	}
	cfqq->allocated[rq_data_dir(rq)]++;
	rq->elv_priv[0] = cic;
	rq->elv_priv[1] = cfqq;
	return 0;
}

/**
 * cfq_put_request - the request is freed (elevator_put_req_fn)
 */
void cfq_put_request(struct request *rq)
{
	struct cfq_queue *cfqq = RQ_CFQQ(rq);

	if (cfqq)
		cfqq->allocated[rq_data_dir(rq)]--;
	rq->elv_priv[0] = rq->elv_priv[1] = NULL;
}

/* Decaying averages with weight 1/8 per sample, as the kernel keeps them. */
static void cfq_update_io_thinktime(struct cfq_data *cfqd,
				    struct cfq_io_context *cic)
{
	sim_time_t elapsed = cfq_now(cfqd) - cic->last_end_request;
	sim_time_t ttime = elapsed < 2 * cfqd->p->slice_idle ?
		elapsed : 2 * cfqd->p->slice_idle;

	cic->ttime_samples = (7 * cic->ttime_samples + 256) / 8;
	cic->ttime_total = (7 * cic->ttime_total + 256 * ttime) / 8;
	cic->ttime_mean = (cic->ttime_total + 128) / cic->ttime_samples;
}

static void cfq_update_io_seektime(struct cfq_io_context *cic,
				   const struct request *rq)
{
	sector_t sdist, cap;

	if (cic->last_request_pos < rq->sector)
		sdist = rq->sector - cic->last_request_pos;
	else
		sdist = cic->last_request_pos - rq->sector;
	/* one odd far seek must not dominate the mean */
	cap = cic->seek_mean * 4 +
		(cic->seek_samples <= 60 ? 2 * 1024 * 1024 : 2 * 1024 * 64);
	if (sdist > cap)
		sdist = cap;
	cic->seek_samples = (7 * cic->seek_samples + 256) / 8;
	cic->seek_total = (7 * cic->seek_total + 256 * (uint64_t)sdist) / 8;
	cic->seek_mean = (cic->seek_total + cic->seek_samples / 2) /
		cic->seek_samples;
}

static void cfq_update_idle_window(struct cfq_data *cfqd,
				   struct cfq_queue *cfqq,
				   const struct cfq_io_context *cic)
{
	bool enable_idle = cfqq->idle_window;

	if (!cfqq->sync)
		return;
	if (!cfqd->p->slice_idle ||
	    (cfqd->hw_tag && cic->seek_mean > CIC_SEEKY_SECTORS))
		enable_idle = false;
	else if (sample_valid(cic->ttime_samples))
		enable_idle = cic->ttime_mean <= cfqd->p->slice_idle;
	cfqq->idle_window = enable_idle;
}

/**
 * cfq_update_io_stats - account a new request of @cic's process
 *
 * Think time (since its last sync completion) and seek distance (from
 * where its last request ended) feed the decaying averages, which decide
 * whether its sync queue may idle.
 */
void cfq_update_io_stats(struct cfq_data *cfqd, struct cfq_queue *cfqq,
			 struct cfq_io_context *cic, const struct request *rq)
{
	cfq_update_io_thinktime(cfqd, cic);
	cfq_update_io_seektime(cic, rq);
	cfq_update_idle_window(cfqd, cfqq, cic);
	cic->last_request_pos = rq_end_sector(rq);
}

/**
 * cfq_free_io_contexts - free every process context and every queue
 */
void cfq_free_io_contexts(struct cfq_data *cfqd)
{
	for (unsigned int i = 0; i < ARRAY_SIZE(cfqd->cic_hash); i++) {
		while (cfqd->cic_hash[i]) {
			struct cfq_io_context *cic = cfqd->cic_hash[i];

			cfqd->cic_hash[i] = cic->hash_next;
			free(cic->cfqq[1]);
			free(cic);
		}
	}
	for (unsigned int i = 0; i < CFQ_PRIO_LISTS; i++) {
		free(cfqd->async_cfqq[i]);
		cfqd->async_cfqq[i] = NULL;
	}
}
