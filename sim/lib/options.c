// SPDX-License-Identifier: GPL-2.0
/*
 * Parsing and printing of option values, driven by struct opt_desc.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "options.h"
#include "kernel/sim.h"

/**
 * opt_find - look up an option by name
 * Return: the descriptor, or NULL if @t has no option @name.
 */
const struct opt_desc *opt_find(const struct opt_table *t, const char *name)
{
	for (const struct opt_desc *d = t->opts; d->name; d++)
		if (!strcmp(d->name, name))
			return d;
	return NULL;
}

static const char *skip_space(const char *s)
{
	while (isspace((unsigned char)*s))
		s++;
	return s;
}

/*
 * strtod() takes "0x10" as 16, "inf" and "nan", while "010" is 10: a reader
 * of a scenario cannot tell which base a value is in. Accept decimal only:
 * [sign] digits [. digits] [e[sign]digits], no leading zero before another
 * digit (it looks octal), and a suffix after it.
 */
static bool decimal_form(const char *s)
{
	if (*s == '+' || *s == '-')
		s++;
	if (s[0] == '0' && (isdigit((unsigned char)s[1]) || s[1] == 'x' ||
			    s[1] == 'X'))
		return false;
	if (!isdigit((unsigned char)*s) &&
	    !(*s == '.' && isdigit((unsigned char)s[1])))
		return false;
	return true;
}

/* Parse a finite decimal double with nothing but a suffix after it. */
static int parse_number(const char *val, double *out, const char **suffix)
{
	char *end;
	double v;

	val = skip_space(val);
	if (!*val)
		return -EINVAL;
	if (!decimal_form(val))
		return -EINVAL;
	errno = 0;
	v = strtod(val, &end);
	if (end == val || errno == ERANGE || !isfinite(v))
		return -EINVAL;
	*out = v;
	*suffix = skip_space(end);
	return 0;
}

static bool suffix_is(const char *suffix, const char *want)
{
	size_t n = strlen(want);

	return !strncmp(suffix, want, n) && !*skip_space(suffix + n);
}

