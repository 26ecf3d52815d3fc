/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Run directories: where a command finds its default scenario, which
 * directory it writes, and the manifest (wbsim.manifest) that says which
 * files in it wbsim wrote, so that reusing a directory removes exactly
 * those and never a user's own file.
 */
#ifndef WBSIM_OUTDIR_H
#define WBSIM_OUTDIR_H

#include <stdbool.h>
#include <stddef.h>

#define OUTDIR_MANIFEST		"wbsim.manifest"
#define OUTDIR_MANIFEST_HEAD	"# wbsim manifest v1"

/* A prepared run directory: its path, and the names that were there before
 * wbsim wrote anything (a user's own files, left out of the manifest). */
struct outdir {
	char path[4096];
	char **keep;
	int nr_keep;
	bool created;	/* the directory itself is wbsim's */
};

int default_scenario_path(char *buf, size_t len);
int mkdir_parents(const char *path);
int outdir_new(struct outdir *od, const char *scenario, char *err, size_t errlen);
int outdir_prepare(struct outdir *od, const char *dir, bool force, char *err,
		   size_t errlen);
int outdir_write_manifest(const struct outdir *od, char *err, size_t errlen);
void outdir_release(struct outdir *od);
void outdir_discard(struct outdir *od);
int stdout_close_check(int status);

#endif
