// SPDX-License-Identifier: GPL-2.0
/*
 * `wbsim replay -f disksim-validate TRACE`: DiskSim's closed-loop
 * validation traces, run against the scenario's disk model.
 *
 * A trace line is one request measured on a real drive:
 *
 *	R Miss  564347     2     14095.370     13876.270
 *	dir cache-outcome block(512 B) blocks access-time(us) think-time(us)
 *
 * The loop is closed: request i + 1 is issued think_i after request i
 * completes, and there is never more than one request in the drive, so
 * the model is driven directly through its ops (no request queue, no
 * elevator: DiskSim's validation runs have neither in the way either).
 * That also keeps the replay at several million requests a second.
 *
 * The report compares the simulated access times with column 5:
 * the means, their error, and DiskSim's rms demerit (Ruemmler & Wilkes):
 * the root mean square horizontal distance between the simulated and the
 * measured response-time distributions, divided by the measured mean.
 * Both distributions are the empirical ones of the same n requests (in
 * integer ns: the trace's us have three decimals), so
 * the horizontal distance at cumulative fraction (i + 0.5) / n is
 * sim_sorted[i] - measured_sorted[i], and the demerit is
 * sqrt(sum (sim_sorted[i] - measured_sorted[i])^2 / n) / measured mean.
 * (DiskSim bins both into histograms first; the exact quantiles are the
 * limit of fine bins.)
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "disksim.h"

struct dsv_req {
	sector_t blkno;
	uint32_t bcount;
	bool write;
	double measured_us, think_us;
	unsigned long lineno;
};

static bool parse_double(const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	return end != s && !*end && !errno && isfinite(*v) && *v >= 0;
}

static bool parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return !*end && !errno;
}

/*
 * One line into @q; 0, 1 for a blank or comment line, or -EINVAL with
 * "what is wrong" in @err.
 */
static int dsv_parse_line(char *line, struct dsv_req *q, char *err,
			  size_t errlen)
{
	char *tok[7];
	uint64_t blk, cnt;
	int n = 0;

	/* split on blanks by hand: strtok_r was a fifth of a replay */
	for (char *c = line; *c && n < 7;) {
		while (*c == ' ' || *c == '\t' || *c == '\r' || *c == '\n')
			*c++ = '\0';
		if (!*c)
			break;
		tok[n++] = c;
		while (*c && *c != ' ' && *c != '\t' && *c != '\r' && *c != '\n')
			c++;
	}
	if (!n || tok[0][0] == '#')
		return 1;
	if (n != 6) {
		snprintf(err, errlen,
			 "%d fields, want 6: R|W Miss|Hit|Doub|Trip block blocks access-us think-us",
			 n);
		return -EINVAL;
	}
	if (strcmp(tok[0], "R") && strcmp(tok[0], "W")) {
		snprintf(err, errlen, "'%.32s' is not R or W", tok[0]);
		return -EINVAL;
	}
	if (strcmp(tok[1], "Miss") && strcmp(tok[1], "Hit") &&
	    strcmp(tok[1], "Doub") && strcmp(tok[1], "Trip")) {
		snprintf(err, errlen, "'%.32s' is not Miss, Hit, Doub or Trip",
			 tok[1]);
		return -EINVAL;
	}
	if (!parse_u64(tok[2], &blk) || blk > (1ULL << 40)) {
		snprintf(err, errlen, "'%.32s' is not a block number", tok[2]);
		return -EINVAL;
	}
	if (!parse_u64(tok[3], &cnt) || !cnt || cnt > 65536) {
		snprintf(err, errlen, "'%.32s' is not a block count in [1, 65536]",
			 tok[3]);
		return -EINVAL;
	}
	if (!parse_double(tok[4], &q->measured_us) ||
	    q->measured_us > 1e9) {
		snprintf(err, errlen, "'%.32s' is not an access time in us",
			 tok[4]);
		return -EINVAL;
	}
	if (!parse_double(tok[5], &q->think_us) || q->think_us > 1e12) {
		snprintf(err, errlen, "'%.32s' is not a think time in us",
			 tok[5]);
		return -EINVAL;
	}
	q->write = tok[0][0] == 'W';
	q->blkno = blk;
	q->bcount = cnt;
	return 0;
}

