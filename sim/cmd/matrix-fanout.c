// SPDX-License-Identifier: GPL-2.0
/*
 * Fan-out of `wbsim matrix` onto engines that already exist (GNU parallel,
 * Slurm, a shell loop): no scheduler of our own.
 *
 *   --jobs-list	one `wbsim run` command line per cell, each writing
 *			OUT/FLUSHER-SCHED, exactly the cell matrix.c would run
 *   --merge DIR...	the table and report of cell directories made
 *			anywhere, once they are brought together
 *
 * A cell is identified by its scenario.ini, every effective option of the
 * run. The merge builds the scenario each cell of this matrix must have
 * (the same scenario file and --set overrides, the cell's flusher and
 * scheduler) and compares a hash of it with the hash of the directory's
 * scenario.ini: a cell made from another scenario, seed or duration is
 * refused before anything is written, naming the first differing line.
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "matrix.h"
#include "run.h"

/* Shell-quote @s onto @f unless it needs none. */
static void put_arg(FILE *f, const char *s)
{
	if (*s && !s[strspn(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=.,:/@%")]) {
		fputs(s, f);
		return;
	}
	fputc('\'', f);
	for (; *s; s++)
		if (*s == '\'')
			fputs("'\\''", f);
		else
			fputc(*s, f);
	fputc('\'', f);
}

/**
 * matrix_jobs_list - print one command line per cell on stdout
 * @outdir: the matrix directory; cell k goes to OUTDIR/FLUSHER-SCHED
 * @wbsim: the command to start wbsim by, or NULL for this executable
 *
 * The run is the one a matrix child makes: the cell's overrides after
 * the user's, no blktrace size limit (run_cell()), no progress.
 * Return: 0, or -errno when stdout or the executable's path fail.
 */
int matrix_jobs_list(struct matrix *mx, const char *outdir, const char *wbsim)
{
	char exe[PATH_MAX], dir[4200];

	if (!wbsim) {
		ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

		if (n < 0)
			return -errno;
		exe[n] = '\0';
		wbsim = exe;
	}
	for (int k = 0; k < mx->nr_cells; k++) {
		struct cell *c = &mx->cell[k];

		put_arg(stdout, wbsim);
		fputs(" run ", stdout);
		put_arg(stdout, mx->scenario_file);
		for (int i = 0; i < mx->nr_sets; i++) {
			fputs(" --set ", stdout);
			put_arg(stdout, mx->sets[i]);
		}
		printf(" --set writeback.flusher=%s --set queue.elevator=%s --max-trace-size=0 -q -o ",
		       c->flusher, c->sched);
		snprintf(dir, sizeof(dir), "%s/%s-%s", outdir, c->flusher, c->sched);
		put_arg(stdout, dir);
		putchar('\n');
	}
	return 0;
}

/* FNV-1a, 64 bits: a name for a scenario.ini's bytes in a message */
static uint64_t fnv1a(const char *p, size_t len)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (size_t i = 0; i < len; i++) {
		h ^= (unsigned char)p[i];
		h *= 0x100000001b3ULL;
	}
	return h;
}

/* The scenario.ini bytes cell @c of this matrix writes (run.c). */
static char *expected_ini(struct matrix *mx, struct cell *c, size_t *len)
{
	struct scenario s;
	char *buf = NULL;
	FILE *f;

	if (cell_scenario(mx, c, &s))
		return NULL;
	f = open_memstream(&buf, len);
	if (f) {
		fprintf(f, "; effective values of every option of this run\n");
		config_dump(f, &s.cfg);
		if (fclose(f)) {
			free(buf);
			buf = NULL;
		}
	}
	scenario_exit(&s);
	return buf;
}

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "r");
	char *buf = NULL;
	size_t cap = 0, n;

	*len = 0;
	if (!f)
		return NULL;
	do {
		if (*len + 4096 > cap) {
			char *b = realloc(buf, cap = 2 * cap + 4096);

			if (!b) {
				free(buf);
				fclose(f);
				return NULL;
			}
			buf = b;
		}
		n = fread(buf + *len, 1, cap - *len - 1, f);
		*len += n;
	} while (n);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

