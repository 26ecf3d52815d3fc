// SPDX-License-Identifier: GPL-2.0-only
/*
 * Instantiates the writeback_flusher tracepoints of
 * include/trace/events/writeback_flusher.h.
 *
 * They cannot be created in fs/fs-writeback.c with the writeback
 * tracepoints: both decode enum wb_reason for user space with
 * TRACE_DEFINE_ENUM(), and one compilation unit cannot define the same
 * enum map twice.
 */

#include <linux/backing-dev.h>
#include <linux/fs.h>

#define CREATE_TRACE_POINTS
#include <trace/events/writeback_flusher.h>
