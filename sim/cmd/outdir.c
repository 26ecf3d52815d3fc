// SPDX-License-Identifier: GPL-2.0
/*
 * Run directories and their manifest.
 *
 * A run directory holds wbsim.manifest: "# wbsim manifest v1", then one
 * path per line relative to the directory, every file wbsim wrote there
 * (directories end with '/'). A subdirectory with a manifest of its own (a
 * matrix cell) is listed as "cell/" only and cleaned through its own
 * manifest. Reusing a directory removes exactly what its manifest lists:
 * a user's file that was there before is never touched, and a stale file of
 * an earlier, different run (sda.blktrace.1 of a jbod run) cannot be merged
 * into the next analysis.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outdir.h"

/**
 * default_scenario_path - the shipped box2009.ini, found from the executable
 * @buf: receives the path
 *
 * The source tree has bin/wbsim beside sim/scenarios/; an installed copy
 * has PREFIX/bin/wbsim beside PREFIX/share/wbsim/scenarios/. Both keep
 * scenarios/ next to disks/, so the scenario's includes resolve.
 * Return: 0, or -ENOENT with @buf naming the places looked at.
 */
int default_scenario_path(char *buf, size_t len)
{
	static const char *const rel[] = {
		"../sim/scenarios/box2009.ini",
		"../share/wbsim/scenarios/box2009.ini",
	};
	char exe[PATH_MAX], *slash;
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);

	if (n < 0)
		return -errno;
	exe[n] = '\0';
	slash = strrchr(exe, '/');
	if (slash)
		*slash = '\0';
	for (size_t i = 0; i < sizeof(rel) / sizeof(rel[0]); i++) {
		snprintf(buf, len, "%s/%s", exe, rel[i]);
		if (!access(buf, R_OK))
			return 0;
	}
	snprintf(buf, len, "%s/%s or %s/%s", exe, rel[0], exe, rel[1]);
	return -ENOENT;
}

/**
 * mkdir_parents - mkdir -p
 * Return: 0 (also when @path exists as a directory), or -errno.
 */