/**
 * dsv_read - read a whole validate trace
 * @reqs: receives a malloc'ed array, free() it
 * @err: "FILE:LINE: what is wrong" on -EINVAL
 *
 * Return: 0, -EINVAL for bad input, -ENOMEM.
 */
static int dsv_read(const char *path, struct dsv_req **reqs, size_t *nr,
		    char *err, size_t errlen)
{
	FILE *f = strcmp(path, "-") ? fopen(path, "r") : stdin;
	struct dsv_req *v = NULL;
	size_t n = 0, cap = 0;
	unsigned long lineno = 0;
	char line[512], what[256];
	int ret = 0;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -EINVAL;
	}
	while (fgets(line, sizeof(line), f)) {
		struct dsv_req q;
		size_t len = strlen(line);

		lineno++;
		if (len == sizeof(line) - 1 && line[len - 1] != '\n' &&
		    !feof(f)) {
			snprintf(err, errlen, "%s:%lu: line longer than %zu bytes",
				 path, lineno, sizeof(line) - 2);
			ret = -EINVAL;
			break;
		}
		ret = dsv_parse_line(line, &q, what, sizeof(what));
		if (ret < 0) {
			snprintf(err, errlen, "%s:%lu: %s", path, lineno, what);
			break;
		}
		if (ret) {
			ret = 0;	/* blank or comment */
			continue;
		}
		if (n == cap) {
			size_t c = cap ? 2 * cap : 4096;
			struct dsv_req *nv = realloc(v, c * sizeof(*nv));

			if (!nv) {
				ret = -ENOMEM;
				snprintf(err, errlen, "%s: out of memory", path);
				break;
			}
			v = nv;
			cap = c;
		}
		q.lineno = lineno;
		v[n++] = q;
	}
	if (!ret && ferror(f)) {
		snprintf(err, errlen, "%s: %s", path, strerror(EIO));
		ret = -EINVAL;
	}
	if (!ret && !n) {
		snprintf(err, errlen, "%s:%lu: no requests in the trace", path,
			 lineno);
		ret = -EINVAL;
	}
	if (f != stdin)
		fclose(f);
	if (ret) {
		free(v);
		return ret;
	}
	*reqs = v;
	*nr = n;
	return 0;
}

/* LSD radix sort, 16 bits a pass: O(n), where qsort was a fifth of a run */
static int sort_u64(uint64_t *v, size_t n)
{
	uint64_t *tmp = malloc(n * sizeof(*tmp)), *src = v, *dst = tmp, *t;
	size_t *count = calloc(65536, sizeof(*count));

	if (!tmp || !count) {
		free(tmp);
		free(count);
		return -ENOMEM;
	}
	for (int shift = 0; shift < 64; shift += 16) {
		size_t pos = 0;

		memset(count, 0, 65536 * sizeof(*count));
		for (size_t i = 0; i < n; i++)
			count[(src[i] >> shift) & 0xffff]++;
		for (size_t k = 0; k < 65536; k++) {
			size_t c = count[k];

			count[k] = pos;
			pos += c;
		}
		for (size_t i = 0; i < n; i++)
			dst[count[(src[i] >> shift) & 0xffff]++] = src[i];
		t = src;
		src = dst;
		dst = t;
	}
	/* four passes: the sorted data is back in @v */
	free(tmp);
	free(count);
	return 0;
}

/**
 * disksim_demerit - DiskSim's rms demerit of @sim against @meas (both @n, ns)
 *
 * Sorts both arrays. See the comment at the top of the file.
 * Return: the demerit as a fraction of the measured mean (0 if n == 0),
 * or NAN if out of memory.
 */
