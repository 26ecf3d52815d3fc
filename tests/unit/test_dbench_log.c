// SPDX-License-Identifier: GPL-2.0
/*
 * dbench 4.0 statistics and log lines. Two clients run a known schedule
 * of ops (durations and bytes fixed below, one op lasting 1.5 s); the
 * expected log is built here from dbench's formats and figures counted
 * directly on the schedule (bytes since the end of warmup / seconds since
 * then, op counts and latencies), then compared byte for byte with what
 * dbench-log writes. Real dbench 4.0 output (tests/data, made with
 *
 *	dbench -t 10 -c /usr/share/dbench/client.txt -D $(mktemp -d) 2
 *	dbench -t 6 -c /usr/share/dbench/client.txt -D $(mktemp -d) 2
 *
 * on Debian 12, dbench 4.0-2.1) and ours are parsed with the same scanf
 * formats and reprinted with dbench's printf formats: both must come back
 * unchanged, and have the same sequence of line kinds.
 */
#include <errno.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/workload/dbench-log.h"
#include "check.h"

#define MS		NSEC_PER_MSEC
#define SEC		NSEC_PER_SEC
#define RELEASE		(5 * SEC)	/* when the clients start */
#define NOPS		12000
#define NCLIENTS	2

/*
 * The schedule. Client 0: WriteX of 65536 bytes every 3 ms. Client 1:
 * ReadX of 4096 bytes and QUERY_FILE_INFORMATION alternately, 7 ms each,
 * except op 1301 (a Qfileinfo) that takes 1.5 s; it starts 9.107 s after
 * the release, so a tick sees it in progress and the next one sees the
 * gap (-t 10, -t 25); with -t 6 the clients stop before it.
 */
struct op_sched {
	enum dbench_op_type type;
	sim_time_t start, dur;
	uint64_t bytes;
};

static struct op_sched sched[NCLIENTS][NOPS];

static void make_schedule(void)
{
	for (int c = 0; c < NCLIENTS; c++) {
		sim_time_t t = RELEASE;

		for (int k = 0; k < NOPS; k++) {
			struct op_sched *o = &sched[c][k];

			if (c == 0) {
				o->type = DBENCH_OP_WRITEX;
				o->dur = 3 * MS;
				o->bytes = 65536;
			} else if (k % 2 == 0) {
				o->type = DBENCH_OP_READX;
				o->dur = 7 * MS;
				o->bytes = 4096;
			} else {
				o->type = DBENCH_OP_QFILEINFO;
				o->dur = k == 1301 ? 1500 * MS : 7 * MS;
				o->bytes = 0;
			}
			o->start = t;
			t += o->dur;
		}
	}
}