int mkdir_parents(const char *path)
{
	char tmp[4096];
	struct stat st;

	if (snprintf(tmp, sizeof(tmp), "%s", path) >= (int)sizeof(tmp))
		return -ENAMETOOLONG;
	for (char *p = tmp + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(tmp, 0777) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	if (mkdir(tmp, 0777) && errno != EEXIST)
		return -errno;
	if (stat(tmp, &st))
		return -errno;
	return S_ISDIR(st.st_mode) ? 0 : -ENOTDIR;
}

/**
 * outdir_new - create runs/<scenario basename>-N, N the first free number
 * @scenario: the scenario file (its name without .ini names the directory)
 *
 * mkdir of the leaf is the claim: EEXIST means another run has it, so two
 * concurrent runs never share a directory.
 */
int outdir_new(struct outdir *od, const char *scenario, char *err, size_t errlen)
{
	const char *base = strrchr(scenario, '/');
	char name[256];
	size_t l;
	int ret;

	memset(od, 0, sizeof(*od));
	snprintf(name, sizeof(name), "%s", base ? base + 1 : scenario);
	l = strlen(name);
	if (l > 4 && !strcmp(name + l - 4, ".ini"))
		name[l - 4] = '\0';
	ret = mkdir_parents("runs");
	if (ret) {
		snprintf(err, errlen, "runs: %s", strerror(-ret));
		return ret;
	}
	for (int n = 1; n < 1000000; n++) {
		snprintf(od->path, sizeof(od->path), "runs/%s-%d", name, n);
		if (!mkdir(od->path, 0777)) {
			od->created = true;
			return 0;
		}
		if (errno != EEXIST) {
			ret = -errno;
			snprintf(err, errlen, "%s: %s", od->path, strerror(errno));
			return ret;
		}
	}
	snprintf(err, errlen, "runs/%s-N: no free number", name);
	return -EEXIST;
}

static bool manifest_path_safe(const char *p)
{
	return p[0] && p[0] != '/' && strncmp(p, "../", 3) && !strstr(p, "/../") &&
	       strcmp(p, "..") && strcmp(p, ".");
}

/* Remove what @dir's manifest lists; directories only when empty. */
static int manifest_clean(const char *dir, char *err, size_t errlen)
{
	char path[8192], line[4096], *dirs[1024];
	int nr_dirs = 0, ret = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, OUTDIR_MANIFEST);
	f = fopen(path, "r");
	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -errno;
	}
	if (!fgets(line, sizeof(line), f) ||
	    strncmp(line, OUTDIR_MANIFEST_HEAD, strlen(OUTDIR_MANIFEST_HEAD))) {
		fclose(f);
		snprintf(err, errlen, "%s:1: not a wbsim manifest", path);
		return -EINVAL;
	}
	while (fgets(line, sizeof(line), f)) {
		size_t l = strcspn(line, "\n");

		line[l] = '\0';
		if (!manifest_path_safe(line))
			continue;	/* never leave the directory */
		snprintf(path, sizeof(path), "%s/%s", dir, line);
		if (l && line[l - 1] == '/') {
			char sub[8400];

			snprintf(sub, sizeof(sub), "%s%s", path, OUTDIR_MANIFEST);
			if (!access(sub, F_OK)) {
				path[strlen(path) - 1] = '\0';
				ret = manifest_clean(path, err, errlen);
				if (ret)
					break;
				strcat(path, "/");
			}
			if (nr_dirs < 1024)
				dirs[nr_dirs++] = strdup(path);
		} else if (unlink(path) && errno != ENOENT) {
			ret = -errno;
			snprintf(err, errlen, "%s: %s", path, strerror(errno));
			break;
		}
	}
	fclose(f);
	/* deepest last in the manifest, so remove in reverse */
	while (nr_dirs--) {
		if (dirs[nr_dirs])
			rmdir(dirs[nr_dirs]);	/* kept when a user's file is in it */
		free(dirs[nr_dirs]);
	}
	snprintf(path, sizeof(path), "%s/%s", dir, OUTDIR_MANIFEST);
	if (!ret && unlink(path)) {
		ret = -errno;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
	}
	return ret;
}

static int entry_filter(const struct dirent *e)
{
	return strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
}

/**
 * outdir_prepare - make @dir ready for a run (`-o DIR`)
 * @force: write into a non-empty directory that is not a run directory
 *
 * Creates @dir with its parents; a directory with a manifest is cleaned of
 * what the manifest lists; any other non-empty directory is refused.
 * Return: 0; -ENOTEMPTY or -errno with @err.
 */
int outdir_prepare(struct outdir *od, const char *dir, bool force, char *err,
		   size_t errlen)
{
	struct dirent **ents;
	char man[4200];
	bool has_manifest;
	int n, ret;

	memset(od, 0, sizeof(*od));
	snprintf(od->path, sizeof(od->path), "%s", dir);
	od->created = access(dir, F_OK) != 0;
	ret = mkdir_parents(dir);
	if (ret) {
		snprintf(err, errlen, "%s: %s", dir, strerror(-ret));
		return ret;
	}
	snprintf(man, sizeof(man), "%s/%s", dir, OUTDIR_MANIFEST);
	has_manifest = !access(man, F_OK);
	if (has_manifest) {
		ret = manifest_clean(dir, err, errlen);
		if (ret)
			return ret;
	}
	n = scandir(dir, &ents, entry_filter, alphasort);
	if (n < 0) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -errno;
	}
	if (n && !has_manifest && !force) {
		for (int i = 0; i < n; i++)
			free(ents[i]);
		free(ents);
		snprintf(err, errlen, "%s: not empty and not a wbsim run directory (use --force)",
			 dir);
		return -ENOTEMPTY;
	}
	od->keep = calloc(n ? n : 1, sizeof(*od->keep));
	for (int i = 0; i < n; i++) {
		if (od->keep)
			od->keep[od->nr_keep++] = strdup(ents[i]->d_name);
		free(ents[i]);
	}
	free(ents);
	return 0;
}