/* The value of "KEY = VALUE" in [SECTION] of an ini text, into @out. */
static void ini_value(const char *ini, const char *section, const char *key,
		      char *out, size_t len)
{
	bool in = false;
	size_t kl = strlen(key);

	snprintf(out, len, "?");
	for (const char *l = ini; l && *l; l = strchr(l, '\n'), l = l ? l + 1 : l) {
		const char *end = strchr(l, '\n');
		int n = end ? (int)(end - l) : (int)strlen(l);

		if (*l == '[') {
			in = n >= (int)strlen(section) + 2 &&
			     !strncmp(l + 1, section, strlen(section)) &&
			     l[1 + strlen(section)] == ']';
		} else if (in && !strncmp(l, key, kl) && !strncmp(l + kl, " = ", 3)) {
			snprintf(out, len, "%.*s", n - (int)kl - 3, l + kl + 3);
			return;
		}
	}
}

/* "line N: 'A', the matrix has 'B'": the first line where @a and @b differ */
static void first_difference(const char *a, const char *b, char *out,
			     size_t len)
{
	int line = 1;

	while (*a && *a == *b) {
		line += *a == '\n';
		a++;
		b++;
	}
	while (line > 1 && a[-1] != '\n') {
		a--;
		b--;
	}
	snprintf(out, len, "scenario.ini line %d: '%.*s', the matrix has '%.*s'",
		 line, (int)strcspn(a, "\n"), a, (int)strcspn(b, "\n"), b);
}

/*
 * Which cell of @mx is @dir? Return: its index, or -1 with the message
 * printed (a bad cell is bad input: the caller exits 2).
 */
static int identify_cell(struct matrix *mx, const char *dir, char **expect,
			 size_t *elen)
{
	char path[4200], fl[64], sc[64], diff[600];
	size_t len;
	char *ini;
	int k;

	snprintf(path, sizeof(path), "%s/scenario.ini", dir);
	ini = read_file(path, &len);
	if (!ini) {
		fprintf(stderr, "wbsim matrix: %s: %s (not a wbsim cell directory)\n",
			path, strerror(errno ? errno : EIO));
		return -1;
	}
	ini_value(ini, "writeback", "flusher", fl, sizeof(fl));
	ini_value(ini, "queue", "elevator", sc, sizeof(sc));
	for (k = 0; k < mx->nr_cells; k++)
		if (!strcmp(mx->cell[k].flusher, fl) && !strcmp(mx->cell[k].sched, sc))
			break;
	if (k == mx->nr_cells) {
		fprintf(stderr, "wbsim matrix: %s: cell %s-%s is not in this matrix (see --flushers, --schedulers)\n",
			dir, fl, sc);
		free(ini);
		return -1;
	}
	if (len != elen[k] || memcmp(ini, expect[k], len)) {
		first_difference(ini, expect[k], diff, sizeof(diff));
		fprintf(stderr, "wbsim matrix: %s: scenario hash %016" PRIx64 " differs from the matrix's %016" PRIx64 " for cell %s-%s (%s): not a cell of this scenario\n",
			dir, fnv1a(ini, len), fnv1a(expect[k], elen[k]), fl, sc, diff);
		free(ini);
		return -1;
	}
	free(ini);
	return k;
}

/* summary.json says "complete": true */
static bool cell_complete(const char *dir)
{
	char path[4200];
	size_t len;
	char *s;
	bool ok;

	snprintf(path, sizeof(path), "%s/summary.json", dir);
	s = read_file(path, &len);
	ok = s && strstr(s, "\"complete\": true");
	free(s);
	return ok;
}

static void strip_slashes(char *p)
{
	size_t l = strlen(p);

	while (l > 1 && p[l - 1] == '/')
		p[--l] = '\0';
}

/* The directory of @path ("." for a bare name), into @out. */
static void parent_of(const char *path, char *out, size_t len)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		snprintf(out, len, ".");
	else if (slash == path)
		snprintf(out, len, "/");
	else
		snprintf(out, len, "%.*s", (int)(slash - path), path);
}

/*
 * The matrix directory @outdir as a run directory whose own outputs are
 * report.md and the manifest; the merged cells in it are listed as
 * "cell/" like a local matrix's, anything else in it is kept untouched.
 */
