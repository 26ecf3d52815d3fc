// SPDX-License-Identifier: GPL-2.0
/*
 * getopt_long from a command's option table (cmdline.h), with wbsim's
 * error convention: a message naming the command and exit status 2 for
 * bad input, which the caller returns.
 */
#include <errno.h>
#include <string.h>

#include "cmdline.h"
#include "init/scenario.h"

/**
 * cmd_parser_init - prepare to walk @argv (argv[0] = the command's name)
 *
 * Return: 0, or -E2BIG when the table has more than CMD_MAX_OPTS options.
 */
int cmd_parser_init(struct cmd_parser *p, const struct cmd_desc *d,
		    int argc, char **argv)
{
	char *s = p->optstring;
	int n = 0;

	memset(p, 0, sizeof(*p));
	p->d = d;
	p->argc = argc;
	p->argv = argv;
	/*
	 * '-': operands come back in place (key 1), so files, --set and a
	 * positional scenario apply in command-line order; ':': a missing
	 * argument is reported as ':', not as an unknown option.
	 */
	*s++ = '-';
	*s++ = ':';
	for (const struct cmd_opt *o = d->opts; o->name; o++, n++) {
		if (n == CMD_MAX_OPTS)
			return -E2BIG;
		p->lo[n] = (struct option){ o->name,
			!o->arg ? no_argument : o->arg[0] == '[' ?
			optional_argument : required_argument, NULL, o->key };
		if (o->key < CMD_LONG) {
			*s++ = (char)o->key;
			if (o->arg)
				*s++ = ':';
			if (o->arg && o->arg[0] == '[')
				*s++ = ':';
		}
	}
	*s = '\0';
	/* glibc: optind 0 resets its state, for a second walk or command */
	optind = 0;
	opterr = 0;
	return 0;
}

/**
 * cmd_next - the next option or operand
 * @arg: set to the option's argument or the operand
 *
 * Return: the option's key, 1 for an operand, 0 at the end, or -EINVAL
 * after printing "wbsim NAME: ..." for an unknown option or a missing
 * argument.
 */
int cmd_next(struct cmd_parser *p, char **arg)
{
	int c = getopt_long(p->argc, p->argv, p->optstring, p->lo, NULL);
	const char *bad;

	*arg = optarg;
	if (c == -1)
		return 0;
	if (c != '?' && c != ':')
		return c;
	bad = p->argv[optind - 1];
	if (c == ':')
		fprintf(stderr, "wbsim %s: %s needs an argument (see --help)\n",
			p->d->name, bad);
	else if (optopt && optopt < CMD_LONG && bad[0] == '-' && bad[1] != '-')
		fprintf(stderr, "wbsim %s: unknown option '-%c' (see --help)\n",
			p->d->name, optopt);
	else
		fprintf(stderr, "wbsim %s: unknown option '%s' (see --help)\n",
			p->d->name, bad);
	return -EINVAL;
}

/*
 * "  -c, --scenario FILE", "      --force" or "      --experiment[=drop]"
 * (an optional argument is written glued, as it must be given)
 */
static int opt_left(char *buf, size_t n, const struct cmd_opt *o)
{
	const char *sep = !o->arg || o->arg[0] == '[' ? "" : " ";
	const char *arg = o->arg ? o->arg : "";

	if (o->key < CMD_LONG)
		return snprintf(buf, n, "  -%c, --%s%s%s", o->key, o->name, sep,
				arg);
	return snprintf(buf, n, "      --%s%s%s", o->name, sep, arg);
}

/* @h from column 32, words wrapped before column 80; '\n' breaks a line */
static void help_text(FILE *f, const char *h)
{
	int col = 32;

	while (*h) {
		size_t w = strcspn(h, " \n");

		if (col > 32 && col + 1 + (int)w > 79) {
			fprintf(f, "\n%32s", "");
			col = 32;
		} else if (col > 32) {
			fputc(' ', f);
			col++;
		}
		fprintf(f, "%.*s", (int)w, h);
		col += (int)w;
		h += w;
		if (*h == '\n') {
			fprintf(f, "\n%32s", "");
			col = 32;
		}
		if (*h)
			h++;
	}
	fputc('\n', f);
}

/**
 * cmd_usage - the --help text, from the table
 */
void cmd_usage(FILE *f, const struct cmd_desc *d)
{
	char left[96];

	fprintf(f, "usage: wbsim %s %s\n\n%s\noptions:\n", d->name, d->synopsis,
		d->about);
	for (const struct cmd_opt *o = d->opts; o->name; o++) {
		int w = opt_left(left, sizeof(left), o);

		fputs(left, f);
		/* a left side past the help column gets its own line */
		if (w >= 31)
			fprintf(f, "\n%32s", "");
		else
			fprintf(f, "%*s", 32 - w, "");
		help_text(f, o->help);
	}
	if (d->after)
		fprintf(f, "\n%s", d->after);
}

/**
 * cmd_scenario_opt - apply -c FILE or --set K=V (CMD_OPT_SCENARIO) to @s
 *
 * Return: 1 when @key was one of them and applied, 0 when it was not one
 * of them, -EINVAL after a file:line message.
 */
int cmd_scenario_opt(struct scenario *s, int key, const char *arg)
{
	if (key == 'c')
		return scenario_load(s, arg) ? -EINVAL : 1;
	if (key == 's')
		return scenario_set(s, arg) ? -EINVAL : 1;
	return 0;
}