static bool kept(const struct outdir *od, const char *name)
{
	for (int i = 0; i < od->nr_keep; i++)
		if (od->keep[i] && !strcmp(od->keep[i], name))
			return true;
	return false;
}

static bool is_tmp(const char *name, size_t l)
{
	return l > 4 && !strcmp(name + l - 4, ".tmp");
}

static bool renamed_output(const char *name)
{
	static const char *const names[] = {
		"geometry", "scenario.ini", "summary.json", "report.md",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

/* List @rel (relative to the run directory) and what is below it. */
static void manifest_list(FILE *f, const struct outdir *od, const char *rel)
{
	struct dirent **ents;
	char path[8400];
	int n;

	snprintf(path, sizeof(path), "%s%s%s", od->path, *rel ? "/" : "", rel);
	n = scandir(path, &ents, entry_filter, alphasort);
	for (int i = 0; i < n; i++) {
		char sub[4096], full[8400];
		struct stat st;

		snprintf(sub, sizeof(sub), "%s%s%s", rel, *rel ? "/" : "", ents[i]->d_name);
		snprintf(full, sizeof(full), "%s/%s", od->path, sub);
		if ((!*rel && (kept(od, ents[i]->d_name) ||
			       !strncmp(ents[i]->d_name, OUTDIR_MANIFEST,
					strlen(OUTDIR_MANIFEST)))) ||
		    lstat(full, &st)) {
			free(ents[i]);
			continue;
		}
		if (S_ISDIR(st.st_mode)) {
			fprintf(f, "%s/\n", sub);
			strcat(full, "/" OUTDIR_MANIFEST);
			if (access(full, F_OK))
				manifest_list(f, od, sub);
		} else {
			size_t l = strlen(sub);

			fprintf(f, "%s\n", sub);
			/* files written under NAME.tmp and renamed: a run killed
			 * mid-write leaves the temporary name behind */
			if (!*rel && !is_tmp(sub, l) && renamed_output(sub))
				fprintf(f, "%s.tmp\n", sub);
		}
		free(ents[i]);
	}
	if (n > 0)
		free(ents);
}

/**
 * outdir_write_manifest - write wbsim.manifest: everything in the directory
 * that was not there before outdir_prepare()
 */
int outdir_write_manifest(const struct outdir *od, char *err, size_t errlen)
{
	char path[4200], tmp[4300];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", od->path, OUTDIR_MANIFEST);
	snprintf(tmp, sizeof(tmp), "%s.tmp", path);
	f = fopen(tmp, "w");
	if (!f)
		goto fail;
	fprintf(f, "%s\n", OUTDIR_MANIFEST_HEAD);
	manifest_list(f, od, "");
	if (ferror(f)) {
		int e = errno;

		fclose(f);
		errno = e ? e : EIO;
		goto fail;
	}
	if (fclose(f) || rename(tmp, path))
		goto fail;
	return 0;
fail:
	snprintf(err, errlen, "%s: %s", path, strerror(errno));
	return -errno;
}

void outdir_release(struct outdir *od)
{
	for (int i = 0; i < od->nr_keep; i++)
		free(od->keep[i]);
	free(od->keep);
	od->keep = NULL;
	od->nr_keep = 0;
}

/**
 * outdir_discard - remove what wbsim wrote in @od (and @od itself if wbsim
 * created it): the run was refused as bad input, so nothing of it is worth
 * keeping, and a refused run leaves no directory behind
 */
void outdir_discard(struct outdir *od)
{
	char err[8500];

	if (!outdir_write_manifest(od, err, sizeof(err)))
		manifest_clean(od->path, err, sizeof(err));
	if (od->created)
		rmdir(od->path);
	outdir_release(od);
}

/**
 * stdout_close_check - at exit: were all of stdout's writes done?
 * @status: the command's exit status
 * Return: @status, or 1 with a message when stdout could not be written.
 */
int stdout_close_check(int status)
{
	if (fflush(stdout) || ferror(stdout)) {
		int e = errno ? errno : EIO;

		fprintf(stderr, "wbsim: stdout: %s\n", strerror(e));
		return status ? status : 1;
	}
	return status;
}
