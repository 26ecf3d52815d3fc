// SPDX-License-Identifier: GPL-2.0
/* How a wbfair subcommand ends: its message on stderr, its exit status. */
#include <errno.h>
#include <stdio.h>

#include "commands.h"

/**
 * wbf_cmd_fail() - print a subcommand's error, return its exit status
 * @e: the message
 * @ret: the -errno: bad input is the user's to fix (2), anything else
 *	is ours (1)
 */
int wbf_cmd_fail(const struct wbf_err *e, int ret)
{
	fprintf(stderr, "wbfair: %s\n", e->msg);
	return ret == -EINVAL || ret == -ENOENT || ret == -EISDIR ||
	       ret == -EACCES || ret == -ENOTDIR ? 2 : 1;
}

/**
 * wbf_cmd_done() - a subcommand's exit status: its error, or a failed
 * write of stdout (/dev/full: say so, do not exit 0)
 * @e: the message when @ret
 * @ret: 0 or the -errno the command ended with
 */
int wbf_cmd_done(const struct wbf_err *e, int ret)
{
	if (ret)
		return wbf_cmd_fail(e, ret);
	if (fflush(stdout) || ferror(stdout)) {
		perror("wbfair: stdout");
		return 1;
	}
	return 0;
}
