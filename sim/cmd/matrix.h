/* SPDX-License-Identifier: GPL-2.0 */
/*
 * `wbsim matrix`: the cells of a scenario (matrix.c runs them here) and
 * the fan-out (matrix-fanout.c): the cells as a job list for GNU parallel
 * or a Slurm array, and the merge of cell directories made anywhere.
 */
#ifndef WBSIM_MATRIX_H
#define WBSIM_MATRIX_H

#include <stdbool.h>
#include <stdio.h>
#include <sys/types.h>
#include <time.h>

#include "cell-report.h"
#include "outdir.h"
#include "init/scenario.h"

#define MATRIX_MAX	64

struct cell {
	char flusher[32], sched[32];
	char dir[4096];
	pid_t pid;
	bool reaped;
	int status;
	struct timespec t0;
	double wall;		/* seconds; < 0: not known (a merged cell) */
	struct cell_metrics cm;
};

struct matrix {
	const char *scenario_file;
	char **sets;
	int nr_sets;
	char outdir[4096];
	int jobs;
	struct cell cell[MATRIX_MAX];
	int nr_cells;
	char inst[CELL_MAX_INST][16];
	int nr_inst;
	bool tty, quiet;
	int stopped;	/* the signal that stopped the matrix, or 0 */
};

int cell_scenario(struct matrix *mx, struct cell *c, struct scenario *s);
void print_table(FILE *f, struct matrix *mx, bool md);
int write_report(struct matrix *mx);
int write_manifests(struct matrix *mx, struct outdir *od);

int matrix_jobs_list(struct matrix *mx, const char *outdir, const char *wbsim);
int matrix_merge(struct matrix *mx, char **dirs, int nr_dirs,
		 const char *outdir);

#endif
