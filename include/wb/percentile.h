/* SPDX-License-Identifier: GPL-2.0 */
/* Nearest-rank percentiles: the one rule for sim's replay and wbfair. */
#ifndef WB_PERCENTILE_H
#define WB_PERCENTILE_H

#include <stddef.h>

size_t wb_nearest_rank(size_t n, double p);

#endif /* WB_PERCENTILE_H */
