// SPDX-License-Identifier: GPL-2.0
/* The head of a blkparse event line; see include/wb/blkparse.h. */
#include <errno.h>
#include <string.h>

#include "wb/blkparse.h"
#include "wb/kdev_t.h"

/* the next blank-separated token, or -ENODATA with @f set */
static int token(const char **p, const char **s, const char **e,
		 enum wb_bp_field field, struct wb_bp_fail *f)
{
	const char *q = *p;

	while (wb_bp_blank(*q))
		q++;
	*s = q;
	while (*q && !wb_bp_blank(*q))
		q++;
	*e = q;
	*p = q;
	if (*s == *e) {
		*f = (struct wb_bp_fail){ field, -ENODATA, *s, *e };
		return -ENODATA;
	}
	return 0;
}

static int number(const char **p, enum wb_bp_field field, uint64_t max,
		  uint64_t *v, struct wb_bp_fail *f)
{
	const char *s, *e;
	int ret = token(p, &s, &e, field, f);

	if (!ret)
		ret = wb_parse_dec(s, e, max, v);
	if (ret && ret != -ENODATA)
		*f = (struct wb_bp_fail){ field, ret, s, e };
	return ret;
}

/**
 * wb_blkparse_head() - read the head of the event line @line
 * @r: the caller's limits
 * @h: the fields, on success; the action and RWBS point into @line
 * @f: on failure, the field, why and its token
 *
 * Return: 0, or the failure's code (struct wb_bp_fail).
 */
int wb_blkparse_head(const char *line, const struct wb_bp_rules *r,
		     struct wb_bp_head *h, struct wb_bp_fail *f)
{
	const char *p = line, *s, *e, *comma;
	uint64_t maj, min, v;
	int ret;

	ret = token(&p, &s, &e, WB_BP_DEV, f);
	if (ret)
		return ret;
	comma = memchr(s, ',', (size_t)(e - s));
	if (!comma || wb_parse_dec(s, comma, 4095, &maj) ||
	    wb_parse_dec(comma + 1, e, (1U << MINORBITS) - 1, &min)) {
		*f = (struct wb_bp_fail){ WB_BP_DEV, -EINVAL, s, e };
		return -EINVAL;
	}
	h->major = (uint32_t)maj;
	h->minor = (uint32_t)min;
	ret = number(&p, WB_BP_CPU, r->cpu_max, &h->cpu, f);
	if (!ret)
		ret = number(&p, WB_BP_SEQ, UINT64_MAX, &h->seq, f);
	if (!ret)
		ret = token(&p, &s, &e, WB_BP_TIME, f);
	if (ret)
		return ret;
	ret = wb_parse_fixed(s, e, r->time, &h->time);
	if (ret) {
		*f = (struct wb_bp_fail){ WB_BP_TIME, ret, s, e };
		return ret;
	}
	ret = number(&p, WB_BP_PID, UINT32_MAX, &v, f);
	if (ret)
		return ret;
	h->pid = (uint32_t)v;
	ret = token(&p, &h->act, &h->act_end, WB_BP_ACTION, f);
	if (!ret)
		ret = token(&p, &h->rwbs, &h->rwbs_end, WB_BP_RWBS, f);
	return ret;
}
