// SPDX-License-Identifier: GPL-2.0
/*
 * The dbench 4.0 loadfile parser against the real client.txt (counted
 * independently here, line by line, the way awk would), against lines
 * copied from it with their fields written out by hand, against the
 * quoting and substitution rules of dbench's child_run()/next_token(),
 * and against malformed input, each with its exact message.
 *
 * client.txt is dbench's DATADIR file (Debian: the dbench package);
 * DBENCH_LOADFILE overrides it; the test skips (77) when it is absent.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/workload/dbench-loadfile.h"
#include "check.h"
#include "loadfile_check.h"

/* the loadfile keywords, written out again rather than taken from the
 * parser, in the order of enum dbench_op_type */
static const char *const keywords[DBENCH_OP_NR] = {
	"NTCreateX", "Close", "Rename", "Unlink", "Deltree", "Rmdir", "Mkdir",
	"QUERY_PATH_INFORMATION", "QUERY_FILE_INFORMATION",
	"QUERY_FS_INFORMATION", "SET_FILE_INFORMATION", "FIND_FIRST",
	"WriteX", "ReadX", "LockX", "UnlockX", "Flush", "Sleep",
};

static char *read_all(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc(n + 1);
	if (!buf || fread(buf, 1, n, f) != (size_t)n) {
		free(buf);
		fclose(f);
		return NULL;
	}
	buf[n] = 0;
	fclose(f);
	*len = n;
	return buf;
}

/* naive reference: "\\" -> "/", every "client1" -> "client<n>" */
static void expect_path(const char *tok, size_t len, unsigned int n,
			char *out, size_t size)
{
	size_t o = 0;

	for (size_t i = 0; i < len && o + 16 < size;) {
		if (len - i >= 7 && !memcmp(tok + i, "client1", 7)) {
			o += snprintf(out + o, size - o, "client%u", n);
			i += 7;
		} else {
			out[o++] = tok[i] == '\\' ? '/' : tok[i];
			i++;
		}
	}
	out[o] = 0;
}

/* the k-th (0-based) quoted token of @line, or NULL */
static const char *quoted(const char *line, int k, size_t *len)
{
	const char *q = line;

	for (int i = 0; i <= k; i++) {
		q = strchr(q, '"');
		if (!q)
			return NULL;
		const char *e = strchr(q + 1, '"');

		if (!e)
			return NULL;
		if (i == k) {
			*len = e - q - 1;
			return q + 1;
		}
		q = e + 1;
	}
	return NULL;
}

static void check_path_arg(const struct dbench_loadfile *lf, uint32_t id,
			   const char *line, int k)
{
	char want[256], got[256];
	size_t len;
	const char *tok = quoted(line, k, &len);

	CHECK(tok != NULL);
	if (!tok)
		return;
	for (unsigned int n = 1; n <= 37; n += 36) {
		expect_path(tok, len, n, want, sizeof(want));
		CHECK(dbench_path_format(lf, id, n, got, sizeof(got)) ==
		      (int)strlen(want));
		if (strcmp(got, want)) {
			fprintf(stderr, "path %u client %u: '%s', want '%s'\n",
				id, n, got, want);
			CHECK(0);
		}
	}
}

/* the tree: each path is its parent's path, '/', its name, for any client */
static void check_tree(const struct dbench_loadfile *lf)
{
	char full[256], parent[256], name[128], want[512];
	unsigned int bad = 0;

	CHECK_EQ_U64(lf->paths[0].parent, 0);
	CHECK(!strcmp(dbench_path_template(lf, 0), "/"));
	for (uint32_t id = 1; id < lf->nr_paths; id++) {
		const struct dbench_path *p = &lf->paths[id];
		const char *tmpl = dbench_path_template(lf, id);
		const char *last = strrchr(tmpl, '/') + 1;
		uint32_t found = UINT32_MAX;

		bad += p->parent >= id && p->parent != 0;
		bad += p->depth != lf->paths[p->parent].depth + 1;
		bad += strcmp(lf->pool + p->name, last) != 0;
		bad += !!strstr(last, "client1") !=
		       !!(p->flags & DBENCH_PATH_NAME_CLIENT);
		bad += !!strstr(tmpl, "client1") !=
		       !!(p->flags & DBENCH_PATH_PER_CLIENT);
		bad += !!strpbrk(last, "<>*?") !=
		       !!(p->flags & DBENCH_PATH_WILDCARD);
		bad += dbench_path_lookup(lf, tmpl, &found) || found != id;
		for (unsigned int n = 0; n <= 37; n += 37) {
			dbench_path_format(lf, id, n, full, sizeof(full));
			dbench_path_format(lf, p->parent, n, parent,
					   sizeof(parent));
			dbench_name_format(lf, id, n, name, sizeof(name));
			snprintf(want, sizeof(want), "%s/%s",
				 p->parent ? parent : "", name);
			bad += strcmp(full, want) != 0;
		}
	}
	CHECK_EQ_U64(bad, 0);
}

