/* SPDX-License-Identifier: GPL-2.0 */
/* JSON numbers and CSV rows for the report writers; see emit.c. */
#ifndef WBFAIR_EMIT_H
#define WBFAIR_EMIT_H

#include <json-c/json.h>
#include <stdbool.h>
#include <stdio.h>

struct json_object *wbf_jnum(double d);
void wbf_csv_write(FILE *o, struct json_object *root, bool header);

#endif