static int merge_outdir(struct matrix *mx, struct outdir *od, const char *outdir)
{
	char path[4200], real_out[PATH_MAX], real_cell[PATH_MAX], parent[4096];
	struct stat st;
	int ret;

	memset(od, 0, sizeof(*od));
	snprintf(od->path, sizeof(od->path), "%s", outdir);
	ret = mkdir_parents(outdir);
	if (ret) {
		fprintf(stderr, "%s: %s\n", outdir, strerror(-ret));
		return ret;
	}
	if (!realpath(outdir, real_out))
		return -errno;
	for (const char *n = "report.md"; n; n = strcmp(n, "report.md") ? NULL : "wbsim.manifest") {
		snprintf(path, sizeof(path), "%s/%s", outdir, n);
		if (!lstat(path, &st) && S_ISREG(st.st_mode))
			unlink(path);
	}
	/* keep what is not a merged cell: outdir_prepare() would clean the
	 * cells through an old manifest, the very files merged here */
	{
		struct outdir tmp;
		char err[8500];

		ret = outdir_prepare(&tmp, outdir, true, err, sizeof(err));
		if (ret) {
			fprintf(stderr, "%s\n", err);
			return ret;
		}
		od->keep = tmp.keep;
		od->nr_keep = tmp.nr_keep;
	}
	for (int k = 0; k < mx->nr_cells; k++) {
		struct cell *c = &mx->cell[k];
		const char *base;

		if (!c->dir[0])
			continue;
		parent_of(c->dir, parent, sizeof(parent));
		if (!realpath(parent, real_cell) || strcmp(real_cell, real_out))
			continue;	/* elsewhere: linked by path */
		base = strrchr(c->dir, '/') ? strrchr(c->dir, '/') + 1 : c->dir;
		for (int i = 0; i < od->nr_keep; i++)
			if (od->keep[i] && !strcmp(od->keep[i], base)) {
				free(od->keep[i]);
				od->keep[i] = NULL;
			}
	}
	return 0;
}

/**
 * matrix_merge - the table and report of cell directories @dirs
 * @outdir: where report.md goes; NULL: the cells' common parent
 * Return: the exit status: 0; 2 for a directory that is not a cell of
 * this matrix (nothing written); 1 if a cell is missing or incomplete.
 */
int matrix_merge(struct matrix *mx, char **dirs, int nr_dirs,
		 const char *outdir)
{
	char *expect[MATRIX_MAX] = { 0 }, parent[4096], first[4096] = "";
	size_t elen[MATRIX_MAX];
	struct outdir od;
	int ret = 0;

	for (int k = 0; k < mx->nr_cells; k++) {
		expect[k] = expected_ini(mx, &mx->cell[k], &elen[k]);
		if (!expect[k]) {
			ret = 2;
			goto out;
		}
		mx->cell[k].wall = -1;
	}
	for (int i = 0; i < nr_dirs; i++) {
		int k;

		strip_slashes(dirs[i]);
		k = identify_cell(mx, dirs[i], expect, elen);
		if (k < 0) {
			ret = 2;
			goto out;
		}
		if (mx->cell[k].dir[0]) {
			fprintf(stderr, "wbsim matrix: %s and %s are both cell %s-%s\n",
				mx->cell[k].dir, dirs[i], mx->cell[k].flusher,
				mx->cell[k].sched);
			ret = 2;
			goto out;
		}
		snprintf(mx->cell[k].dir, sizeof(mx->cell[k].dir), "%s", dirs[i]);
		parent_of(dirs[i], parent, sizeof(parent));
		if (!i)
			snprintf(first, sizeof(first), "%s", parent);
		else if (strcmp(first, parent))
			first[0] = '\0';
	}
	if (!outdir && !first[0]) {
		fprintf(stderr, "wbsim matrix: the cells are in different directories: name the report's with -o DIR\n");
		ret = 2;
		goto out;
	}
	snprintf(mx->outdir, sizeof(mx->outdir), "%s", outdir ? outdir : first);
	if (merge_outdir(mx, &od, mx->outdir)) {
		ret = 1;
		goto out;
	}
	for (int k = 0; k < mx->nr_cells; k++) {
		struct cell *c = &mx->cell[k];

		/* as if run here: matrix.c analyses the cells that exited 0 */
		c->pid = c->dir[0] ? 1 : 0;
		if (!c->dir[0]) {
			snprintf(c->cm.verdict, sizeof(c->cm.verdict),
				 "not merged: no cell directory given");
			ret = 1;
		} else if (!cell_complete(c->dir)) {
			snprintf(c->cm.verdict, sizeof(c->cm.verdict),
				 "the cell's run is incomplete (summary.json)");
			ret = 1;
		} else {
			cell_analyse(c->dir, mx->inst, mx->nr_inst, &c->cm, true);
			if (c->cm.plot_failed)
				ret = 1;
		}
	}
	print_table(stdout, mx, false);
	if ((errno = -write_report(mx))) {
		fprintf(stderr, "%s/report.md: %s\n", mx->outdir, strerror(errno));
		ret = 1;
	}
	if (write_manifests(mx, &od))
		ret = 1;
	outdir_release(&od);
	printf("\nreport: %s/report.md\n", mx->outdir);
out:
	for (int k = 0; k < mx->nr_cells; k++)
		free(expect[k]);
	return stdout_close_check(ret);
}