struct picked {
	uint32_t line;
	const char *text;	/* copied from client.txt */
	enum dbench_op_type type;
	const char *path, *path2;	/* templates */
	int32_t fnum;
	uint32_t a, b, c;	/* the op's other numbers, in file order */
	const char *status;
	uint32_t code;
	bool ok;
};

#define NF	0xc0000034	/* OBJECT_NAME_NOT_FOUND */
#define NSF	0xc000000f	/* NO_SUCH_FILE */
#define PNF	0xc000003a	/* OBJECT_PATH_NOT_FOUND */

static const struct picked picked[] = {
	{ 1, "Deltree \"\\clients\\client1\" NT_STATUS_OK",
	  DBENCH_OP_DELTREE, "/clients/client1", NULL, 0, 0, 0, 0,
	  "NT_STATUS_OK", 0, true },
	{ 2, "Mkdir \"\\clients\" NT_STATUS_OK",
	  DBENCH_OP_MKDIR, "/clients", NULL, 0, 0, 0, 0, "NT_STATUS_OK", 0, true },
	{ 3, "NTCreateX \"\\clients\\client1\" 0x1 0x2 16385 NT_STATUS_OK",
	  DBENCH_OP_NTCREATEX, "/clients/client1", NULL, 16385, 1, 2, 0,
	  "NT_STATUS_OK", 0, true },
	{ 4, "Close 16385 NT_STATUS_OK",
	  DBENCH_OP_CLOSE, NULL, NULL, 16385, 0, 0, 0, "NT_STATUS_OK", 0, true },
	{ 5, "NTCreateX \"\\clients\\client1\\mixfile\" 0x40 0x1 9935 NT_STATUS_OBJECT_NAME_NOT_FOUND",
	  DBENCH_OP_NTCREATEX, "/clients/client1/mixfile", NULL, 9935, 0x40, 1,
	  0, "NT_STATUS_OBJECT_NAME_NOT_FOUND", NF, false },
	{ 6, "QUERY_PATH_INFORMATION \"\\clients\\client1\\~dmtmp\" 1004 NT_STATUS_OBJECT_NAME_NOT_FOUND",
	  DBENCH_OP_QPATHINFO, "/clients/client1/~dmtmp", NULL, 0, 1004, 0, 0,
	  "NT_STATUS_OBJECT_NAME_NOT_FOUND", NF, false },
	{ 7, "FIND_FIRST \"\\clients\\client1\\FILLER.*\" 260 1366 0 NT_STATUS_NO_SUCH_FILE",
	  DBENCH_OP_FIND, "/clients/client1/FILLER.*", NULL, 0, 260, 1366, 0,
	  "NT_STATUS_NO_SUCH_FILE", NSF, false },
	{ 11, "QUERY_FS_INFORMATION 1 NT_STATUS_OK",
	  DBENCH_OP_QFSINFO, NULL, NULL, 0, 1, 0, 0, "NT_STATUS_OK", 0, true },
	{ 12, "WriteX 9938 65534 1 1 NT_STATUS_OK",
	  DBENCH_OP_WRITEX, NULL, NULL, 9938, 65534, 1, 1, "NT_STATUS_OK", 0,
	  true },
	{ 13, "QUERY_FILE_INFORMATION 9938 258 NT_STATUS_OK",
	  DBENCH_OP_QFILEINFO, NULL, NULL, 9938, 258, 0, 0, "NT_STATUS_OK", 0,
	  true },
	{ 601, "QUERY_FS_INFORMATION 259 NT_STATUS_OK",
	  DBENCH_OP_QFSINFO, NULL, NULL, 0, 259, 0, 0, "NT_STATUS_OK", 0, true },
	{ 603, "FIND_FIRST \"\\clients\\client1\\~dmtmp\\<.JNK\" 260 1366 0 NT_STATUS_NO_SUCH_FILE",
	  DBENCH_OP_FIND, "/clients/client1/~dmtmp/<.JNK", NULL, 0, 260, 1366,
	  0, "NT_STATUS_NO_SUCH_FILE", NSF, false },
	{ 610, "ReadX 10003 0 4096 4096 NT_STATUS_OK",
	  DBENCH_OP_READX, NULL, NULL, 10003, 0, 4096, 4096, "NT_STATUS_OK", 0,
	  true },
	{ 636, "SET_FILE_INFORMATION 10005 1004 NT_STATUS_OK",
	  DBENCH_OP_SFILEINFO, NULL, NULL, 10005, 1004, 0, 0, "NT_STATUS_OK", 0,
	  true },
	{ 652, "Unlink \"\\clients\\client1\\~dmtmp\\PWRPNT\\NEWPCB.PPT\" 0x6 NT_STATUS_OK",
	  DBENCH_OP_UNLINK, "/clients/client1/~dmtmp/PWRPNT/NEWPCB.PPT", NULL,
	  0, 6, 0, 0, "NT_STATUS_OK", 0, true },
	{ 664, "Flush 10012 NT_STATUS_OK",
	  DBENCH_OP_FLUSH, NULL, NULL, 10012, 0, 0, 0, "NT_STATUS_OK", 0, true },
	{ 708, "NTCreateX \"\\clients\\client1\\~dmtmp\\PWRPNT\\NEWPCB.PPT\" 0x0 0x1 10020 NT_STATUS_OK",
	  DBENCH_OP_NTCREATEX, "/clients/client1/~dmtmp/PWRPNT/NEWPCB.PPT",
	  NULL, 10020, 0, 1, 0, "NT_STATUS_OK", 0, true },
	{ 710, "Rename \"\\clients\\client1\\~dmtmp\\PWRPNT\\NEWPCB.PPT\" \"\\clients\\client1\\~dmtmp\\PWRPNT\\PPTB1E4.TMP\" NT_STATUS_OK",
	  DBENCH_OP_RENAME, "/clients/client1/~dmtmp/PWRPNT/NEWPCB.PPT",
	  "/clients/client1/~dmtmp/PWRPNT/PPTB1E4.TMP", 0, 0, 0, 0,
	  "NT_STATUS_OK", 0, true },
	{ 2291, "QUERY_PATH_INFORMATION \"\\clients\\client1\\~dmtmp\\EXCEL\\XLSTART\\XL5GALRY.XLS\" 1004 NT_STATUS_OBJECT_PATH_NOT_FOUND",
	  DBENCH_OP_QPATHINFO,
	  "/clients/client1/~dmtmp/EXCEL/XLSTART/XL5GALRY.XLS", NULL, 0, 1004,
	  0, 0, "NT_STATUS_OBJECT_PATH_NOT_FOUND", PNF, false },
	{ 2784, "LockX 10430 2147483538 1 NT_STATUS_OK",
	  DBENCH_OP_LOCKX, NULL, NULL, 10430, 2147483538u, 1, 0,
	  "NT_STATUS_OK", 0, true },
	{ 2785, "UnlockX 10430 2147483538 1 NT_STATUS_OK",
	  DBENCH_OP_UNLOCKX, NULL, NULL, 10430, 2147483538u, 1, 0,
	  "NT_STATUS_OK", 0, true },
	{ 400002, "ReadX 11054 1179648 61440 61440 NT_STATUS_OK",
	  DBENCH_OP_READX, NULL, NULL, 11054, 1179648, 61440, 61440,
	  "NT_STATUS_OK", 0, true },
	{ 458327, "NTCreateX \"\\clients\\client1\\mixfile\" 0x40 0x5 13985 NT_STATUS_OK",
	  DBENCH_OP_NTCREATEX, "/clients/client1/mixfile", NULL, 13985, 0x40, 5,
	  0, "NT_STATUS_OK", 0, true },
	{ 458344, "Deltree \"\\clients\\client1\" NT_STATUS_OK",
	  DBENCH_OP_DELTREE, "/clients/client1", NULL, 0, 0, 0, 0,
	  "NT_STATUS_OK", 0, true },
};