double disksim_demerit(uint64_t *sim, uint64_t *meas, size_t n)
{
	double sq = 0, mean = 0;

	if (!n)
		return 0;
	if (sort_u64(sim, n) || sort_u64(meas, n))
		return NAN;
	for (size_t i = 0; i < n; i++) {
		double d = (double)sim[i] - (double)meas[i];

		sq += d * d;
		mean += meas[i];
	}
	mean /= n;
	return mean > 0 ? sqrt(sq / n) / mean : 0;
}

/**
 * disksim_validate_run - closed-loop replay of @path on @s's disk
 * @res: the figures; @errmsg: "FILE:LINE: ..." on -EINVAL
 *
 * Return: 0, -EINVAL for bad input (trace or disk), -ENOMEM.
 */
int disksim_validate_run(struct scenario *s, const char *path,
			 struct dsv_result *res, char *errmsg, size_t errlen)
{
	struct dsv_req *v = NULL;
	uint64_t *sim_ns = NULL, *meas_ns = NULL;
	double sum_sim = 0, sum_meas = 0;
	struct sim sim;
	struct disk d;
	sim_time_t now = 0;
	size_t n = 0;
	int ret;

	ret = dsv_read(path, &v, &n, errmsg, errlen);
	if (ret)
		return ret;
	sim_init(&sim, s->sim.seed);
	ret = disk_init(&d, &sim, &s->disk, scenario_model_params(s), 0);
	if (ret) {
		snprintf(errmsg, errlen, "scenario: bad disk definition");
		ret = -EINVAL;
		goto out_sim;
	}
	sim_ns = malloc(n * sizeof(*sim_ns));
	meas_ns = malloc(n * sizeof(*meas_ns));
	if (!sim_ns || !meas_ns) {
		snprintf(errmsg, errlen, "out of memory");
		ret = -ENOMEM;
		goto out_disk;
	}
	for (size_t i = 0; i < n; i++) {
		sector_t total = d.gd.part0.nr_sects;
		struct request rq = {
			.sector = v[i].blkno, .nr_sectors = v[i].bcount,
			.cmd_flags = v[i].write ? REQ_WRITE : 0,
		};
		sim_time_t done;

		if (v[i].blkno >= total || v[i].bcount > total - v[i].blkno) {
			snprintf(errmsg, errlen,
				 "%s:%lu: blocks %" PRIu64 "+%u lie beyond the end of the disk (%" PRIu64 " blocks)",
				 path, v[i].lineno, (uint64_t)v[i].blkno, v[i].bcount,
				 (uint64_t)total);
			ret = -EINVAL;
			goto out_disk;
		}
		done = d.ops->access(&d, &rq, now);
		sim_ns[i] = done - now;
		meas_ns[i] = (uint64_t)llround(v[i].measured_us * 1e3);
		sum_sim += sim_ns[i] / 1e6;
		sum_meas += meas_ns[i] / 1e6;
		d.stats.nr_cmds[v[i].write]++;
		now = done + (sim_time_t)llround(v[i].think_us * 1e3);
	}
	res->nr = n;
	res->sim_mean_ms = sum_sim / n;
	res->measured_mean_ms = sum_meas / n;
	res->error_pct = sum_meas > 0 ? 100.0 * (sum_sim - sum_meas) / sum_meas : 0;
	res->demerit = disksim_demerit(sim_ns, meas_ns, n);
	if (isnan(res->demerit)) {
		snprintf(errmsg, errlen, "out of memory");
		ret = -ENOMEM;
	}
	res->end_time = now;
out_disk:
	disk_exit(&d);
out_sim:
	sim_exit(&sim);
	free(sim_ns);
	free(meas_ns);
	free(v);
	return ret;
}

void disksim_validate_print(FILE *f, const struct dsv_result *r)
{
	fprintf(f, "requests      %zu\n", r->nr);
	fprintf(f, "access ms     simulated %.3f  measured %.3f  error %+.2f%%\n",
		r->sim_mean_ms, r->measured_mean_ms, r->error_pct);
	fprintf(f, "rms demerit   %.4f (fraction of the measured mean)\n",
		r->demerit);
	fprintf(f, "simulated     %.6f s\n", (double)r->end_time / 1e9);
}
