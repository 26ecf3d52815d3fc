// SPDX-License-Identifier: GPL-2.0
/*
 * Replay statistics (response times, per-direction counts) and the replay
 * output directory: the library half of `wbsim replay` (cmd/replay.c is
 * the command line).
 */
#include <errno.h>
#include <unistd.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "replay.h"
#include "wb/percentile.h"

/**
 * replay_stats_add - account one completed bio
 */
void replay_stats_add(struct replay_stats *st, int dir, uint32_t bytes,
		      sim_time_t latency, int error)
{
	if (st->nr_lat == st->cap_lat) {
		size_t cap = st->cap_lat ? st->cap_lat * 2 : 4096;
		uint64_t *lat = realloc(st->lat, cap * sizeof(*lat));

		if (!lat) {
			st->nr_errors++;
			return;
		}
		st->lat = lat;
		st->cap_lat = cap;
	}
	st->nr_done++;
	if (error) {
		st->nr_errors++;
		return;
	}
	st->lat[st->nr_lat++] = latency;
	st->nr[dir]++;
	st->bytes[dir] += bytes;
}

void replay_stats_free(struct replay_stats *st)
{
	free(st->lat);
	st->lat = NULL;
	st->nr_lat = st->cap_lat = 0;
}

static void swap_u64(uint64_t *a, uint64_t *b)
{
	uint64_t t = *a;

	*a = *b;
	*b = t;
}

/* Hoare-style quickselect: after it, v[k] is the k-th smallest. */
static void select_kth(uint64_t *v, size_t n, size_t k)
{
	size_t lo = 0, hi = n - 1;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2, i = lo, j = hi;
		uint64_t pivot;

		/* median of three: deterministic, and no O(n^2) on sorted input */
		if (v[mid] < v[lo])
			swap_u64(&v[mid], &v[lo]);
		if (v[hi] < v[lo])
			swap_u64(&v[hi], &v[lo]);
		if (v[hi] < v[mid])
			swap_u64(&v[hi], &v[mid]);
		pivot = v[mid];
		while (i <= j) {
			while (v[i] < pivot)
				i++;
			while (v[j] > pivot)
				j--;
			if (i <= j) {
				swap_u64(&v[i], &v[j]);
				i++;
				if (j == 0)
					break;
				j--;
			}
		}
		if (k <= j)
			hi = j;
		else if (k >= i)
			lo = i;
		else
			return;
	}
}

/**
 * percentile_select - nearest-rank percentile @p (0 < p <= 100) of @v
 *
 * The value at wb_nearest_rank() (wbfair's rule); reorders @v. Exact, O(n).
 */
uint64_t percentile_select(uint64_t *v, size_t n, double p)
{
	size_t rank;

	if (!n)
		return 0;
	rank = wb_nearest_rank(n, p);
	select_kth(v, n, rank - 1);
	return v[rank - 1];
}

static double ms(uint64_t ns)
{
	return (double)ns / 1e6;
}

/**
 * replay_stats_print - the report: counts, throughput, response times
 *
 * Throughput is over the simulated interval from the first arrival to the
 * last completion. MB = 10^6 bytes. Reorders st->lat.
 */
void replay_stats_print(FILE *f, struct replay_stats *st)
{
	double span = (double)(st->last_done - st->first_arrival) / 1e9;
	uint64_t sum = 0, max = 0;

	for (size_t i = 0; i < st->nr_lat; i++) {
		sum += st->lat[i];
		if (st->lat[i] > max)
			max = st->lat[i];
	}
	fprintf(f, "requests      %" PRIu64 " (%" PRIu64 " read, %" PRIu64
		" write, %" PRIu64 " errors, %" PRIu64 " skipped)\n",
		st->nr_submitted, st->nr[0], st->nr[1], st->nr_errors,
		st->nr_skipped);
	fprintf(f, "simulated     %.6f s (first arrival to last completion)\n",
		span);
	if (span > 0)
		fprintf(f, "throughput    %.3f MB/s (read %.3f, write %.3f), %.1f IOPS\n",
			(double)(st->bytes[0] + st->bytes[1]) / 1e6 / span,
			(double)st->bytes[0] / 1e6 / span,
			(double)st->bytes[1] / 1e6 / span,
			(double)(st->nr[0] + st->nr[1]) / span);
	if (st->nr_lat) {
		double mean = (double)sum / (double)st->nr_lat / 1e6;
		uint64_t p50 = percentile_select(st->lat, st->nr_lat, 50);
		uint64_t p95 = percentile_select(st->lat, st->nr_lat, 95);
		uint64_t p99 = percentile_select(st->lat, st->nr_lat, 99);

		fprintf(f, "response ms   mean %.3f  p50 %.3f  p95 %.3f  p99 %.3f  max %.3f\n",
			mean, ms(p50), ms(p95), ms(p99), ms(max));
	}
	fprintf(f, "disk          busy %.6f s (%.1f%%), %" PRIu64 " commands\n",
		(double)st->disk.busy_ns / 1e9,
		span > 0 ? 100.0 * (double)st->disk.busy_ns / 1e9 / span : 0.0,
		st->disk.nr_cmds[0] + st->disk.nr_cmds[1]);
	fprintf(f, "queue         %" PRIu64 " requests, merges back %" PRIu64
		" front %" PRIu64 " rq %" PRIu64 ", %" PRIu64
		" sleeps, congested %" PRIu64 " times\n",
		st->qstats.nr_requests_alloc, st->qstats.nr_back_merges,
		st->qstats.nr_front_merges, st->qstats.nr_rq_merges,
		st->qstats.nr_sleeps, st->qstats.nr_congestion_on);
	for (int i = -1; i < st->nr_parts; i++) {
		const struct block_device *b = i < 0 ? &st->part0 : &st->parts[i];

		fprintf(f, "%-13s read %" PRIu64 " sectors in %" PRIu64
			" ios, wrote %" PRIu64 " sectors in %" PRIu64 " ios\n",
			b->name, b->sectors_done[0], b->ios_done[0],
			b->sectors_done[1], b->ios_done[1]);
	}
}

/**
 * replay_prepare_outdir - create @dir and write its geometry file
 *
 * The geometry file is the run directory's partition table for wbfair:
 * one line per device, "NAME MAJ,MIN DISK START SECTORS".
 */
int replay_prepare_outdir(struct disk *d, const char *dir, char *errmsg,
			  size_t errlen)
{
	char path[4096], tmp[4200];
	FILE *f;
	int bad;

	if (mkdir(dir, 0777) && errno != EEXIST) {
		snprintf(errmsg, errlen, "%s: %s", dir, strerror(errno));
		return -errno;
	}
	snprintf(path, sizeof(path), "%s/geometry", dir);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f) {
		snprintf(errmsg, errlen, "%s: %s", path, strerror(errno));
		return -errno;
	}
	disk_write_geometry(d, f);
	bad = ferror(f);
	if (fclose(f) || bad || rename(tmp, path)) {
		snprintf(errmsg, errlen, "%s: %s", path, strerror(errno ? errno : EIO));
		unlink(tmp);
		return -EIO;
	}
	return 0;
}
