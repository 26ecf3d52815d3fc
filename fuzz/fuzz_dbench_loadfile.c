// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: the dbench loadfile parser on arbitrary bytes, from
 * memory and through the block reader (a 1100-byte buffer, so inputs
 * cross refills). Besides not crashing, hanging or leaking: both readers
 * agree; a parsed program is well formed (types, ids, line numbers, the
 * path tree, every template found again by lookup, formatting for any
 * client); an error is a "file:line: message" and leaves no ops.
 *
 *   make build/fuzz/fuzz_dbench_loadfile
 *   build/fuzz/fuzz_dbench_loadfile -max_total_time=300 fuzz/corpus/fuzz_dbench_loadfile
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../sim/workload/dbench-loadfile.h"

static void check(bool ok)
{
	if (!ok)
		__builtin_trap();
}

/* which ops take a first / second path argument */
static bool takes_path(int type)
{
	switch (type) {
	case DBENCH_OP_NTCREATEX: case DBENCH_OP_RENAME: case DBENCH_OP_UNLINK:
	case DBENCH_OP_DELTREE: case DBENCH_OP_RMDIR: case DBENCH_OP_MKDIR:
	case DBENCH_OP_QPATHINFO: case DBENCH_OP_FIND:
		return true;
	default:
		return false;
	}
}

static void check_program(const struct dbench_loadfile *lf)
{
	char buf[2048], name[2048];
	uint32_t prev = 0, found;

	check(lf->nr_ops > 0 && lf->nr_lines >= lf->nr_ops);
	for (uint32_t i = 0; i < lf->nr_ops; i++) {
		const struct dbench_op *op = &lf->ops[i];

		check(op->type < DBENCH_OP_NR);
		check(op->line > prev && op->line <= lf->nr_lines);
		prev = op->line;
		check(op->status < lf->nr_status);
		check(op->status_ok == lf->status[op->status].ok);
		check(takes_path(op->type) == (op->path != DBENCH_NO_PATH));
		check((op->type == DBENCH_OP_RENAME) ==
		      (op->path2 != DBENCH_NO_PATH));
		check(op->path == DBENCH_NO_PATH || op->path < lf->nr_paths);
		check(op->path2 == DBENCH_NO_PATH || op->path2 < lf->nr_paths);
		if (op->type == DBENCH_OP_READX || op->type == DBENCH_OP_WRITEX)
			check(op->rw.offset <= INT32_MAX &&
			      op->rw.size <= INT32_MAX);
	}
	for (uint32_t id = 0; id < lf->nr_paths; id++) {
		const struct dbench_path *p = &lf->paths[id];
		int n;

		check(id == 0 || p->parent < id || p->parent == 0);
		check(id == 0 || p->depth == lf->paths[p->parent].depth + 1);
		check(p->str + p->len < lf->pool_len);
		check(strlen(dbench_path_template(lf, id)) == p->len);
		check(dbench_path_lookup(lf, dbench_path_template(lf, id),
					 &found) == 0 && found == id);
		n = dbench_path_format(lf, id, 4294967295u, buf, sizeof(buf));
		check(n > 0 && (size_t)n == strlen(buf));
		n = dbench_name_format(lf, id, 7, name, sizeof(name));
		check(n >= 0 && (size_t)n == strlen(name));
		if (id) {
			/* the last component of the path is the name */
			n = dbench_path_format(lf, id, 7, buf, sizeof(buf));
			check(n > 0 && !strcmp(strrchr(buf, '/') + 1, name));
		}
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dbench_loadfile mem, file;
	char path[64];
	int r1, r2, fd;

	r1 = dbench_loadfile_parse(&mem, "fuzz", (const char *)data, size);
	if (r1 == 0) {
		check_program(&mem);
	} else {
		check(r1 == -EINVAL);
		check(!strncmp(mem.err, "fuzz:", 5) && mem.nr_ops == 0);
	}

	fd = memfd_create("fuzz", 0);
	if (fd >= 0 && write(fd, data, size) == (ssize_t)size) {
		snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
		r2 = dbench_loadfile_load(&file, path);
		check(r2 == r1);
		if (!r1) {
			check(file.nr_ops == mem.nr_ops &&
			      !memcmp(file.ops, mem.ops,
				      mem.nr_ops * sizeof(*mem.ops)));
			check(file.nr_lines == mem.nr_lines);
			check(file.pool_len == mem.pool_len &&
			      !memcmp(file.pool, mem.pool, mem.pool_len));
		} else {
			/* same message after the file name */
			check(!strcmp(strchr(file.err, ':'),
				      strchr(mem.err, ':')));
		}
		dbench_loadfile_free(&file);
	}
	if (fd >= 0)
		close(fd);
	dbench_loadfile_free(&mem);
	return 0;
}
