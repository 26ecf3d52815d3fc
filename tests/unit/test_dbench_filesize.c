// SPDX-License-Identifier: GPL-2.0
/*
 * Reads past a file's end in dbench loadfiles (sim/workload/dbench-filesize.c):
 * refused, with the exact message, where the loadfile alone gives the
 * file's size (created after a Deltree, truncated, grown by WriteX,
 * followed through Rename and from one pass into the next); accepted
 * where it does not (a file that exists before the loadfile creates it,
 * a path every client shares, an ambiguous handle) and where the line
 * records a short read, as a recording of a real server would. Then the
 * real client.txt: it loads, and the same check catches one of its
 * ReadX lines made to read past its file's end.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../sim/workload/dbench-loadfile.h"
#include "check.h"
#include "loadfile_check.h"

/* "\\clients\\client1\\" in a loadfile, written twice as C */
#define DIR	"\"\\clients\\client1"
#define SETUP	"Deltree " DIR "\" NT_STATUS_OK\n"			\
		"Mkdir \"\\clients\" NT_STATUS_OK\n"			\
		"NTCreateX " DIR "\" 0x1 0x2 100 NT_STATUS_OK\n"	\
		"Close 100 NT_STATUS_OK\n"
/* lines 1-4 above; 5: f created (0x2) as handle 1, 6: 1 MB written */
#define FILE_1M	SETUP							\
		"NTCreateX " DIR "\\f\" 0x40 0x2 1 NT_STATUS_OK\n"	\
		"WriteX 1 0 1048576 1048576 NT_STATUS_OK\n"

static void check_refused(const char *text, const char *want)
{
	check_loadfile_refused("load.txt", text, strlen(text), want);
}

static void check_accepted(const char *text)
{
	struct dbench_loadfile lf;
	int ret = dbench_loadfile_parse(&lf, "load.txt", text, strlen(text));

	if (ret) {
		fprintf(stderr, "refused: '%s'\n", lf.err);
		CHECK(0);
	}
	CHECK(lf.nr_by_type[DBENCH_OP_READX] >= 1);
	dbench_loadfile_free(&lf);
}

static void test_refused(void)
{
	/* the case: 2 GB read from a file written 1 MB */
	check_refused(FILE_1M "ReadX 1 0 2147483647 2147483647 NT_STATUS_OK\n"
		      "Close 1 NT_STATUS_OK\n",
		      "load.txt:7: ReadX reads past the end of handle 1's file: "
		      "2147483647 bytes at offset 0 of a 1048576-byte file (that "
		      "size from line 6) return at most 1048576 bytes, not the "
		      "2147483647 the line expects");
	/* wholly past the end, claiming data */
	check_refused(FILE_1M "ReadX 1 2097152 4096 4096 NT_STATUS_OK\n"
		      "Close 1 NT_STATUS_OK\n",
		      "load.txt:7: ReadX reads past the end of handle 1's file: "
		      "4096 bytes at offset 2097152 of a 1048576-byte file (that "
		      "size from line 6) return at most 0 bytes, not the 4096 the "
		      "line expects");
	/* OVERWRITE_IF truncates the file every handle of it sees */
	check_refused(FILE_1M
		      "NTCreateX " DIR "\\f\" 0x40 0x5 2 NT_STATUS_OK\n"
		      "WriteX 2 0 10 10 NT_STATUS_OK\n"
		      "ReadX 1 0 4096 4096 NT_STATUS_OK\n"
		      "Close 1 NT_STATUS_OK\nClose 2 NT_STATUS_OK\n",
		      "load.txt:9: ReadX reads past the end of handle 1's file: "
		      "4096 bytes at offset 0 of a 10-byte file (that size from "
		      "line 8) return at most 10 bytes, not the 4096 the line "
		      "expects");
	/* the size follows the file through a Rename */
	check_refused(FILE_1M "Close 1 NT_STATUS_OK\n"
		      "Rename " DIR "\\f\" " DIR "\\g\" NT_STATUS_OK\n"
		      "NTCreateX " DIR "\\g\" 0x40 0x1 3 NT_STATUS_OK\n"
		      "ReadX 3 1048575 2 2 NT_STATUS_OK\n"
		      "Close 3 NT_STATUS_OK\n",
		      "load.txt:10: ReadX reads past the end of handle 3's file: "
		      "2 bytes at offset 1048575 of a 1048576-byte file (that "
		      "size from line 6) return at most 1 bytes, not the 2 the "
		      "line expects");
	/*
	 * No Deltree: pass 1's open of f fails (nothing there yet), every
	 * later pass finds the 1000 bytes the previous one wrote.
	 */
	check_refused("NTCreateX \"\\clients\\client1\\f\" 0x40 0x1 1 NT_STATUS_OK\n"
		      "ReadX 1 0 2000 2000 NT_STATUS_OK\n"
		      "Close 1 NT_STATUS_OK\n"
		      "NTCreateX \"\\clients\\client1\\f\" 0x40 0x2 2 NT_STATUS_OK\n"
		      "WriteX 2 0 1000 1000 NT_STATUS_OK\n"
		      "Close 2 NT_STATUS_OK\n",
		      "load.txt:2: ReadX reads past the end of handle 1's file: "
		      "2000 bytes at offset 0 of a 1000-byte file (that size from "
		      "line 5) return at most 1000 bytes, not the 2000 the line "
		      "expects");
}

