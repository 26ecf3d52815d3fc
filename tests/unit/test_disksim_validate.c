// SPDX-License-Identifier: GPL-2.0
/*
 * DiskSim's rms demerit on hand-computed cases: the horizontal distance
 * between two empirical distributions of the same size is the difference
 * of their sorted samples.
 */
#include "../../sim/workload/disksim.h"
#include "check.h"

int main(void)
{
	/* identical samples in another order: distance 0 */
	uint64_t s1[] = { 3, 1, 2 }, m1[] = { 2, 3, 1 };
	/* every simulated time 1 ms late: rms 1, measured mean 2 -> 0.5 */
	uint64_t s2[] = { 2, 4, 3 }, m2[] = { 1, 3, 2 };
	/* sorted differences 0, 0, 3 (sim 1 1 5, meas 1 1 2): rms sqrt(3),
	 * measured mean 4/3 */
	uint64_t s3[] = { 5, 1, 1 }, m3[] = { 1, 2, 1 };
	/* values past 16 bits sort through every radix pass */
	uint64_t s4[] = { 70000, 1ULL << 40, 5 }, m4[] = { 1ULL << 40, 5, 70000 };

	CHECK_NEAR(disksim_demerit(s1, m1, 3) + 1, 1, 1e-12);
	CHECK_NEAR(disksim_demerit(s2, m2, 3), 0.5, 1e-12);
	CHECK_NEAR(disksim_demerit(s3, m3, 3), sqrt(3) / (4.0 / 3), 1e-12);
	CHECK(disksim_demerit(s1, m1, 0) == 0);
	CHECK(disksim_demerit(s4, m4, 3) == 0);
	CHECK(s4[0] == 5 && s4[1] == 70000 && s4[2] == 1ULL << 40);
	return check_status("test_disksim_validate");
}
