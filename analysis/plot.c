// SPDX-License-Identifier: GPL-2.0
/*
 * --plot DIR: gnuplot plots of a run's primary group (run.h), in PNG
 * (pngcairo when gnuplot has it, else png) and SVG:
 *   rate.{png,svg}        MB/s per bin (10 s by default) of each entity
 *   cumulative.{png,svg}  MB done by the end of each bin
 *   share.{png,svg}       each entity's share of each bin's total
 *   throttle.{png,svg}    tasks asleep in balance_dirty_pages per bin
 * The data (wbfair-*.dat) and the script (wbfair.gp) stay in DIR so a plot
 * can be restyled and redrawn by hand.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "report.h"
#include "report_int.h"
#include "why.h"

static FILE *open_in(const char *dir, const char *name, struct wbf_err *e)
{
	char path[4096];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "w");
	if (!f)
		wbf_errf(e, -errno, "%s: %s", path, strerror(errno));
	return f;
}

static int close_checked(FILE *f, const char *dir, const char *name,
			 struct wbf_err *e)
{
	if (ferror(f) | fclose(f))
		return wbf_errf(e, -EIO, "%s/%s: write error", dir, name);
	return 0;
}

/*
 * One row per bin of @per intervals: the mean rate over the bin's
 * intervals, the cumulative MB at its end, each entity's share of its
 * total. A closing row at the end draws the last step (gnuplot's steps
 * end at the last row's x).
 */
static int write_data(const struct wbf_group *g, double secs, size_t per,
		      const char *dir, struct wbf_err *e)
{
	FILE *rate, *cum, *share;
	double *acc, *bin;
	size_t i, k, b, nb = (g->n_intervals + per - 1) / per;
	int ret;

	acc = calloc(g->n + 1, sizeof(*acc));
	bin = calloc(g->n + 1, sizeof(*bin));
	rate = open_in(dir, "wbfair-rate.dat", e);
	cum = rate ? open_in(dir, "wbfair-cum.dat", e) : NULL;
	share = cum ? open_in(dir, "wbfair-share.dat", e) : NULL;
	if (!acc || !bin || !share) {
		free(acc);
		free(bin);
		if (rate)
			fclose(rate);
		if (cum)
			fclose(cum);
		return acc && bin ? -EIO : wbf_errf(e, -ENOMEM, "out of memory");
	}
	fprintf(rate, "# t_s");
	fprintf(cum, "# t_end_s");
	fprintf(share, "# t_s");
	for (i = 0; i < g->n; i++) {
		fprintf(rate, " \"%s\"", g->names[i]);
		fprintf(cum, " \"%s\"", g->names[i]);
		fprintf(share, " \"%s\"", g->names[i]);
	}
	fputs("\n", rate);
	fputs("\n0", cum);
	fputs("\n", share);
	for (i = 0; i < g->n; i++)
		fputs(" 0", cum);
	fputs("\n", cum);
	for (b = 0; b <= nb && nb; b++) {
		size_t lo = (b < nb ? b : nb - 1) * per, hi = lo + per;
		double sum = 0;

		if (hi > g->n_intervals)
			hi = g->n_intervals;
		for (i = 0; i < g->n; i++) {
			bin[i] = 0;
			for (k = lo; k < hi; k++)
				bin[i] += g->rates[i][k];
			if (b < nb)
				acc[i] += bin[i] * secs;
			bin[i] /= hi - lo;
			sum += bin[i];
		}
		if (b == nb) {
			/* the closing row of the steps */
			fprintf(rate, "%.9g", hi * secs);
			for (i = 0; i < g->n; i++)
				fprintf(rate, " %.9g", bin[i]);
			fputs("\n", rate);
			break;
		}
		fprintf(rate, "%.9g", lo * secs);
		fprintf(cum, "%.9g", hi * secs);
		fprintf(share, "%.9g", lo * secs);
		for (i = 0; i < g->n; i++) {
			fprintf(rate, " %.9g", bin[i]);
			fprintf(cum, " %.9g", acc[i]);
			if (sum > 0)
				fprintf(share, " %.6f", bin[i] / sum);
			else
				fprintf(share, " NaN");
		}
		fputs("\n", rate);
		fputs("\n", cum);
		fputs("\n", share);
	}
	free(acc);
	free(bin);
	ret = close_checked(rate, dir, "wbfair-rate.dat", e);
	if (!ret)
		ret = close_checked(cum, dir, "wbfair-cum.dat", e);
	else
		fclose(cum);
	if (!ret)
		ret = close_checked(share, dir, "wbfair-share.dat", e);
	else
		fclose(share);
	return ret;
}

