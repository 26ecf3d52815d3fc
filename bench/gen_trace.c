// SPDX-License-Identifier: GPL-2.0
/*
 * gen_trace: write a synthetic request trace for `wbsim replay` and its
 * benchmark. See usage() for what the trace looks like.
 */
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../sim/workload/trace_gen.h"

/*
 * Defaults. A 500 GB disk of 2009 has 976,773,168 sectors. 100 requests/s:
 * a 7200 rpm disk serves a random 4-128 KiB request in about 8.5 ms seek
 * + 4.2 ms rotation + transfer, a sequential one in about 1 ms, so at
 * seq-frac 0.5 it sustains roughly 140/s; 100/s keeps it busy without an
 * ever-growing queue.
 */
#define DEF_NR		1000000
#define DEF_SECTORS	976773168ULL
#define DEF_READ_FRAC	0.3
#define DEF_SEQ_FRAC	0.5
#define DEF_RATE	100.0

static void usage(FILE *f)
{
	fprintf(f,
"usage: gen_trace [-n N] [-s SEED] [--format disksim|blkparse]\n"
"                 [--disk-sectors N] [--read-frac F] [--seq-frac F]\n"
"                 [--rate IOPS] [-o FILE]\n"
"\n"
"Write a synthetic request trace, deterministic in SEED, that `wbsim replay`\n"
"reads (and DiskSim too, in the disksim format).\n"
"\n"
"  -n N              requests (default %d)\n"
"  -s, --seed SEED   seed of the random stream (default 1)\n"
"  --format FMT      disksim: 'arrival_ms device block size flags' lines,\n"
"                    device 0 (whole disk), flags 1 = read, 0 = write;\n"
"                    blkparse: Q lines as blkparse prints them, device 8,0,\n"
"                    pids 1001 [gen-read] and 1002 [gen-write] (default disksim)\n"
"  --disk-sectors N  disk size in 512-byte sectors (default %llu, 500 GB)\n"
"  --read-frac F     probability a request is a read (default %.1f)\n"
"  --seq-frac F      probability a request starts where the previous request\n"
"                    of its direction ended (default %.1f); otherwise it goes\n"
"                    to a uniformly random 4 KiB-aligned place\n"
"  --rate IOPS       mean arrival rate; arrivals are a Poisson process\n"
"                    (default %.0f)\n"
"  -o FILE           write to FILE instead of standard output\n"
"\n"
"Request sizes are 4 KiB times 2^k, k uniform in 0..%d (4-128 KiB). Writes\n"
"are asynchronous (writeback); reads are synchronous by nature.\n"
"\n"
"Examples:\n"
"  gen_trace -n 1000000 -s 7 -o replay.disksim\n"
"  gen_trace -n 1000 --format blkparse --read-frac 0 --seq-frac 0.9\n",
		DEF_NR, DEF_SECTORS, DEF_READ_FRAC, DEF_SEQ_FRAC, DEF_RATE,
		TRACE_GEN_MAX_ORDER);
}

static int bad(const char *opt, const char *val, const char *why)
{
	fprintf(stderr, "gen_trace: %s '%s': %s\n", opt, val, why);
	return 2;
}

static int parse_u64(const char *s, uint64_t *v)
{
	char *end;

	if (!*s || *s == '-' || *s == '+')
		return -EINVAL;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return errno || *end ? -EINVAL : 0;
}

static int parse_double(const char *s, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	return errno || end == s || *end || !isfinite(*v) ? -EINVAL : 0;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "seed", required_argument, NULL, 's' },
		{ "format", required_argument, NULL, 'f' },
		{ "disk-sectors", required_argument, NULL, 'd' },
		{ "read-frac", required_argument, NULL, 'r' },
		{ "seq-frac", required_argument, NULL, 'q' },
		{ "rate", required_argument, NULL, 'R' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct trace_gen_params p = {
		.nr = DEF_NR, .seed = 1, .disk_sectors = DEF_SECTORS,
		.read_frac = DEF_READ_FRAC, .seq_frac = DEF_SEQ_FRAC,
		.rate = DEF_RATE, .devt = MKDEV(SCSI_DISK0_MAJOR, 0),
	};
	enum trace_format format = TRACE_FMT_DISKSIM;
	const char *out = NULL;
	struct trace_gen g;
	struct trace_record rec;
	FILE *f = stdout;
	int c;

	while ((c = getopt_long(argc, argv, "n:s:o:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'n':
			if (parse_u64(optarg, &p.nr))
				return bad("-n", optarg, "not a count");
			break;
		case 's':
			if (parse_u64(optarg, &p.seed))
				return bad("--seed", optarg, "not a number");
			break;
		case 'f':
			if (trace_format_parse(optarg, &format) ||
			    format == TRACE_FMT_AUTO)
				return bad("--format", optarg,
					   "want disksim or blkparse");
			break;
		case 'd':
			if (parse_u64(optarg, &p.disk_sectors) ||
			    p.disk_sectors < TRACE_GEN_MAX_SECTORS)
				return bad("--disk-sectors", optarg,
					   "want at least 256 sectors");
			break;
		case 'r':
		case 'q': {
			double *v = c == 'r' ? &p.read_frac : &p.seq_frac;

			if (parse_double(optarg, v) || *v < 0 || *v > 1)
				return bad(c == 'r' ? "--read-frac" :
					   "--seq-frac", optarg,
					   "want a fraction from 0 to 1");
			break;
		}
		case 'R':
			if (parse_double(optarg, &p.rate) || p.rate <= 0)
				return bad("--rate", optarg,
					   "want requests per second > 0");
			break;
		case 'o':
			out = optarg;
			break;
		case 'h':
			usage(stdout);
			return 0;
		default:
			usage(stderr);
			return 2;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "gen_trace: unexpected argument '%s'\n",
			argv[optind]);
		usage(stderr);
		return 2;
	}
	if (trace_gen_init(&g, &p)) {
		fprintf(stderr, "gen_trace: bad parameters\n");
		return 2;
	}
	if (out) {
		f = fopen(out, "w");
		if (!f) {
			fprintf(stderr, "gen_trace: %s: %s\n", out,
				strerror(errno));
			return 1;
		}
	}
	while (trace_gen_next(&g, &rec))
		if (trace_record_print(f, format, &rec, g.done)) {
			fprintf(stderr, "gen_trace: write error\n");
			return 1;
		}
	if ((out ? fclose(f) : fflush(f)) != 0) {
		fprintf(stderr, "gen_trace: %s: %s\n", out ? out : "stdout",
			strerror(errno));
		return 1;
	}
	return 0;
}
