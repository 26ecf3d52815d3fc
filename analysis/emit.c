// SPDX-License-Identifier: GPL-2.0
/*
 * What the JSON and CSV writers of a report share (report.c: one run,
 * report_text.c: the comparison of runs): numbers as JSON, and a JSON
 * report flattened into CSV rows. Below both, so neither needs the other.
 */
#include <json-c/json.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "emit.h"
#include "util.h"

/**
 * wbf_jnum() - a JSON number, or null when not finite
 * @d: value
 *
 * Ten significant digits: more than any measure here is worth, and short
 * enough to read.
 */
struct json_object *wbf_jnum(double d)
{
	char b[40];

	if (!isfinite(d))
		return NULL;
	snprintf(b, sizeof(b), "%.10g", d);
	return json_object_new_double_s(d, b);
}

static void csv_field(FILE *o, const char *s)
{
	if (!strpbrk(s, ",\"\n\r")) {
		fputs(s, o);
		return;
	}
	fputc('"', o);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', o);
		fputc(*s, o);
	}
	fputc('"', o);
}

static void csv_row(FILE *o, const char *kind, const char *name,
		    const char *metric, const char *t, struct json_object *v)
{
	const char *val = "";

	if (v && json_object_is_type(v, json_type_string))
		val = json_object_get_string(v);
	else if (v)
		val = json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN);
	csv_field(o, kind);
	fputc(',', o);
	csv_field(o, name);
	fputc(',', o);
	csv_field(o, metric);
	fputc(',', o);
	fputs(t, o);
	fputc(',', o);
	csv_field(o, val);
	fputc('\n', o);
}

static bool is_scalar(struct json_object *v)
{
	return !v || (!json_object_is_type(v, json_type_object) &&
		      !json_object_is_type(v, json_type_array));
}

/* Flatten @v under (kind, name, metric prefix) into rows. */
static void flatten(FILE *o, const char *kind, const char *name,
		    const char *prefix, struct json_object *v, double interval)
{
	char metric[256], t[32];
	size_t i, n;

	if (is_scalar(v)) {
		csv_row(o, kind, name, prefix, "", v);
		return;
	}
	if (json_object_is_type(v, json_type_object)) {
		json_object_object_foreach(v, key, val) {
			if (!strcmp(key, "name") && *prefix == '\0' && *name)
				continue;
			snprintf(metric, sizeof(metric), "%s%s%s", prefix,
				 *prefix ? "." : "", key);
			flatten(o, kind, name, metric, val, interval);
		}
		return;
	}
	n = json_object_array_length(v);
	for (i = 0; i < n; i++) {
		struct json_object *el = json_object_array_get_idx(v, i), *nm;

		if (is_scalar(el)) {
			if (wbf_has_suffix(prefix, "mbps")) {
				snprintf(t, sizeof(t), "%.10g", i * interval);
				csv_row(o, kind, name, prefix, t, el);
			} else {
				snprintf(metric, sizeof(metric), "%s[%zu]",
					 prefix, i);
				csv_row(o, kind, name, metric, "", el);
			}
			continue;
		}
		if (json_object_object_get_ex(el, "name", &nm) && !*prefix) {
			flatten(o, kind, json_object_get_string(nm), "", el,
				interval);
		} else {
			if (json_object_object_get_ex(el, "name", &nm))
				snprintf(metric, sizeof(metric), "%s.%s", prefix,
					 json_object_get_string(nm));
			else
				snprintf(metric, sizeof(metric), "%s[%zu]",
					 prefix, i);
			flatten(o, kind, name, metric, el, interval);
		}
	}
}

/**
 * wbf_csv_write() - a report object as kind,name,metric,t,value rows
 * @o: output
 * @root: wbf_run_json() object
 * @header: print the header row first
 */
void wbf_csv_write(FILE *o, struct json_object *root, bool header)
{
	struct json_object *iv;
	double interval = 1;

	if (json_object_object_get_ex(root, "interval_s", &iv))
		interval = json_object_get_double(iv);
	if (header)
		fputs("kind,name,metric,t,value\n", o);
	json_object_object_foreach(root, key, val) {
		if (is_scalar(val))
			csv_row(o, "run", "", key, "", val);
		else
			flatten(o, key, "", "", val, interval);
	}
}