/**
 * wbf_gp_string() - a gnuplot single-quoted string: a quote is doubled
 * @f: script
 * @s: text
 */
void wbf_gp_string(FILE *f, const char *s)
{
	fputc('\'', f);
	for (; *s; s++) {
		if (*s == '\'')
			fputc('\'', f);
		fputc(*s, f);
	}
	fputc('\'', f);
}

static void gp_plot(FILE *f, const struct wbf_group *g, const char *data,
		    const char *style)
{
	size_t i;

	fprintf(f, "plot ");
	for (i = 0; i < g->n; i++) {
		fprintf(f, "%s'%s' using 1:%zu with %s lw 2 title ",
			i ? ", \\\n     " : "", i ? "" : data, i + 2, style);
		wbf_gp_string(f, g->names[i]);
	}
	fputc('\n', f);
}

static int write_script(const struct wbf_run *r, const struct wbf_group *g,
			double bin_s, struct wbf_why *y, const char *dir,
			struct wbf_err *e)
{
	static const char *const ext[2] = { "png", "svg" };
	FILE *f = open_in(dir, "wbfair.gp", e);
	double warmup = wbf_run_warmup_s(r);
	char title[400], out[32];
	int t;

	if (!f)
		return -EIO;
	snprintf(title, sizeof(title), "%s: %s (%s), %g-s bins", r->name,
		 g->title, wbf_sel_name(r->rw), bin_s);
	fprintf(f, "# wbfair plots; run: gnuplot wbfair.gp (in this directory)\n");
	fprintf(f, "set datafile missing 'NaN'\nset key outside right\n");
	fprintf(f, "set grid\nset xlabel 'time (s)'\n");
	for (t = 0; t < 2; t++) {
		wbf_gp_terminal(f, t);
		wbf_gp_warmup(f, warmup);
		fprintf(f, "set output 'rate.%s'\nset title ", ext[t]);
		wbf_gp_string(f, title);
		fprintf(f, "\nset ylabel 'MB/s (mean over %g s)'\nset yrange [0:*]\n",
			bin_s);
		gp_plot(f, g, "wbfair-rate.dat", "steps");
		fprintf(f, "set output 'cumulative.%s'\nset ylabel 'MB'\n", ext[t]);
		gp_plot(f, g, "wbfair-cum.dat", "lines");
		fprintf(f, "set output 'share.%s'\nset ylabel 'share of the bin'\n"
			"set yrange [0:1]\n", ext[t]);
		gp_plot(f, g, "wbfair-share.dat", "steps");
		snprintf(out, sizeof(out), "throttle.%s", ext[t]);
		wbf_why_gp_throttle(f, y, "wbfair-throttle.dat", out);
		fprintf(f, "set output\n");
	}
	return close_checked(f, dir, "wbfair.gp", e);
}

/**
 * wbf_gp_terminal() - select the PNG (pngcairo if gnuplot has it) or SVG
 * terminal
 * @f: script
 * @svg: 0 PNG, 1 SVG
 */
void wbf_gp_terminal(FILE *f, int svg)
{
	if (!svg)
		fprintf(f, "if (strstrt(GPVAL_TERMINALS, 'pngcairo') > 0) {\n"
			"  set terminal pngcairo size 960,540 noenhanced\n"
			"} else {\n"
			"  set terminal png size 960,540 noenhanced\n}\n");
	else
		fprintf(f, "set terminal svg size 960,540 noenhanced\n");
}

/**
 * wbf_gp_warmup() - a dashed vertical line where the warm-up ends
 * @f: script
 * @warmup_s: its time, NaN for none (the marker is then cleared)
 */
void wbf_gp_warmup(FILE *f, double warmup_s)
{
	fprintf(f, "unset arrow 1\nunset label 1\n");
	if (isnan(warmup_s))
		return;
	fprintf(f, "set arrow 1 from %g, graph 0 to %g, graph 1 nohead dt 2 lw 2 lc rgb 'gray40'\n"
		"set label 1 'warm-up ends' at %g, graph 0.75 center rotate by 90 offset -1.2,0 tc rgb 'gray40'\n",
		warmup_s, warmup_s, warmup_s);
}