/* ops client @c completed by time @t (an op ending at @t counts) */
static int completed(int c, sim_time_t t)
{
	int lo = 0, hi = NOPS - 1;	/* ends are increasing: bisect */

	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (sched[c][mid].start + sched[c][mid].dur <= t)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

static uint64_t bytes_by(int c, sim_time_t t)
{
	uint64_t b = 0;

	for (int k = 0, n = completed(c, t); k < n; k++)
		b += sched[c][k].bytes;
	return b;
}

/*
 * The "latency" of a tick at @t whose previous latency-resetting tick was
 * at @tp: per client, the gaps between op starts in (tp, t] (dbench
 * measures none until the client's second op has moved bytes: from op 2)
 * and the age of the op in progress; the max of all.
 */
static sim_time_t tick_latency(sim_time_t tp, sim_time_t t)
{
	sim_time_t lat = 0;

	for (int c = 0; c < NCLIENTS; c++) {
		int cur = completed(c, t);

		for (int k = 2; k <= cur; k++) {
			sim_time_t gap = sched[c][k].start - sched[c][k - 1].start;

			if (sched[c][k].start > tp && gap > lat)
				lat = gap;
		}
		if (t - sched[c][cur].start > lat)
			lat = t - sched[c][cur].start;
	}
	return lat;
}

static const struct dbench_log_params base_par = {
	.loadfile = "/usr/share/dbench/client.txt",
	.timelimit = 10,
	.warmup = -1,
	.nprocs = NCLIENTS,
};

/*
 * Drive dbench-log as the executor would: ops back to back, ticks every
 * second, op ends before a tick at the same instant; a stopped client
 * finishes its last op, then cleans up for cleanup[c].
 */
static char *run(const struct dbench_log_params *par, const sim_time_t *cleanup,
		 double *throughput)
{
	sim_time_t finish_at[NCLIENTS] = { 0 }, next_tick = RELEASE + SEC, now;
	struct dbench_stats st;
	int k[NCLIENTS] = { 0 };
	bool stopped[NCLIENTS] = { false };
	size_t len;
	char *text;
	FILE *f = open_memstream(&text, &len);

	CHECK(dbench_log_header(f, par) == 0);
	CHECK(dbench_stats_init(&st, par, RELEASE) == 0);
	CHECK(dbench_log_launch(f, par) == 0);
	for (int c = 0; c < NCLIENTS; c++) {
		dbench_stats_pass_start(&st, c);
		dbench_stats_op_begin(&st, c, RELEASE, 1, DBENCH_UNTIMED);
	}
	for (;;) {
		int who = -1;

		now = next_tick;
		for (int c = 0; c < NCLIENTS; c++) {
			sim_time_t t = stopped[c] ? finish_at[c] :
				       sched[c][k[c]].start + sched[c][k[c]].dur;

			if (finish_at[c] && st.c[c].cleanup_finished)
				continue;
			if (t <= now && (who < 0 || t < now)) {
				now = t;
				who = c;
			}
		}
		if (who < 0) {
			CHECK(dbench_stats_tick(&st, now, f) == 0);
			next_tick += SEC;
			continue;
		}
		if (stopped[who]) {
			dbench_stats_client_finished(&st, who);
			if (st.c[0].cleanup_finished && st.c[1].cleanup_finished)
				break;
			continue;
		}
		dbench_stats_op_end(&st, who, sched[who][k[who]].type, now,
				    sched[who][k[who]].bytes);
		if (dbench_stats_done(&st)) {
			stopped[who] = true;
			finish_at[who] = now + cleanup[who];
			continue;
		}
		k[who]++;
		if (k[who] == NOPS - 1) {	/* the schedule is too short */
			CHECK(0);
			break;
		}
		CHECK_EQ_U64(sched[who][k[who]].start, now);
		dbench_stats_op_begin(&st, who, now, k[who] + 1, DBENCH_UNTIMED);
	}
	CHECK(dbench_stats_finish(&st, now, f) == 0);
	*throughput = st.throughput;
	dbench_stats_free(&st);
	fclose(f);
	return text;
}

static int appendf(char *buf, size_t size, size_t *n, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int appendf(char *buf, size_t size, size_t *n, const char *fmt, ...)
{
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = vsnprintf(buf + *n, size - *n, fmt, ap);
	va_end(ap);
	*n += r;
	return r;
}

/* what dbench would print for this schedule, from first principles */
static void expected_log(const struct dbench_log_params *par,
			 const sim_time_t *cleanup, char *out, size_t size,
			 double *last_mbps)
{
	int warmup = par->timelimit / 5, tick;
	sim_time_t start = RELEASE, tp = RELEASE, worst = 0, t_done, t_end = 0;
	size_t n = 0;

	appendf(out, size, &n, "dbench version 4.00 - Copyright Andrew Tridgell 1999-2004\n\n");
	appendf(out, size, &n, "Running for %d seconds with load '%s' and minimum warmup %d secs\n",
		par->timelimit, par->loadfile, warmup);
	appendf(out, size, &n, "2 of 2 processes prepared for launch   0 sec\nreleasing clients\n");

	/* both clients move bytes in their first op, so warmup ends by time */
	for (tick = 1; tick < warmup; tick++) {
		sim_time_t T = RELEASE + tick * SEC;
		int lines = (completed(0, T) + 1 + completed(1, T) + 1) / 2;
		uint64_t b = bytes_by(0, T) + bytes_by(1, T);

		appendf(out, size, &n, "   2  %8d  %7.2f MB/sec  warmup %3.0f sec  latency %.03f ms\n",
			lines, 1e-6 * b / tick, (double)tick,
			tick_latency(tp, T) / 1e6);
		tp = T;
	}
	/* the tick at t = warmup prints nothing and restarts the clock */
	start = RELEASE + warmup * SEC;
	for (tick = 1; tick < par->timelimit; tick++) {
		sim_time_t T = start + tick * SEC, lat = tick_latency(tp, T);
		int lines = (completed(0, T) + 1 + completed(1, T) + 1) / 2;
		uint64_t b = bytes_by(0, T) + bytes_by(1, T) -
			     bytes_by(0, start) - bytes_by(1, start);

		*last_mbps = 1e-6 * b / tick;
		appendf(out, size, &n, "   2  %8d  %7.2f MB/sec  execute %3.0f sec  latency %.03f ms\n",
			lines, *last_mbps, (double)tick, lat / 1e6);
		if (lat > worst)
			worst = lat;
		tp = T;
	}
	t_done = start + par->timelimit * SEC;
	appendf(out, size, &n, "   2  cleanup %3.0f sec\n", (double)par->timelimit);
	/* each client ends the op it is in, then cleans up */
	for (int c = 0; c < NCLIENTS; c++) {
		int last = completed(c, t_done);
		sim_time_t fin = sched[c][last].start + sched[c][last].dur +
				 cleanup[c];

		if (fin > t_end)
			t_end = fin;
	}
	for (sim_time_t T = t_done + SEC; T < t_end; T += SEC) {
		int left = 0;

		for (int c = 0; c < NCLIENTS; c++) {
			int last = completed(c, t_done);

			left += sched[c][last].start + sched[c][last].dur +
				cleanup[c] > T;
		}
		appendf(out, size, &n, "%4d  cleanup %3.0f sec\n", left,
			(double)(T - start) / SEC);
	}
	appendf(out, size, &n, "   0  cleanup %3.0f sec\n\n",
		(double)(t_end - start) / SEC);

	/* the table: ops completed after the warmup tick, until the stop */
	appendf(out, size, &n, " Operation      Count    AvgLat    MaxLat\n");
	appendf(out, size, &n, " ----------------------------------------\n");
	for (int type = 0; type < DBENCH_NR_STAT_OPS; type++) {
		unsigned int count = 0;
		sim_time_t total = 0, max = 0;

		for (int c = 0; c < NCLIENTS; c++) {
			for (int k = completed(c, start);
			     k <= completed(c, t_done); k++) {
				if ((int)sched[c][k].type != type)
					continue;
				count++;
				total += sched[c][k].dur;
				if (sched[c][k].dur > max)
					max = sched[c][k].dur;
			}
		}
		if (count)
			appendf(out, size, &n, " %-12s %7u %9.03f %9.03f\n",
				dbench_op_stat_name(type), count,
				total / 1e6 / count, max / 1e6);
	}
	appendf(out, size, &n, "\nThroughput %g MB/sec  2 clients  2 procs  max_latency=%.03f ms\n",
		*last_mbps, worst / 1e6);
}

static void check_run(int timelimit, const sim_time_t *cleanup)
{
	struct dbench_log_params par = base_par;
	static char want[16384];
	double thr, last = 0, parsed_last = -1, parsed_thr = -2;
	char *got, *line;

	par.timelimit = timelimit;
	got = run(&par, cleanup, &thr);
	expected_log(&par, cleanup, want, sizeof(want), &last);
	if (strcmp(got, want)) {
		fprintf(stderr, "-t %d: got\n%s\nwant\n%s\n", timelimit, got, want);
		CHECK(0);
	} else if (getenv("V")) {
		printf("%s", got);
	}
	/* the Throughput figure is the last execute line's */
	CHECK(thr == last);
	for (line = got; line; line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
		double v;

		if (sscanf(line, "%*d %*d %lf MB/sec execute", &v) == 1)
			parsed_last = v;
		if (sscanf(line, "Throughput %lf MB/sec", &v) == 1)
			parsed_thr = v;
	}
	CHECK_NEAR(parsed_thr, parsed_last, 0.006 / parsed_last);
	free(got);
}

/* ---- line formats: scanf in, dbench's printf out, must round-trip ---- */

enum kind {
	K_BANNER, K_EMPTY, K_RUNNING, K_LAUNCH, K_RELEASE, K_WARMUP,
	K_EXECUTE, K_CLEANUP, K_TABLE_HEAD, K_TABLE_SEP, K_ROW, K_THROUGHPUT,
	K_NONE,
};

static enum kind classify(const char *line, double *fig)
{
	char re[512], s[256];
	int a, b, m = -1;
	unsigned int u;
	double x, y, z;

	*fig = -1;
	re[0] = 0;
	if (!strcmp(line, "dbench version 4.00 - Copyright Andrew Tridgell 1999-2004"))
		return K_BANNER;
	if (!line[0])
		return K_EMPTY;
	if (!strcmp(line, "releasing clients"))
		return K_RELEASE;
	if (!strcmp(line, " Operation      Count    AvgLat    MaxLat"))
		return K_TABLE_HEAD;
	if (!strcmp(line, " ----------------------------------------"))
		return K_TABLE_SEP;
	if (sscanf(line, "Running for %d seconds with load '%255[^']' and minimum warmup %d secs%n",
		   &a, s, &b, &m) == 3 && !line[m]) {
		snprintf(re, sizeof(re), "Running for %d seconds with load '%s' and minimum warmup %d secs",
			 a, s, b);
		return strcmp(re, line) ? K_NONE : K_RUNNING;
	}
	if (sscanf(line, "%d of %d processes prepared for launch %lf sec%n",
		   &a, &b, &x, &m) == 3 && !line[m]) {
		snprintf(re, sizeof(re), "%d of %d processes prepared for launch %3.0f sec",
			 a, b, x);
		return strcmp(re, line) ? K_NONE : K_LAUNCH;
	}
	if (sscanf(line, "%d %d %lf MB/sec warmup %lf sec latency %lf ms%n",
		   &a, &b, &x, &y, &z, &m) == 5 && !line[m]) {
		snprintf(re, sizeof(re), "%4d  %8d  %7.2f MB/sec  warmup %3.0f sec  latency %.03f ms",
			 a, b, x, y, z);
		return strcmp(re, line) ? K_NONE : K_WARMUP;
	}
	if (sscanf(line, "%d %d %lf MB/sec execute %lf sec latency %lf ms%n",
		   &a, &b, &x, &y, &z, &m) == 5 && !line[m]) {
		snprintf(re, sizeof(re), "%4d  %8d  %7.2f MB/sec  execute %3.0f sec  latency %.03f ms",
			 a, b, x, y, z);
		*fig = x;
		return strcmp(re, line) ? K_NONE : K_EXECUTE;
	}
	if (sscanf(line, "%d cleanup %lf sec%n", &a, &x, &m) == 2 && !line[m]) {
		snprintf(re, sizeof(re), "%4d  cleanup %3.0f sec", a, x);
		return strcmp(re, line) ? K_NONE : K_CLEANUP;
	}
	if (sscanf(line, "Throughput %lf MB/sec%n", &x, &m) == 1) {
		const char *rest = line + m;
		bool so = !strncmp(rest, " (sync open)", 12), sd;

		rest += so ? 12 : 0;
		sd = !strncmp(rest, " (sync dirs)", 12);
		rest += sd ? 12 : 0;
		if (sscanf(rest, "  %d clients  %d procs  max_latency=%lf ms%n",
			   &a, &b, &y, &m) != 3 || rest[m])
			return K_NONE;
		snprintf(re, sizeof(re), "Throughput %g MB/sec%s%s  %d clients  %d procs  max_latency=%.03f ms",
			 x, so ? " (sync open)" : "", sd ? " (sync dirs)" : "",
			 a, b, y);
		*fig = x;
		return strcmp(re, line) ? K_NONE : K_THROUGHPUT;
	}
	if (sscanf(line, " %12s %u %lf %lf%n", s, &u, &x, &y, &m) == 4 &&
	    !line[m]) {
		snprintf(re, sizeof(re), " %-12s %7u %9.03f %9.03f", s, u, x, y);
		return strcmp(re, line) ? K_NONE : K_ROW;
	}
	return K_NONE;
}

/*
 * The kinds of @text's lines, runs of launch and table-row lines merged
 * (dbench polls its barrier a varying number of times; the table has a
 * row per op type seen). Also checks the real-run semantics: Throughput
 * is the last execute figure.
 */
static int kinds(const char *name, char *text, enum kind *k, int max)
{
	double last_exec = -1, thr = -1, fig;
	int n = 0;

	for (char *line = text, *next; *line; line = next) {
		enum kind kd;

		next = strchr(line, '\n');
		if (next)
			*next++ = 0;
		else
			next = line + strlen(line);
		kd = classify(line, &fig);
		if (kd == K_NONE) {
			fprintf(stderr, "%s: no format matches '%s'\n", name, line);
			CHECK(0);
		}
		if (kd == K_EXECUTE)
			last_exec = fig;
		if (kd == K_THROUGHPUT)
			thr = fig;
		if (n && (kd == K_LAUNCH || kd == K_ROW) && k[n - 1] == kd)
			continue;
		if (n < max)
			k[n++] = kd;
	}
	CHECK(last_exec > 0);
	CHECK_NEAR(thr, last_exec, 0.006 / last_exec);
	return n;
}

static char *read_data(const char *argv0, const char *file)
{
	char path[4096], *dir = strdup(argv0), *buf;
	FILE *f;
	long len;

	snprintf(path, sizeof(path), "tests/data/%s", file);
	f = fopen(path, "r");
	if (!f) {
		/* build/tests/test_x -> tests/data */
		snprintf(path, sizeof(path), "%s/../../tests/data/%s",
			 dirname(dir), file);
		f = fopen(path, "r");
	}
	free(dir);
	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	rewind(f);
	buf = calloc(1, len + 1);
	if (fread(buf, 1, len, f) != (size_t)len)
		buf[0] = 0;
	fclose(f);
	return buf;
}

/* ours and the real run: same formats, same sequence of line kinds */
static void check_against_real(const char *argv0, const char *file,
			       int timelimit, const sim_time_t *cleanup)
{
	struct dbench_log_params par = base_par;
	enum kind kr[128], ko[128];
	char *real = read_data(argv0, file), *ours;
	int nr, no;
	double thr;

	CHECK(real != NULL);
	if (!real)
		return;
	par.timelimit = timelimit;
	ours = run(&par, cleanup, &thr);
	nr = kinds(file, real, kr, 128);
	no = kinds("ours", ours, ko, 128);
	CHECK_EQ_U64(no, nr);
	CHECK(no == nr && !memcmp(kr, ko, nr * sizeof(kr[0])));
	free(real);
	free(ours);
}

static void test_misc(void)
{
	struct dbench_log_params par = base_par;
	struct dbench_stats st;
	char *text;
	size_t len;
	FILE *f;

	/* -s and -S show in the Throughput line; an op table per client */
	par.sync_open = par.sync_dirs = par.per_client_results = true;
	par.nprocs = 1;
	CHECK(dbench_stats_init(&st, &par, 0) == 0);
	f = open_memstream(&text, &len);
	dbench_stats_op_begin(&st, 0, 0, 1, DBENCH_UNTIMED);
	dbench_stats_op_end(&st, 0, DBENCH_OP_WRITEX, 2 * MS, 1000000);
	/* a timed op 5 ms late: the next tick's latency is 5 ms; the one
	 * after sees the op that began at 997 ms still running at 1.5 s */
	dbench_stats_op_begin(&st, 0, 10 * MS, 2, 5 * MS);
	dbench_stats_op_end(&st, 0, DBENCH_OP_SLEEP, 12 * MS, 0);
	dbench_stats_op_begin(&st, 0, SEC - 3 * MS, 3, DBENCH_UNTIMED);
	CHECK(dbench_stats_tick(&st, SEC, f) == 0);
	CHECK(!dbench_stats_done(&st));
	dbench_stats_op_end(&st, 0, DBENCH_OP_CLOSE, SEC, 0);
	dbench_stats_client_finished(&st, 0);
	CHECK(dbench_stats_finish(&st, SEC + SEC / 2, f) == 0);
	fclose(f);
	CHECK(!strcmp(text,
		"   1         3     1.00 MB/sec  warmup   1 sec  latency 5.000 ms\n"
		"   1         3     0.67 MB/sec  warmup   2 sec  latency 503.000 ms\n"
		"\n"
		" Operation      Count    AvgLat    MaxLat\n"
		" ----------------------------------------\n"
		" Close              1     3.000     3.000\n"
		" WriteX             1     2.000     2.000\n"
		"\n"
		"Per client results:\n"
		"Client 0 did 3 lines and 1000000 bytes\n"
		" Operation      Count    AvgLat    MaxLat\n"
		" ----------------------------------------\n"
		" Close              1     3.000     3.000\n"
		" WriteX             1     2.000     2.000\n"
		"\n"
		"Throughput 0 MB/sec (sync open) (sync dirs)  1 clients  1 procs  max_latency=503.000 ms\n"));
	if (check_failures)
		fprintf(stderr, "%s", text);
	free(text);
	dbench_stats_free(&st);

	par.nprocs = 0;
	CHECK(dbench_stats_init(&st, &par, 0) == -EINVAL);
	dbench_stats_free(&st);
}

int main(int argc, char **argv)
{
	static const sim_time_t quick[NCLIENTS] = { 300 * MS, 200 * MS };
	static const sim_time_t slow[NCLIENTS] = { 1200 * MS, 400 * MS };

	(void)argc;
	make_schedule();
	check_run(10, quick);	/* a warmup line, the long op in execute */
	check_run(10, slow);	/* cleanup lines while clients finish */
	check_run(6, slow);	/* warmup 1: no warmup line */
	check_run(25, quick);	/* warmup 5 */
	check_against_real(argv[0], "dbench-real.log", 10, quick);
	check_against_real(argv[0], "dbench-real-t6.log", 6, quick);
	test_misc();
	return check_status("test_dbench_log");
}