/* the op's numbers other than fnum, in loadfile order */
static void op_numbers(const struct dbench_op *op, uint32_t n[3])
{
	n[0] = n[1] = n[2] = 0;
	switch (op->type) {
	case DBENCH_OP_NTCREATEX:
		n[0] = op->ntcreatex.create_options;
		n[1] = op->ntcreatex.disposition;
		break;
	case DBENCH_OP_READX:
	case DBENCH_OP_WRITEX:
		n[0] = op->rw.offset;
		n[1] = op->rw.size;
		n[2] = op->rw.ret_size;
		break;
	case DBENCH_OP_LOCKX:
	case DBENCH_OP_UNLOCKX:
		n[0] = op->lock.offset;
		n[1] = op->lock.size;
		break;
	case DBENCH_OP_UNLINK:
		n[0] = op->unlink.attr;
		break;
	case DBENCH_OP_QPATHINFO:
	case DBENCH_OP_QFILEINFO:
	case DBENCH_OP_QFSINFO:
	case DBENCH_OP_SFILEINFO:
		n[0] = op->info.level;
		break;
	case DBENCH_OP_FIND:
		n[0] = op->find.level;
		n[1] = op->find.maxcnt;
		n[2] = op->find.count;
		break;
	case DBENCH_OP_SLEEP:
		n[0] = op->sleep.usec;
		break;
	default:
		break;
	}
}