static int size_multiplier(const char *suffix, double *mult)
{
	static const struct { const char *s; double m; } units[] = {
		{ "", 1 }, { "B", 1 },
		{ "k", 1024.0 }, { "K", 1024.0 }, { "KiB", 1024.0 },
		{ "M", 1048576.0 }, { "MiB", 1048576.0 },
		{ "G", 1073741824.0 }, { "GiB", 1073741824.0 },
		{ "T", 1099511627776.0 }, { "TiB", 1099511627776.0 },
		{ "kB", 1e3 }, { "KB", 1e3 }, { "MB", 1e6 }, { "GB", 1e9 },
		{ "TB", 1e12 },
		{ "s", 512 }, { "sectors", 512 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(units); i++)
		if (suffix_is(suffix, units[i].s)) {
			*mult = units[i].m;
			return 0;
		}
	return -EINVAL;
}

static int time_multiplier(const char *suffix, const char *unit, double *mult)
{
	static const struct { const char *s; double m; } units[] = {
		{ "ns", 1 }, { "us", 1e3 }, { "ms", 1e6 }, { "s", 1e9 },
		{ "min", 60e9 },
	};

	if (!*suffix)
		suffix = unit ? unit : "ns";
	for (size_t i = 0; i < ARRAY_SIZE(units); i++)
		if (suffix_is(suffix, units[i].s)) {
			*mult = units[i].m;
			return 0;
		}
	return -EINVAL;
}

static int check_range(const struct opt_desc *d, double v, char *err,
		       size_t errlen)
{
	if (d->min == 0 && d->max == 0)
		return 0;
	if (v < d->min || v > d->max) {
		snprintf(err, errlen, "%s: %g is out of range [%g, %g]",
			 d->name, v, d->min, d->max);
		return -ERANGE;
	}
	return 0;
}

/**
 * opt_list_parse - split @val into @l's items (struct opt_list says how)
 *
 * Return: 0, or -EINVAL with @err naming the item for an empty item, a
 * value longer than OPT_STR_MAX - 1 or more than OPT_LIST_MAX items; @l
 * is then the empty list.
 */
int opt_list_parse(struct opt_list *l, const char *val, char *err,
		   size_t errlen)
{
	size_t len = strlen(val), at = 0;
	const char *s = val;

	memset(l, 0, sizeof(*l));
	if (len >= OPT_STR_MAX) {
		snprintf(err, errlen, "list longer than %d bytes", OPT_STR_MAX - 1);
		return -EINVAL;
	}
	s = skip_space(val);
	if (!*s) {
		memcpy(l->raw, val, len + 1);
		return 0;
	}
	for (;;) {
		const char *comma = strchr(s, ',');
		size_t n = comma ? (size_t)(comma - s) : strlen(s);

		while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
			n--;
		if (!n) {
			snprintf(err, errlen, "item %u of '%s' is empty", l->n + 1, val);
			goto bad;
		}
		if (l->n == OPT_LIST_MAX) {
			snprintf(err, errlen, "more than %d items", OPT_LIST_MAX);
			goto bad;
		}
		l->off[l->n++] = (unsigned short)at;
		memcpy(l->buf + at, s, n);
		at += n;
		l->buf[at++] = '\0';
		if (!comma)
			break;
		s = skip_space(comma + 1);
	}
	memcpy(l->raw, val, len + 1);
	return 0;
bad:
	memset(l, 0, sizeof(*l));
	return -EINVAL;
}

/**
 * opt_parse - parse @val for option @d and store it into @obj
 * @err: receives a message without file/line prefix on failure
 * Return: 0, or -EINVAL/-ERANGE with @err filled in.
 */
int opt_parse(const struct opt_desc *d, void *obj, const char *val,
	      char *err, size_t errlen)
{
	char *p = (char *)obj + d->off;
	const char *suffix;
	double v, mult = 1;
	int ret;

	switch (d->type) {
	case OPT_BOOL: {
		static const char *const yes[] = { "1", "yes", "on", "true" };
		static const char *const no[] = { "0", "no", "off", "false" };
		const char *s = skip_space(val);

		for (size_t i = 0; i < ARRAY_SIZE(yes); i++) {
			if (suffix_is(s, yes[i])) {
				*(bool *)p = true;
				return 0;
			}
			if (suffix_is(s, no[i])) {
				*(bool *)p = false;
				return 0;
			}
		}
		snprintf(err, errlen, "%s: '%s' is not a boolean (yes/no)",
			 d->name, val);
		return -EINVAL;
	}
	case OPT_ENUM:
		for (int i = 0; d->choices[i]; i++)
			if (suffix_is(skip_space(val), d->choices[i])) {
				*(int *)p = i;
				return 0;
			}
		ret = snprintf(err, errlen, "%s: '%s' is not one of", d->name, val);
		for (int i = 0; d->choices[i] && ret > 0 && (size_t)ret < errlen; i++)
			ret += snprintf(err + ret, errlen - ret, " %s",
					d->choices[i]);
		return -EINVAL;
	case OPT_STR:
		if (strlen(val) >= OPT_STR_MAX) {
			snprintf(err, errlen, "%s: value longer than %d bytes",
				 d->name, OPT_STR_MAX - 1);
			return -EINVAL;
		}
		strcpy(p, val);
		return 0;
	case OPT_LIST: {
		char why[OPT_ERR_MAX];

		if (opt_list_parse((struct opt_list *)(void *)p, val, why,
				   sizeof(why))) {
			snprintf(err, errlen, "%s: %s", d->name, why);
			return -EINVAL;
		}
		return 0;
	}
	default:
		break;
	}

	if (parse_number(val, &v, &suffix)) {
		snprintf(err, errlen,
			 "%s: '%s' is not a decimal number (no 0x, no leading 0)",
			 d->name, val);
		return -EINVAL;
	}
	if (d->type == OPT_SIZE && size_multiplier(suffix, &mult)) {
		snprintf(err, errlen, "%s: bad size unit '%s' (K, M, G, kB, MB, s)",
			 d->name, suffix);
		return -EINVAL;
	}
	if (d->type == OPT_TIME && time_multiplier(suffix, d->unit, &mult)) {
		snprintf(err, errlen, "%s: bad time unit '%s' (ns, us, ms, s)",
			 d->name, suffix);
		return -EINVAL;
	}
	if (d->type != OPT_SIZE && d->type != OPT_TIME && *suffix) {
		snprintf(err, errlen, "%s: trailing '%s' after the number",
			 d->name, suffix);
		return -EINVAL;
	}
	/* Ranges are in the option's own unit (bytes, the time unit). */
	if (d->type == OPT_TIME) {
		double base;

		time_multiplier("", d->unit, &base);
		ret = check_range(d, v * mult / base, err, errlen);
	} else {
		ret = check_range(d, v * mult, err, errlen);
	}
	if (ret)
		return ret;
	v *= mult;

	switch (d->type) {
	case OPT_INT:
	case OPT_UINT:
	case OPT_U64:
	case OPT_SIZE:
	case OPT_TIME:
		if (v != floor(v)) {
			snprintf(err, errlen, "%s: '%s' is not a whole number",
				 d->name, val);
			return -EINVAL;
		}
		if ((d->type == OPT_INT && (v < INT32_MIN || v > INT32_MAX)) ||
		    (d->type == OPT_UINT && (v < 0 || v > UINT32_MAX)) ||
		    (d->type != OPT_INT && d->type != OPT_UINT &&
		     (v < 0 || v >= 18446744073709551616.0))) {
			snprintf(err, errlen, "%s: '%s' does not fit", d->name, val);
			return -ERANGE;
		}
		if (d->type == OPT_INT)
			*(int *)p = (int)v;
		else if (d->type == OPT_UINT)
			*(unsigned int *)p = (unsigned int)v;
		else
			*(uint64_t *)p = (uint64_t)v;
		return 0;
	case OPT_DOUBLE:
		*(double *)p = v;
		return 0;
	default:
		snprintf(err, errlen, "%s: unknown option type", d->name);
		return -EINVAL;
	}
}

/**
 * opt_set_defaults - store every option's default into @obj
 * Return: 0, or -EINVAL if a built-in default does not parse (a bug).
 */
int opt_set_defaults(const struct opt_table *t, void *obj)
{
	char err[OPT_ERR_MAX];

	for (const struct opt_desc *d = t->opts; d->name; d++) {
		int ret = opt_parse(d, obj, d->def ? d->def : "0", err,
				    sizeof(err));

		if (ret) {
			fprintf(stderr, "internal: default of %s.%s: %s\n",
				t->section, d->name, err);
			return ret;
		}
	}
	return 0;
}

/**
 * opt_format - print the value of @d in @obj, in a form opt_parse() reads
 */
int opt_format(const struct opt_desc *d, const void *obj, char *buf,
	       size_t len)
{
	const char *p = (const char *)obj + d->off;

	switch (d->type) {
	case OPT_BOOL:
		return snprintf(buf, len, "%s", *(const bool *)p ? "yes" : "no");
	case OPT_INT:
		return snprintf(buf, len, "%d", *(const int *)p);
	case OPT_UINT:
		return snprintf(buf, len, "%u", *(const unsigned int *)p);
	case OPT_U64:
	case OPT_SIZE:
		return snprintf(buf, len, "%" PRIu64, *(const uint64_t *)p);
	case OPT_TIME:
		return snprintf(buf, len, "%" PRIu64 "ns", *(const uint64_t *)p);
	case OPT_DOUBLE:
		return snprintf(buf, len, "%.17g", *(const double *)p);
	case OPT_ENUM:
		return snprintf(buf, len, "%s", d->choices[*(const int *)p]);
	case OPT_STR:
		return snprintf(buf, len, "%s", p);
	case OPT_LIST:
		return snprintf(buf, len, "%s", ((const struct opt_list *)p)->raw);
	}
	return -EINVAL;
}

static const char *type_hint(const struct opt_desc *d)
{
	switch (d->type) {
	case OPT_BOOL: return "bool";
	case OPT_INT: case OPT_UINT: case OPT_U64: return "int";
	case OPT_DOUBLE: return "num";
	case OPT_SIZE: return "size";
	case OPT_TIME: return "time";
	case OPT_ENUM: return "enum";
	case OPT_STR: return "str";
	case OPT_LIST: return "list";
	}
	return "?";
}

/**
 * opt_print_help - one line per option: name, type, default, unit, help
 */
void opt_print_help(FILE *f, const struct opt_table *t)
{
	fprintf(f, "[%s]  %s\n", t->section, t->title);
	for (const struct opt_desc *d = t->opts; d->name; d++) {
		char name[64];

		snprintf(name, sizeof(name), "%s.%s", t->section, d->name);
		fprintf(f, "  %-28s %-4s %s", name, type_hint(d), d->help);
		if (d->type == OPT_ENUM) {
			fprintf(f, " (");
			for (int i = 0; d->choices[i]; i++)
				fprintf(f, "%s%s", i ? "|" : "", d->choices[i]);
			fprintf(f, ")");
		}
		fprintf(f, " [default %s%s%s]\n", d->def ? d->def : "0",
			d->unit && d->type == OPT_TIME ? " " : "",
			d->unit && d->type == OPT_TIME ? d->unit : "");
	}
}

/**
 * opt_dump - write @obj as an INI section that reloads to the same values
 */
void opt_dump(FILE *f, const struct opt_table *t, const void *obj,
	      const char *section_name)
{
	char buf[OPT_STR_MAX + 32];

	fprintf(f, "[%s]\n", section_name ? section_name : t->section);
	for (const struct opt_desc *d = t->opts; d->name; d++) {
		opt_format(d, obj, buf, sizeof(buf));
		fprintf(f, "%s = %s\n", d->name, buf);
	}
}