static void test_accepted(void)
{
	/* recorded short reads: the tail of the file, and at its end */
	check_accepted(FILE_1M "ReadX 1 1048000 4096 576 NT_STATUS_OK\n"
		       "ReadX 1 1048576 4096 0 NT_STATUS_OK\n"
		       "Close 1 NT_STATUS_OK\n");
	/* inside the file, in every pass */
	check_accepted("NTCreateX \"\\clients\\client1\\f\" 0x40 0x1 1 NT_STATUS_OK\n"
		       "ReadX 1 0 1000 1000 NT_STATUS_OK\n"
		       "Close 1 NT_STATUS_OK\n"
		       "NTCreateX \"\\clients\\client1\\f\" 0x40 0x2 2 NT_STATUS_OK\n"
		       "WriteX 2 0 1000 1000 NT_STATUS_OK\n"
		       "Close 2 NT_STATUS_OK\n");
	/* an earlier pass wrote more than this one: the size is the most */
	check_accepted("NTCreateX \"\\clients\\client1\\f\" 0x40 0x2 1 NT_STATUS_OK\n"
		       "ReadX 1 0 5000 5000 NT_STATUS_OK\n"
		       "WriteX 1 0 1000 1000 NT_STATUS_OK\n"
		       "Close 1 NT_STATUS_OK\n"
		       "NTCreateX \"\\clients\\client1\\f\" 0x40 0x2 2 NT_STATUS_OK\n"
		       "WriteX 2 0 5000 5000 NT_STATUS_OK\n"
		       "Close 2 NT_STATUS_OK\n");
	/* the failing WriteX still writes in dbench: size unknown */
	check_accepted(FILE_1M "WriteX 1 0 4194304 4194304 NT_STATUS_DISK_FULL\n"
		       "ReadX 1 0 4194304 4194304 NT_STATUS_OK\n"
		       "Close 1 NT_STATUS_OK\n");
	/* a file the loadfile never creates: whatever was there before */
	check_accepted("NTCreateX \"\\clients\\client1\\old\" 0x40 0x1 1 NT_STATUS_OK\n"
		       "ReadX 1 0 2147483647 2147483647 NT_STATUS_OK\n"
		       "Close 1 NT_STATUS_OK\n");
	/* a path all clients share: another client may have written it */
	check_accepted("Deltree \"\\shared\" NT_STATUS_OK\n"
		       "NTCreateX \"\\shared\\f\" 0x40 0x2 1 NT_STATUS_OK\n"
		       "ReadX 1 0 4096 4096 NT_STATUS_OK\n"
		       "Close 1 NT_STATUS_OK\n");
	/* one handle number open twice: dbench reads the first, wbsim the second */
	check_accepted(FILE_1M "NTCreateX " DIR "\\g\" 0x40 0x2 1 NT_STATUS_OK\n"
		       "ReadX 1 0 4096 4096 NT_STATUS_OK\n"
		       "Close 1 NT_STATUS_OK\nClose 1 NT_STATUS_OK\n");
	/*
	 * The Mkdir fails on the file f but leaves its state unknown, so
	 * handle 2 is not followed; it is the file the OVERWRITE_IF then
	 * truncates, and its WriteX grows what handle 3 reads.
	 */
	check_accepted("NTCreateX " DIR "\\f\" 0x40 0x2 1 NT_STATUS_OK\n"
		       "Close 1 NT_STATUS_OK\n"
		       "Mkdir " DIR "\\f\" NT_STATUS_OK\n"
		       "NTCreateX " DIR "\\f\" 0x40 0x1 2 NT_STATUS_OK\n"
		       "NTCreateX " DIR "\\f\" 0x40 0x5 3 NT_STATUS_OK\n"
		       "WriteX 2 0 4096 4096 NT_STATUS_OK\n"
		       "ReadX 3 0 4096 4096 NT_STATUS_OK\n"
		       "Close 2 NT_STATUS_OK\nClose 3 NT_STATUS_OK\n");
	/* a handle left open at the end of a pass names two files in the next */
	check_accepted(SETUP "NTCreateX " DIR "\\f\" 0x40 0x2 1 NT_STATUS_OK\n"
		       "ReadX 1 0 4096 4096 NT_STATUS_OK\n");
	/* an expected failure reads nothing in wbsim: not checked */
	check_accepted(FILE_1M "ReadX 1 2097152 4096 4096 NT_STATUS_END_OF_FILE\n"
		       "Close 1 NT_STATUS_OK\n");
}