static void check_picked(const struct dbench_loadfile *lf, char **lines)
{
	for (size_t i = 0; i < sizeof(picked) / sizeof(picked[0]); i++) {
		const struct picked *pk = &picked[i];
		const struct dbench_op *op = NULL;
		uint32_t n[3], id;

		/* the copy in this file is the file's line */
		CHECK(!strcmp(lines[pk->line - 1], pk->text));
		for (uint32_t k = 0; k < lf->nr_ops && !op; k++)
			if (lf->ops[k].line == pk->line)
				op = &lf->ops[k];
		CHECK(op != NULL);
		if (!op)
			continue;
		CHECK_EQ_U64(op->type, pk->type);
		CHECK_EQ_U64(op->fnum, pk->fnum);
		op_numbers(op, n);
		CHECK_EQ_U64(n[0], pk->a);
		CHECK_EQ_U64(n[1], pk->b);
		CHECK_EQ_U64(n[2], pk->c);
		CHECK(!strcmp(dbench_status_name(lf, op->status), pk->status));
		CHECK_EQ_U64(lf->status[op->status].code, pk->code);
		CHECK_EQ_U64(op->status_ok, pk->ok);
		if (pk->path) {
			CHECK(dbench_path_lookup(lf, pk->path, &id) == 0);
			CHECK_EQ_U64(op->path, id);
		} else {
			CHECK_EQ_U64(op->path, DBENCH_NO_PATH);
		}
		if (pk->path2) {
			CHECK(dbench_path_lookup(lf, pk->path2, &id) == 0);
			CHECK_EQ_U64(op->path2, id);
		} else {
			CHECK_EQ_U64(op->path2, DBENCH_NO_PATH);
		}
	}
}

