// SPDX-License-Identifier: GPL-2.0
/*
 * wbsim-scenario(5) generated from the option tables (see options-doc.h).
 * The page is plain man(7) roff: .TH, .SH, .SS, .TP, .B, .I and nothing
 * else, so man-db, mandoc and groff all render it the same.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "options-doc.h"

/*
 * Text into roff: a backslash is roff's escape character, and a line that
 * starts with '.' or '\'' would be read as a request, so both are escaped;
 * '-' becomes "\-" so that option names copy and paste as ASCII hyphens.
 */
static void roff_text(FILE *f, const char *s)
{
	if (*s == '.' || *s == '\'')
		fputs("\\&", f);
	for (; *s; s++) {
		if (*s == '\\')
			fputs("\\e", f);
		else if (*s == '-')
			fputs("\\-", f);
		else if (*s == '\n')
			fputs(" ", f);
		else
			fputc(*s, f);
	}
}

static const char *type_name(const struct opt_desc *d)
{
	switch (d->type) {
	case OPT_BOOL: return "bool";
	case OPT_INT: case OPT_UINT: case OPT_U64: return "integer";
	case OPT_DOUBLE: return "number";
	case OPT_SIZE: return "size";
	case OPT_TIME: return "time";
	case OPT_ENUM: return "one of";
	case OPT_STR: return "text";
	case OPT_LIST: return "list";
	}
	return "?";
}

static void man_option(FILE *f, const char *section, const struct opt_desc *d)
{
	fputs(".TP\n.B ", f);
	roff_text(f, section);
	fputs(".", f);
	roff_text(f, d->name);
	fputs("\n", f);
	roff_text(f, d->help);
	fputs("\n.br\n\\fI", f);
	roff_text(f, type_name(d));
	fputs("\\fR", f);
	if (d->type == OPT_ENUM && d->choices) {
		fputs(" ", f);
		for (int i = 0; d->choices[i]; i++) {
			fputs(i ? ", " : "", f);
			roff_text(f, d->choices[i]);
		}
	}
	fputs("; default \\fB", f);
	roff_text(f, d->def ? d->def : "0");
	if (d->type == OPT_TIME && d->unit) {
		fputs(" ", f);
		roff_text(f, d->unit);
	}
	fputs("\\fR", f);
	if (d->type == OPT_TIME && d->unit) {
		fputs(" (a bare number is in ", f);
		roff_text(f, d->unit);
		fputs(")", f);
	} else if (d->unit && *d->unit) {
		fputs(" (", f);
		roff_text(f, d->unit);
		fputs(")", f);
	}
	fputs("\n", f);
}

static const char *const man_head =
	".SH NAME\n"
	"wbsim\\-scenario \\- scenario files and options of wbsim\n"
	".SH SYNOPSIS\n"
	".B wbsim run\n"
	".I SCENARIO.ini\n"
	"[\\fB\\-\\-set\\fR \\fISECTION.KEY\\fR=\\fIVALUE\\fR]...\n"
	".SH DESCRIPTION\n"
	"A scenario is an INI file. Each section configures one object of the\n"
	"simulated machine and every option has a default, so a scenario holds\n"
	"only what it changes.\n"
	".B include = FILE\n"
	"(before any section) reads another scenario first, relative to the\n"
	"including file; the shipped scenarios include their disk from\n"
	".IR ../disks/ .\n"
	"A section written\n"
	".BI [ SECTION : NAME ]\n"
	"configures one instance of a family (for example one partition).\n"
	".PP\n"
	".B \\-\\-set SECTION.KEY=VALUE\n"
	"on the command line overrides an option after every file is read.\n"
	".PP\n"
	"Sizes take K, M, G, T (powers of 1024), kB, MB, GB, TB (powers of\n"
	"1000) or s (512\\-byte sectors). Times take ns, us, ms or s; a bare\n"
	"number is in the option's own unit, given below.\n"
	"A bad section, key or value is reported as\n"
	".I FILE:LINE: message\n"
	"and wbsim exits with status 2 before simulating anything.\n"
	".PP\n"
	".B wbsim options\n"
	"lists the same options;\n"
	".B wbsim options \\-c FILE \\-\\-dump\n"
	"prints the effective value of every option after FILE.\n"
	".SH OPTIONS\n";

static const char *const man_tail =
	".SH FILES\n"
	".TP\n"
	".I share/wbsim/scenarios/\n"
	"the shipped scenarios (box2009.ini, bigram.ini, jbod.ini), beside the\n"
	"installed binary's\n"
	".IR ../share/wbsim/ .\n"
	".TP\n"
	".I share/wbsim/disks/\n"
	"the shipped disk definitions.\n"
	".SH SEE ALSO\n"
	".BR wbsim (1),\n"
	".BR wbfair (1)\n";

/**
 * config_print_man - wbsim-scenario(5) in man(7) roff
 * @f: where to write
 * @c: the bound option tables (every section, as `wbsim options` lists)
 * @version: the wbsim version for the page footer
 *
 * Return: 0, or -EIO when writing to @f failed.
 */
int config_print_man(FILE *f, const struct config *c, const char *version)
{
	fputs(".TH WBSIM\\-SCENARIO 5 \"\" \"wbsim ", f);
	roff_text(f, version);
	fputs("\" \"wbsim manual\"\n", f);
	fputs(man_head, f);
	for (int i = 0; i < c->nr; i++) {
		const struct config_binding *b = &c->b[i];

		fputs(".SS [", f);
		roff_text(f, b->section);
		fputs(b->lookup ? ":NAME] " : "] ", f);
		roff_text(f, b->table->title);
		fputs("\n", f);
		for (const struct opt_desc *d = b->table->opts; d->name; d++)
			man_option(f, b->section, d);
	}
	fputs(man_tail, f);
	return ferror(f) ? -EIO : 0;
}
