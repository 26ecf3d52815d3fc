/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Number parsers shared by the trace and log readers of sim and analysis.
 * Cursor style: on success the cursor moves past what was read; on failure
 * it stays, so the caller can report the token it points at.
 */
#ifndef WB_PARSE_H
#define WB_PARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

bool wb_parse_u64(const char **s, uint64_t *v);
bool wb_parse_secs_ns(const char **s, uint64_t *ns);

#endif /* WB_PARSE_H */