/* client.txt loads; its first ReadX made to read 1 GB more is refused */
static void test_client_txt(const char *path)
{
	struct dbench_loadfile lf;
	char *buf, *line, *eol, *text, want[DBENCH_ERR_MAX];
	unsigned int fnum, off, size, ret, lineno = 1;
	size_t len;
	FILE *f = fopen(path, "rb");
	long n;

	if (!f) {
		printf("%s: absent, client.txt part skipped\n", path);
		return;
	}
	CHECK(dbench_loadfile_load(&lf, path) == 0);
	dbench_loadfile_free(&lf);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc(n + 1);
	text = malloc(n + 64);
	CHECK(buf && text && fread(buf, 1, n, f) == (size_t)n);
	fclose(f);
	buf[n] = 0;
	line = strstr(buf, "\nReadX ");
	CHECK(line != NULL);
	for (char *c = buf; c <= line; c++)
		lineno += *c == '\n';
	line++;
	eol = strchr(line, '\n');
	CHECK(sscanf(line, "ReadX %u %u %u %u", &fnum, &off, &size, &ret) == 4);
	len = (size_t)(line - buf);
	memcpy(text, buf, len);
	len += sprintf(text + len, "ReadX %u %u %u %u NT_STATUS_OK", fnum, off,
		       size + (1u << 30), ret + (1u << 30));
	memcpy(text + len, eol, buf + n - eol);
	len += buf + n - eol;
	CHECK(dbench_loadfile_parse(&lf, "client.txt", text, len) == -EINVAL);
	snprintf(want, sizeof(want), "client.txt:%u: ReadX reads past the end of "
		 "handle %u's file: %u bytes at offset %u of a ", lineno, fnum,
		 size + (1u << 30), off);
	if (strncmp(lf.err, want, strlen(want))) {
		fprintf(stderr, "got  '%s'\nwant '%s...'\n", lf.err, want);
		CHECK(0);
	}
	dbench_loadfile_free(&lf);
	free(text);
	free(buf);
}

int main(void)
{
	const char *path = getenv("DBENCH_LOADFILE");

	test_refused();
	test_accepted();
	test_client_txt(path ? path : DBENCH_LOADFILE_DEFAULT);
	return check_status("test_dbench_filesize");
}
