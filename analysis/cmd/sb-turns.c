// SPDX-License-Identifier: GPL-2.0
/*
 * wbfair sb-turns: the superblock turn sequence of a run (the library's
 * wbf_sb_turns()) as a table. It replaces tools/experiment/sb-turns.sh.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../geometry.h"
#include "../sb_turns.h"
#include "commands.h"

/* the partitions of RUN/geometry as "MAJ:MIN"; none without the file */
static int run_partitions(const char *dir, char ***sbs, size_t *n,
			  struct wbf_err *e)
{
	struct wbf_geometry g = { 0 };
	char path[4096];
	struct stat st;
	size_t i;
	int ret;

	*sbs = NULL;
	*n = 0;
	snprintf(path, sizeof(path), "%s/geometry", dir);
	if (stat(path, &st))
		return 0;
	ret = wbf_geometry_load(&g, path, e);
	if (ret)
		return ret;
	*sbs = calloc(g.n + 1, sizeof(**sbs));
	for (i = 0; *sbs && i < g.n; i++) {
		if (g.v[i].is_disk)
			continue;
		(*sbs)[*n] = malloc(24);
		if (!(*sbs)[*n])
			break;
		snprintf((*sbs)[*n], 24, "%u:%u", MAJOR(g.v[i].dev),
			 MINOR(g.v[i].dev));
		(*n)++;
	}
	ret = *sbs && i == g.n ? 0 : -ENOMEM;
	free(g.v);
	return ret;
}

static void free_sbs(char **sbs, size_t n)
{
	while (n)
		free(sbs[--n]);
	free(sbs);
}

/* one run: its table line on @tab, its turns on @seq */
static int one_run(const char *arg, FILE *tab, FILE *seq, struct wbf_err *e)
{
	struct wbf_ftrace ft = { 0 };
	struct wbf_sb_turn *t = NULL;
	char path[4096], **sbs = NULL;
	size_t nsbs = 0, nt = 0, i, chunks = 0;
	uint64_t pages = 0, us = 0;
	double first = 0, last_turn = 0;
	const char *prev = NULL;
	struct stat st;
	int ret;

	if (!stat(arg, &st) && S_ISDIR(st.st_mode)) {
		ret = run_partitions(arg, &sbs, &nsbs, e);
		if (ret)
			return ret;
	}
	ret = wbf_ftrace_load(&ft, arg, false, path, sizeof(path), e);
	if (!ret)
		ret = wbf_sb_turns(&ft, sbs ? (const char *const *)sbs : NULL,
				   nsbs, &t, &nt);
	if (ret == -ENOMEM)
		wbf_errf(e, ret, "out of memory");
	for (i = 0; !ret && i < ft.nchunks; i++) {
		if (!wbf_sb_counted(ft.chunks[i].sb, sbs ? (const char *const *)sbs : NULL,
			     nsbs))
			continue;
		chunks++;
		pages += ft.chunks[i].pages;
		us += ft.chunks[i].elapsed_us;
		/* a turn's time: from its first event to the next turn's */
		if (!prev || strcmp(prev, ft.chunks[i].sb)) {
			last_turn = ft.chunks[i].ts_ns / 1e9;
			if (!prev)
				first = last_turn;
			prev = ft.chunks[i].sb;
		}
	}
	if (!ret && !chunks)
		fprintf(tab, "%-28s %7d %9s %8s %6s %11s %8s\n", arg, 0,
			"-", "-", "-", "-", "-");
	else if (!ret) {
		char per_turn[32] = "-";

		if (nt > 1)
			snprintf(per_turn, sizeof(per_turn), "%.2f",
				 (last_turn - first) / (double)(nt - 1));
		fprintf(tab, "%-28s %7zu %9.0f %8.0f %6zu %11.2f %8s\n", arg,
			chunks, (double)pages / chunks,
			(double)us / chunks / 1000, nt, (double)chunks / nt,
			per_turn);
		fprintf(seq, "\n%s: %zu turns\n%6s %-10s %12s %12s %8s %8s\n",
			arg, nt, "turn", "sb", "start_s", "end_s", "chunks",
			"pages");
		for (i = 0; i < nt; i++)
			fprintf(seq, "%6zu %-10s %12.6f %12.6f %8zu %8llu\n",
				i + 1, t[i].sb, t[i].start_s, t[i].end_s,
				t[i].chunks, (unsigned long long)t[i].pages);
	}
	free(t);
	wbf_ftrace_free(&ft);
	free_sbs(sbs, nsbs);
	return ret;
}

static const char sb_turns_usage[] =
"usage: wbfair sb-turns [-q] RUN_DIR|TRACE_TXT...\n"
"\n"
"How writeback takes turns between the superblocks, from the\n"
"writeback_sb_written events of a trace (the kernel series' tracepoint,\n"
"which wbsim prints too). A chunk is one event, a turn a run of\n"
"consecutive chunks of one superblock. In a run directory only the\n"
"partitions of RUN_DIR/geometry count; in a bare trace every superblock\n"
"but 0:0 (the block devices').\n"
"\n"
"Prints one line per run: chunks, mean pages and ms per chunk, turns,\n"
"mean chunks per turn and mean seconds per turn (first chunk of a turn\n"
"to the first of the next); then, unless -q, each run's turns: the\n"
"superblock, start (first chunk's start) and end (last chunk's end) in\n"
"trace seconds, chunks and pages.\n"
"\n"
"examples:\n"
"  wbfair sb-turns runs/box2009-1/bdi-cfq\n"
"  wbfair sb-turns -q traces/bdi-none runs/experiment/*/r*\n"
"\n"
"Exit status: 0 done, 2 bad command line or bad input, 1 other failure.\n";

/**
 * wbf_cmd_sb_turns() - the `wbfair sb-turns` command
 * @argc: arguments after "wbfair"
 * @argv: argv[0] is "sb-turns"
 *
 * Return: the exit status.
 */
int wbf_cmd_sb_turns(int argc, char **argv)
{
	struct wbf_err e = { "" };
	FILE *seq = NULL;
	char *buf = NULL;
	size_t len = 0;
	bool quiet = false;
	static const struct option opts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c, i, ret = 0;

	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "qh", opts, NULL)) != -1) {
		switch (c) {
		case 'q':
			quiet = true;
			break;
		case 'h':
			fputs(sb_turns_usage, stdout);
			return 0;
		default:
			fprintf(stderr, "wbfair sb-turns: bad option '%s'\nTry 'wbfair sb-turns --help'.\n",
				argv[optind - 1]);
			return 2;
		}
	}
	i = optind;
	if (i >= argc) {
		fprintf(stderr, "wbfair sb-turns: no run directory or trace given\nTry 'wbfair sb-turns --help'.\n");
		return 2;
	}
	/* the table first, then the sequences: kept apart in memory */
	seq = quiet ? fopen("/dev/null", "w") : open_memstream(&buf, &len);
	if (!seq) {
		perror("wbfair sb-turns");
		return 1;
	}
	printf("%-28s %7s %9s %8s %6s %11s %8s\n", "run", "chunks",
	       "pages/ch", "ms/ch", "turns", "chunks/turn", "s/turn");
	for (; i < argc && !ret; i++)
		ret = one_run(argv[i], stdout, seq, &e);
	fclose(seq);
	if (!ret && buf)
		fputs(buf, stdout);
	free(buf);
	return wbf_cmd_done(&e, ret);
}