/**
 * wbf_gnuplot_run() - run gnuplot on DIR/SCRIPT in DIR
 * @dir: directory
 * @script: script name in @dir
 * @e: error message
 *
 * gnuplot's stderr goes to an anonymous file: its warnings (fonts, a
 * terminal it lacks) are noise when the plots were drawn, and the reason
 * when they were not, so they are shown only on failure.
 *
 * Return: 0, -ENOEXEC without gnuplot, -EIO when it failed, -errno.
 */
int wbf_gnuplot_run(const char *dir, const char *script, struct wbf_err *e)
{
	FILE *log = tmpfile();
	char msg[300] = "";
	int status, ret = 0;
	pid_t pid;

	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		ret = wbf_errf(e, -errno, "fork: %s", strerror(errno));
		goto out;
	}
	if (!pid) {
		if (log)
			dup2(fileno(log), STDERR_FILENO);
		if (chdir(dir))
			_exit(126);
		execlp("gnuplot", "gnuplot", script, (char *)NULL);
		_exit(127);
	}
	if (waitpid(pid, &status, 0) < 0) {
		ret = wbf_errf(e, -errno, "waitpid: %s", strerror(errno));
		goto out;
	}
	if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
		ret = wbf_errf(e, -ENOEXEC, "cannot run gnuplot (install gnuplot-nox)");
		goto out;
	}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		if (log) {
			size_t n;

			rewind(log);
			n = fread(msg, 1, sizeof(msg) - 1, log);
			msg[n] = '\0';
			for (char *p = msg; *p; p++)
				if (*p == '\n')
					*p = ' ';
		}
		ret = wbf_errf(e, -EIO, "%s/%s: gnuplot failed%s%s", dir,
			       script, msg[0] ? ": " : "", msg);
	}
out:
	if (log)
		fclose(log);
	return ret;
}

/**
 * wbf_plot() - draw the primary group's plots into @dir
 * @r: run
 * @dir: output directory (created if missing)
 * @bin_ns: bin length (rounded to whole intervals of @r)
 * @e: error message
 *
 * One figure per question: the split over time (rate, share), the
 * cumulative bytes, the throttling (balance_dirty_pages pauses of the
 * run directory's trace.txt, per instance as `wbfair why` maps tasks).
 * Only the workload's partitions are drawn (group.h); a dashed line
 * marks the end of the warm-up when the run says (wbf_run_warmup_s()).
 *
 * Return: 0, -ENOENT when there is no per-interval series to draw,
 * -ENOEXEC without gnuplot, -errno on I/O errors.
 */
int wbf_plot(const struct wbf_run *r, const char *dir, uint64_t bin_ns,
	     struct wbf_err *e)
{
	double secs = (double)r->interval_ns / WBF_NSEC_PER_SEC;
	size_t per = (size_t)llround((double)bin_ns / r->interval_ns);
	struct wbf_why y, *yp = NULL;
	struct wbf_err ye;
	struct wbf_group g;
	struct stat st;
	int ret;

	if (!per)
		per = 1;
	if (mkdir(dir, 0777) && errno != EEXIST)
		return wbf_errf(e, -errno, "%s: %s", dir, strerror(errno));
	ret = wbf_group_primary(r, &g);
	if (ret == -ENOENT || (!ret && (!g.rates || !g.n_intervals || !g.n))) {
		wbf_group_free(&g);
		return wbf_errf(e, -ENOENT, "%s: nothing to plot: no per-interval series",
				r->name);
	}
	if (ret) {
		wbf_group_free(&g);
		return wbf_errf(e, ret, "out of memory");
	}
	/* the throttling needs the run directory's trace.txt and blktrace */
	memset(&y, 0, sizeof(y));
	if (r->have_blk && !stat(r->name, &st) && S_ISDIR(st.st_mode) &&
	    !wbf_why_collect(&y, r, per * r->interval_ns, &ye))
		yp = &y;
	ret = write_data(&g, secs, per, dir, e);
	if (!ret && yp)
		ret = wbf_why_throttle_dat(yp, dir, "wbfair-throttle.dat", e);
	if (!ret)
		ret = write_script(r, &g, per * secs, yp, dir, e);
	if (!ret)
		ret = wbf_gnuplot_run(dir, "wbfair.gp", e);
	wbf_why_free(&y);
	wbf_group_free(&g);
	return ret;
}