static void test_client_txt(const char *path)
{
	uint32_t count[DBENCH_OP_NR] = { 0 }, by_type[DBENCH_OP_NR] = { 0 };
	struct dbench_loadfile lf, mem;
	uint32_t nlines = 0, unknown = 0;
	char **lines, *buf, *p;
	size_t len;

	buf = read_all(path, &len);
	CHECK(buf != NULL);
	if (!buf)
		return;
	CHECK(dbench_loadfile_load(&lf, path) == 0);
	if (lf.err[0])
		fprintf(stderr, "%s\n", lf.err);

	/* the block reader and the in-memory parser agree */
	CHECK(dbench_loadfile_parse(&mem, path, buf, len) == 0);
	CHECK_EQ_U64(mem.nr_ops, lf.nr_ops);
	CHECK_EQ_U64(mem.nr_paths, lf.nr_paths);
	CHECK(mem.nr_ops == lf.nr_ops &&
	      !memcmp(mem.ops, lf.ops, lf.nr_ops * sizeof(*lf.ops)));
	CHECK(mem.pool_len == lf.pool_len &&
	      !memcmp(mem.pool, lf.pool, lf.pool_len));
	dbench_loadfile_free(&mem);

	/* awk '{ n[$1]++ }': split into lines, count first fields */
	lines = malloc((len / 2 + 2) * sizeof(*lines));
	for (p = buf; *p; nlines++) {
		char *nl = strchr(p, '\n'), *f = p, *e;
		int t;

		lines[nlines] = p;
		if (nl)
			*nl = 0;
		while (*f == ' ')
			f++;
		for (e = f; *e && *e != ' '; e++)
			;
		for (t = 0; t < DBENCH_OP_NR; t++)
			if ((size_t)(e - f) == strlen(keywords[t]) &&
			    !memcmp(f, keywords[t], e - f))
				break;
		if (t < DBENCH_OP_NR)
			count[t]++;
		else
			unknown++;
		p = nl ? nl + 1 : p + strlen(p);
	}
	CHECK_EQ_U64(unknown, 0);
	CHECK_EQ_U64(nlines, 458344);	/* formats.md */
	CHECK_EQ_U64(lf.nr_lines, nlines);
	CHECK_EQ_U64(lf.nr_ops, nlines);
	for (uint32_t i = 0; i < lf.nr_ops; i++)
		by_type[lf.ops[i].type]++;
	for (int t = 0; t < DBENCH_OP_NR; t++) {
		CHECK_EQ_U64(lf.nr_by_type[t], count[t]);
		CHECK_EQ_U64(by_type[t], count[t]);
	}
	CHECK(!lf.cross_client_names);
	CHECK(lf.target == NULL);

	/* every path argument is the line's quoted token for clients 1, 37 */
	for (uint32_t i = 0; i < lf.nr_ops; i++) {
		const struct dbench_op *op = &lf.ops[i];

		CHECK_EQ_U64(op->line, i + 1);
		if (op->path != DBENCH_NO_PATH)
			check_path_arg(&lf, op->path, lines[op->line - 1], 0);
		if (op->path2 != DBENCH_NO_PATH)
			check_path_arg(&lf, op->path2, lines[op->line - 1], 1);
		CHECK((op->path != DBENCH_NO_PATH) ==
		      (strchr(lines[op->line - 1], '"') != NULL));
		if (check_failures > 20)
			break;
	}
	check_tree(&lf);
	check_picked(&lf, lines);

	printf("%s: %u lines, %u paths, %u statuses", path, lf.nr_lines,
	       lf.nr_paths, lf.nr_status);
	for (int t = 0; t < DBENCH_OP_NR; t++)
		if (count[t])
			printf(", %s %u", keywords[t], count[t]);
	printf("\n");
	dbench_loadfile_free(&lf);
	dbench_loadfile_free(&lf);	/* twice is harmless */
	free(lines);
	free(buf);
}

static int parse_str(struct dbench_loadfile *lf, const char *text)
{
	return dbench_loadfile_parse(lf, "t.txt", text, strlen(text));
}

