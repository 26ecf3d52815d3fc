/* SPDX-License-Identifier: GPL-2.0 */
#ifndef WBSIM_VERSION_H
#define WBSIM_VERSION_H
#ifndef WBSIM_VERSION
#define WBSIM_VERSION "0.2.0"
#endif
#endif
