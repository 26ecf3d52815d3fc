// SPDX-License-Identifier: GPL-2.0
/*
 * `wbfair why`'s writer classes (why.h): the names the kernels, the
 * simulator and the harness give their writers, each to its class.
 */
#include <string.h>

#include "../../analysis/why.h"
#include "check.h"

int main(void)
{
	static const struct {
		const char *comm;
		enum wbf_class c;
	} cases[] = {
		{ "flush-8:0", WBF_CL_FLUSHER },	/* 2.6.32 per-bdi */
		{ "flush-254:0", WBF_CL_FLUSHER },
		{ "pdflush", WBF_CL_FLUSHER },		/* 2.6.30 pool */
		{ "kworker/u2:0", WBF_CL_FLUSHER },	/* 6.1 writeback wq */
		{ "kworker/u8:3+flush-8:0", WBF_CL_FLUSHER },
		{ "kworker/0:1H", WBF_CL_OTHER },	/* bound: kblockd work */
		{ "kjournald", WBF_CL_JOURNAL },
		{ "kjournald/sda1", WBF_CL_JOURNAL },	/* wbsim */
		{ "jbd2/vda1-8", WBF_CL_JOURNAL },
		{ "kswapd0", WBF_CL_RECLAIM },
		{ "sync", WBF_CL_SYNC },
		{ "fsfreeze", WBF_CL_SYNC },
		{ "dbench", WBF_CL_DIRTIER },
		{ "trace-cmd", WBF_CL_DIRTIER },	/* a user task */
		{ "ksoftirqd/0", WBF_CL_OTHER },
		{ "swapper/0", WBF_CL_OTHER },
		{ "", WBF_CL_UNKNOWN },
		{ NULL, WBF_CL_UNKNOWN },
	};
	size_t i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		enum wbf_class got = wbf_writer_class(cases[i].comm);

		if (got != cases[i].c)
			fprintf(stderr, "'%s': %s, want %s\n",
				cases[i].comm ? cases[i].comm : "(null)",
				wbf_class_name(got), wbf_class_name(cases[i].c));
		CHECK(got == cases[i].c);
	}
	CHECK(!strcmp(wbf_class_name(WBF_CL_FLUSHER), "flusher"));
	CHECK(!strcmp(wbf_class_name(WBF_NR_CLASS), "?"));
	return check_status("test_wbfair_why");
}