static void test_rules(void)
{
	struct dbench_loadfile lf;
	char buf[256];
	uint32_t id;

	/* quotes toggle anywhere and are dropped; " /" loses the slash even
	 * inside quotes; empty components go; comments and blank lines
	 * count as lines; the last line needs no '\n' */
	CHECK(parse_str(&lf,
		"# comment\n"
		"\n"
		"   \n"
		"Mkdir \"\\a b\"\\c NT_STATUS_OK\n"
		"Mkdir \"\\x \\y\" NT_STATUS_OK\n"
		"Mkdir \"\\\\p\\\\q\\\\\" 0x0\n"
		"Rename \"\\client1\\client1x\" \"/clients/client10\" 0xc0000035\n"
		"1.5 Close 010 NT_STATUS_FOO\n"
		"Close 0x10 NT_STATUS_OK\n"
		"Close -5 NT_STATUS_OK") == 0);
	CHECK_EQ_U64(lf.nr_lines, 10);
	CHECK_EQ_U64(lf.nr_ops, 7);
	CHECK_EQ_U64(lf.ops[0].line, 4);
	CHECK(dbench_path_format(&lf, lf.ops[0].path, 0, buf, sizeof(buf)) > 0);
	CHECK(!strcmp(buf, "/a b/c"));
	dbench_path_format(&lf, lf.ops[1].path, 0, buf, sizeof(buf));
	CHECK(!strcmp(buf, "/x y"));
	dbench_path_format(&lf, lf.ops[2].path, 0, buf, sizeof(buf));
	CHECK(!strcmp(buf, "/p/q"));
	CHECK(lf.ops[2].status_ok);
	CHECK(dbench_path_lookup(&lf, "\\p", &id) == 0);
	CHECK_EQ_U64(lf.paths[lf.ops[2].path].parent, id);
	CHECK_EQ_U64(lf.paths[id].parent, DBENCH_PATH_ROOT);
	CHECK(dbench_path_lookup(&lf, "/nothere", &id) == -ENOENT);
	CHECK(dbench_path_lookup(&lf, "rel", &id) == -EINVAL);

	/* every "client1" is substituted; client numbers are dbench's ids */
	CHECK_EQ_U64(lf.ops[3].type, DBENCH_OP_RENAME);
	dbench_path_format(&lf, lf.ops[3].path, 37, buf, sizeof(buf));
	CHECK(!strcmp(buf, "/client37/client37x"));
	dbench_path_format(&lf, lf.ops[3].path, 0, buf, sizeof(buf));
	CHECK(!strcmp(buf, "/client0/client0x"));
	dbench_name_format(&lf, lf.ops[3].path, 37, buf, sizeof(buf));
	CHECK(!strcmp(buf, "client37x"));
	/* the widest client number (the fuzzer found a short buffer here) */
	CHECK(dbench_path_format(&lf, lf.ops[3].path, 4294967295u, buf,
				 sizeof(buf)) == 35);
	CHECK(!strcmp(buf, "/client4294967295/client4294967295x"));
	CHECK(dbench_path_format(&lf, lf.ops[3].path, 37, buf, 19) ==
	      -ENAMETOOLONG);
	CHECK(dbench_path_format(&lf, lf.ops[3].path, 37, buf, 20) == 19);
	CHECK(dbench_path_format(&lf, lf.nr_paths, 1, buf, 20) == -EINVAL);
	/* "client10" is client 10's "client1" seen from client 1 */
	CHECK(lf.cross_client_names);
	dbench_path_format(&lf, lf.ops[3].path2, 37, buf, sizeof(buf));
	CHECK(!strcmp(buf, "/clients/client370"));
	CHECK(!lf.ops[3].status_ok);
	CHECK_EQ_U64(lf.status[lf.ops[3].status].code, 0xc0000035);

	/* target times; octal, hex and negative handles as strtol(, 0) */
	CHECK(lf.target != NULL);
	CHECK_EQ_U64(lf.target[4], 1500000000);
	CHECK_EQ_U64(lf.target[5], 0);
	CHECK_EQ_U64(lf.ops[4].fnum, 8);
	CHECK_EQ_U64(lf.ops[5].fnum, 16);
	CHECK(lf.ops[6].fnum == -5);
	CHECK(!lf.ops[4].status_ok);
	CHECK_EQ_U64(lf.status[lf.ops[4].status].code, DBENCH_STATUS_UNKNOWN);
	CHECK_EQ_U64(lf.nr_status, 4);	/* OK, 0x0, 0xc0000035, FOO */
	dbench_loadfile_free(&lf);

	/* the longest line dbench reads whole */
	{
		char *line = malloc(DBENCH_LINE_MAX + 64);

		memset(line, ' ', DBENCH_LINE_MAX);
		memcpy(line, "Close 1", 7);
		memcpy(line + DBENCH_LINE_MAX - 12, "NT_STATUS_OK\n", 14);
		CHECK(parse_str(&lf, line) == 0);
		CHECK_EQ_U64(lf.nr_ops, 1);
		dbench_loadfile_free(&lf);
		free(line);
	}
}

static void check_error(const char *text, size_t len, const char *want)
{
	check_loadfile_refused("bad.txt", text, len, want);
}

#define BAD(text, want)	check_error(text, sizeof(text) - 1, want)

static void test_errors(void)
{
	char *line = malloc(DBENCH_LINE_MAX + 64);
	struct dbench_loadfile lf;

	BAD("Close 1 NT_STATUS_OK\nFrobnicate 1 NT_STATUS_OK\n",
	    "bad.txt:2: unknown operation 'Frobnicate'");
	BAD("WriteX 1 0 100 NT_STATUS_OK\n",
	    "bad.txt:1: WriteX takes 4 arguments and a status, not 3");
	BAD("# x\nClose 1 2 NT_STATUS_OK\n",
	    "bad.txt:2: Close takes 1 argument and a status, not 2");
	BAD("\n\nClose abc NT_STATUS_OK\n",
	    "bad.txt:3: Close: argument 1 'abc' is not a number in [-2147483648, 2147483647]");
	BAD("ReadX 1 0x10g 5 5 NT_STATUS_OK\n",
	    "bad.txt:1: ReadX: argument 2 '0x10g' is not a number in [0, 2147483647]");
	BAD("ReadX 1 -1 5 5 NT_STATUS_OK\n",
	    "bad.txt:1: ReadX: argument 2 '-1' is not a number in [0, 2147483647]");
	BAD("LockX 1 4294967296 1 NT_STATUS_OK\n",
	    "bad.txt:1: LockX: argument 2 '4294967296' is not a number in [0, 4294967295]");
	BAD("Close 08 NT_STATUS_OK\n",
	    "bad.txt:1: Close: argument 1 '08' is not a number in [-2147483648, 2147483647]");
	BAD("Mkdir \"\\a\nUnlink \"\\clients\\x 0x6 NT_STATUS_OK\n",
	    "bad.txt:1: unterminated quote");
	BAD("Close 1 NT_STATUS_OK\nClose 1\0 NT_STATUS_OK\n",
	    "bad.txt:2: NUL byte in column 8");
	BAD("Close 1 OK\n",
	    "bad.txt:1: bad status 'OK' (want NT_STATUS_NAME or 0x<hex>)");
	BAD("Close 1 NT_STATUS_OK\r\n",
	    "bad.txt:1: bad status 'NT_STATUS_OK\\x0d' (want NT_STATUS_NAME or 0x<hex>)");
	BAD("Close 1 0x123456789\n",
	    "bad.txt:1: bad status '0x123456789' (want NT_STATUS_NAME or 0x<hex>)");
	BAD("Close\n", "bad.txt:1: Close without a status");
	BAD("2.5\n", "bad.txt:1: a target time without an operation");
	BAD("1.5x Close 1 NT_STATUS_OK\n",
	    "bad.txt:1: bad target time '1.5x' (seconds)");
	/* unquoted, dbench's " /" -> " " strips the slash: not a path */
	BAD("Mkdir \\clients NT_STATUS_OK\n",
	    "bad.txt:1: Mkdir: argument 1 'clients' is not a path (want a quoted \"\\...\")");
	BAD("Mkdir \"\\a\\..\\b\" NT_STATUS_OK\n",
	    "bad.txt:1: Mkdir: path '/a/../b' has a '.' or '..' component");
	BAD("SMBopenX 1 2 3\n",
	    "bad.txt:1: 'SMBopenX': a dbench 1 loadfile, dbench 4 ops are NTCreateX, ReadX, ...");
	BAD("Mkdir \"\\aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\" NT_STATUS_OK\n",
	    "bad.txt:1: field 2 is longer than 99 characters");
	BAD("Close 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 NT_STATUS_OK\n",
	    "bad.txt:1: more than 19 fields");
	BAD("# only comments\n\n", "bad.txt: no operations");

	/* one character past the longest line, on line 3 */
	memcpy(line, "#\n#\n", 4);
	memset(line + 4, 'x', DBENCH_LINE_MAX + 1);
	check_error(line, DBENCH_LINE_MAX + 5,
		    "bad.txt:3: line longer than 1021 characters");
	free(line);

	/* a device, a directory: not a loadfile (and no read of /dev/zero) */
	CHECK(dbench_loadfile_load(&lf, "/dev/zero") == -EINVAL);
	CHECK(!strcmp(lf.err, "/dev/zero: not a regular file"));
	dbench_loadfile_free(&lf);
	CHECK(dbench_loadfile_load(&lf, "/etc") == -EINVAL);
	CHECK(!strcmp(lf.err, "/etc: not a regular file"));
	dbench_loadfile_free(&lf);
	CHECK(dbench_loadfile_load(&lf, "/nonexistent/x") == -ENOENT);
	CHECK(!strncmp(lf.err, "/nonexistent/x: ", 16));
	dbench_loadfile_free(&lf);
}

int main(void)
{
	const char *path = getenv("DBENCH_LOADFILE");
	FILE *f;

	test_rules();
	test_errors();
	if (!path)
		path = DBENCH_LOADFILE_DEFAULT;
	f = fopen(path, "r");
	if (!f) {
		printf("%s: absent, client.txt part skipped\n", path);
		if (check_failures)
			return check_status("test_dbench_loadfile");
		printf("skip: no %s (install dbench)\n", path);
		return 77;
	}
	fclose(f);
	test_client_txt(path);
	return check_status("test_dbench_loadfile");
}
