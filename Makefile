# wbsim / wbfair: is writeback fair, and why not?
#
#   make            build bin/wbsim and bin/wbfair
#   make run        build and run the default scenario (prints the report path)
#   make check      install test dependencies, run every test (also under ASan/UBSan)
#   make bench      benchmarks (bench/)
#   make fuzz       build the libFuzzer targets into build/fuzz/
#   make man        the manual pages into build/man/ (wbsim-scenario.5 is
#                   generated from the option tables by `wbsim options --man`)
#   make install    PREFIX=/usr/local DESTDIR=: binaries, manual pages,
#                   scenarios and disks (make uninstall removes them)
#
# V=1 shows full commands; WERROR=1 (set by CI) turns warnings into errors;
# SAN=1 builds with AddressSanitizer and UndefinedBehaviorSanitizer into
# build-san/ and bin-san/.

CC      ?= cc
V       ?= 0
WERROR  ?= 0
SAN     ?= 0

ifeq ($(SAN),1)
BUILD   := build-san
BIN     := bin-san
OPT     := -O1 -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
LDSAN   := -fsanitize=address,undefined
else
BUILD   := build
BIN     := bin
OPT     := -O2
LDSAN   :=
endif

CFLAGS  ?= -g
CFLAGS  += -std=c11 $(OPT) -Wall -Wextra -Wshadow -Wno-unused-parameter \
           -D_GNU_SOURCE -Iinclude -Isim -MMD -MP
ifeq ($(WERROR),1)
CFLAGS  += -Werror
endif
LDLIBS  := -linih -ljson-c -lm

# The version: include/version.h's, with the commit appended in a git
# checkout (0.2.0+g1234abc, +dirty with uncommitted changes), so a bug
# report names the exact tree. Only wbsim.o and scenario.o print it.
VERSION_BASE := $(shell sed -n 's/^\#define WBSIM_VERSION "\(.*\)"/\1/p' include/version.h)
# (only this tree's own repository: not one it was unpacked inside)
GIT_REV      := $(shell [ "$$(git rev-parse --show-toplevel 2>/dev/null)" = "$(CURDIR)" ] && \
                  git rev-parse --short HEAD)
GIT_DIRTY    := $(shell git diff --quiet HEAD -- 2>/dev/null || echo +dirty)
VERSION      := $(VERSION_BASE)$(if $(GIT_REV),+g$(GIT_REV)$(GIT_DIRTY))
LDFLAGS += $(LDSAN)

ifeq ($(V),1)
Q :=
msg = @true
else
Q := @
msg = @printf '  %-6s %s\n' $(1) $(2)
endif

# sim/: the engine library (kernel, lib, init, mm, fs, block, drivers,
# flushers, workload) and the commands (cmd/) that drive it
# common/: the format helpers sim, analysis and tests share (include/wb/)
COMMON_SRC := $(wildcard common/*.c)
SIM_SRC   := $(filter-out sim/cmd/%,$(wildcard sim/*/*.c))
CMD_SRC   := $(filter-out sim/cmd/wbsim.c,$(wildcard sim/cmd/*.c))
# analysis/: libwbfair (never prints to stdout, never exits) and the
# wbfair command (analysis/cmd/)
ANA_SRC   := $(wildcard analysis/*.c)
ANA_CMD_SRC := $(wildcard analysis/cmd/*.c)
TEST_SRC  := $(wildcard tests/unit/test_*.c)
BENCH_SRC := $(wildcard bench/*.c)

COMMON_OBJ := $(COMMON_SRC:%.c=$(BUILD)/%.o)
SIM_OBJ   := $(SIM_SRC:%.c=$(BUILD)/%.o)
CMD_OBJ   := $(CMD_SRC:%.c=$(BUILD)/%.o)
ANA_OBJ   := $(ANA_SRC:%.c=$(BUILD)/%.o)
ANA_CMD_OBJ := $(ANA_CMD_SRC:%.c=$(BUILD)/%.o)
LIBSIM    := $(BUILD)/libwbsim.a
LIBCMD    := $(BUILD)/libwbsim-cmd.a
LIBANA    := $(BUILD)/libwbfair.a
LIBCOMMON := $(BUILD)/libwbcommon.a
TESTS     := $(TEST_SRC:tests/unit/%.c=$(BUILD)/tests/%)
BENCHES   := $(BENCH_SRC:bench/%.c=$(BUILD)/bench/%)

PROGS     := $(BIN)/wbsim $(if $(wildcard analysis/cmd/wbfair.c),$(BIN)/wbfair)

all: $(PROGS) $(TESTS) $(BENCHES)

$(BUILD)/%.o: %.c
	$(call msg,CC,$<)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(CFLAGS) -c -o $@ $<

$(BUILD)/sim/cmd/wbsim.o $(BUILD)/sim/cmd/options.o: CFLAGS += -DWBSIM_VERSION='"$(VERSION)"'
# the version is in the objects: a stamp rewritten only when it changes
# rebuilds them when HEAD moves
$(BUILD)/sim/cmd/wbsim.o $(BUILD)/sim/cmd/options.o: $(BUILD)/version.stamp
$(BUILD)/version.stamp: FORCE
	@mkdir -p $(dir $@)
	@echo '$(VERSION)' | cmp -s - $@ || echo '$(VERSION)' >$@
FORCE:

$(LIBSIM): $(SIM_OBJ)
	$(call msg,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $^

$(LIBCMD): $(CMD_OBJ)
	$(call msg,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $^

$(LIBANA): $(ANA_OBJ)
	$(call msg,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $^

$(LIBCOMMON): $(COMMON_OBJ)
	$(call msg,AR,$@)
	$(Q)rm -f $@ && ar rcs $@ $^

$(BIN)/wbsim: $(BUILD)/sim/cmd/wbsim.o $(LIBCMD) $(LIBSIM) $(LIBANA) $(LIBCOMMON)
	$(call msg,LD,$@)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BIN)/wbfair: $(ANA_CMD_OBJ) $(LIBANA) $(LIBCOMMON)
	$(call msg,LD,$@)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/tests/%: $(BUILD)/tests/unit/%.o $(LIBCMD) $(LIBSIM) $(LIBANA) $(LIBCOMMON)
	$(call msg,LD,$@)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

$(BUILD)/bench/%: $(BUILD)/bench/%.o $(LIBCMD) $(LIBSIM) $(LIBANA) $(LIBCOMMON)
	$(call msg,LD,$@)
	@mkdir -p $(dir $@)
	$(Q)$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# libFuzzer targets: fuzz/fuzz_*.c, built with clang against the sources
# they exercise (FUZZ_DEPS_<target>; all sources when a target has no
# list), so a target builds while unrelated parts of the tree change.
# UBSan findings abort, so the fuzzer sees them as crashes.
FUZZ_SRC  := $(wildcard fuzz/fuzz_*.c)
FUZZ_BIN  := $(FUZZ_SRC:fuzz/%.c=build/fuzz/%)
FUZZ_CFLAGS := -std=c11 -g -O1 -D_GNU_SOURCE -Iinclude -Isim -fsanitize=fuzzer,address,undefined \
               -fno-sanitize-recover=all
FUZZ_DEPS_fuzz_trace_input := sim/workload/trace_input.c sim/lib/config.c sim/lib/options.c
FUZZ_DEPS_fuzz_scenario := sim/lib/config.c sim/lib/options.c
FUZZ_DEPS_fuzz_dbench_loadfile := sim/workload/dbench-loadfile.c sim/workload/dbench-path.c sim/workload/dbench-filesize.c \
                                  sim/lib/config.c sim/lib/options.c
FUZZ_DEPS_fuzz_disksim_parv := sim/drivers/disksim-parv.c sim/drivers/disksim-disk.c sim/drivers/hdd-ds.c
FUZZ_DEPS_fuzz_ranksum := analysis/ranksum.c analysis/util.c
# a 4 KiB read buffer, so small inputs cross buffer refills too
FUZZ_DEFS_fuzz_trace_input := -DTRACE_BUF_SIZE=4096
# just over a longest dbench line (1021), so lines straddle refills
FUZZ_DEFS_fuzz_dbench_loadfile := -DDBENCH_READ_BUF=1100
fuzz_deps = $(or $(FUZZ_DEPS_$(1)),$(SIM_SRC) $(CMD_SRC) $(ANA_SRC)) $(COMMON_SRC)
.SECONDEXPANSION:
build/fuzz/%: fuzz/%.c $$(call fuzz_deps,$$*)
	$(call msg,FUZZ,$@)
	@mkdir -p $(dir $@)
	$(Q)clang $(FUZZ_CFLAGS) $(FUZZ_DEFS_$*) -o $@ $< $(call fuzz_deps,$*) $(LDLIBS)
fuzz: $(FUZZ_BIN)

# packages by group (tools/deps.sh): `make run` needs only the simulator's
deps:
	$(Q)tools/deps.sh
deps-run:
	$(Q)tools/deps.sh run
deps-kernel:
	$(Q)tools/deps.sh run kernel

run: deps-run all
	$(Q)tools/run-default.sh

# kernel-ci (the kernel section below) builds both kernels first under CI
check: deps kernel-ci
	$(Q)$(MAKE) --no-print-directory all
	$(Q)$(MAKE) --no-print-directory SAN=1 all
	$(Q)tests/run.sh

bench: deps all
	$(Q)bench/run.sh

clean:
	rm -rf build build-san bin bin-san

.PHONY: all deps deps-run deps-kernel run check bench clean fuzz FORCE

# --- manual pages and install ------------------------------------------------
# The layout under PREFIX keeps the repository's relative paths where they
# matter: scenarios include ../disks/NAME.ini, and wbsim run without a
# scenario looks for ../share/wbsim/scenarios/box2009.ini beside its binary.
PREFIX  ?= /usr/local
DESTDIR ?=
MANDIR  := $(PREFIX)/share/man
DATADIR := $(PREFIX)/share/wbsim
MANPAGES := $(BUILD)/man/wbsim.1 $(BUILD)/man/wbfair.1 $(BUILD)/man/wbsim-scenario.5

$(BUILD)/man/wbsim-scenario.5: $(BIN)/wbsim
	$(call msg,MAN,$@)
	@mkdir -p $(dir $@)
	$(Q)$(BIN)/wbsim options --man >$@.tmp && mv $@.tmp $@

# the hand-written pages get the version in their footer (.TH's 4th field)
$(BUILD)/man/%.1: man/%.1 $(BUILD)/version.stamp
	$(call msg,MAN,$@)
	@mkdir -p $(dir $@)
	$(Q)sed '1s/"wbsim" "wbsim manual"/"wbsim $(VERSION)" "wbsim manual"/' $< >$@.tmp && mv $@.tmp $@

man: $(MANPAGES)

# SAN=1 install installs the sanitizer build (the install test's second pass)
install: $(BIN)/wbsim $(BIN)/wbfair $(MANPAGES)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man5 \
		$(DESTDIR)$(DATADIR)/scenarios $(DESTDIR)$(DATADIR)/disks
	install -m 755 $(BIN)/wbsim $(BIN)/wbfair $(DESTDIR)$(PREFIX)/bin/
	install -m 644 $(BUILD)/man/wbsim.1 $(BUILD)/man/wbfair.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 $(BUILD)/man/wbsim-scenario.5 $(DESTDIR)$(MANDIR)/man5/
	install -m 644 sim/scenarios/*.ini $(DESTDIR)$(DATADIR)/scenarios/
	install -m 644 sim/disks/*.ini $(DESTDIR)$(DATADIR)/disks/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/wbsim $(DESTDIR)$(PREFIX)/bin/wbfair \
		$(DESTDIR)$(MANDIR)/man1/wbsim.1 $(DESTDIR)$(MANDIR)/man1/wbfair.1 \
		$(DESTDIR)$(MANDIR)/man5/wbsim-scenario.5
	rm -f $(addprefix $(DESTDIR)$(DATADIR)/scenarios/,$(notdir $(wildcard sim/scenarios/*.ini))) \
		$(addprefix $(DESTDIR)$(DATADIR)/disks/,$(notdir $(wildcard sim/disks/*.ini)))
	-rmdir $(DESTDIR)$(DATADIR)/scenarios $(DESTDIR)$(DATADIR)/disks $(DESTDIR)$(DATADIR)

.PHONY: man install uninstall

# --- kernel series (tools/kernel/, docs/kernel.md) --------------------------
# The kernel tree, its build directories and ccache live outside the
# repository in $WBSIM_KERNEL_CACHE (default ~/.cache/wbsim/kernel).
#   make kernel-tree     unpack linux-source-6.1 there, git base wbsim-base
#   make patches-apply   branch wbsim = wbsim-base + git am patches/*.patch
#   make kernel          build bzImage of the series (kernel-debug: lockdep)
#   make kernel-kcsan    build it with KCSAN, run the 4-vCPU switch test
#   make patches         regenerate patches/ from kernel-tree-overlay/ and
#                        tools/kernel/series/
#   make kernel-check    build both kernels, run the kernel tests
# `make check` builds both kernels first when CI=true or WBSIM_KERNEL_TESTS=1
# (cold: about 25-40 minutes on 2 cores); otherwise the kernel boot tests
# skip unless the images are built already.
kernel-tree: deps-kernel
	$(Q)tools/kernel/tree.sh

patches-apply: kernel-tree
	$(Q)tools/kernel/apply.sh

kernel: patches-apply
	$(Q)tools/kernel/build.sh

kernel-debug: patches-apply
	$(Q)tools/kernel/build.sh --debug

patches: kernel-tree
	$(Q)tools/kernel/mkpatches.sh

# the series under KCSAN: a build and a 4-vCPU guest, too slow for make
# check; writes tools/kernel/checks/kcsan.log (kernel_kcsan_checked)
kernel-kcsan: patches-apply
	$(Q)tools/kernel/kcsan.sh

kernel-check: deps-kernel
	$(Q)$(MAKE) --no-print-directory kernel
	$(Q)$(MAKE) --no-print-directory kernel-debug
	$(Q)tests/run.sh -k kernel_

kernel-ci: deps-kernel
	$(Q)if [ "$${CI:-}" = true ] || [ "$${WBSIM_KERNEL_TESTS:-}" = 1 ]; then \
		$(MAKE) --no-print-directory kernel && \
		$(MAKE) --no-print-directory kernel-debug; fi


.PHONY: kernel-tree patches-apply kernel kernel-debug kernel-kcsan patches kernel-check kernel-ci
# --- end of kernel series ---------------------------------------------------
# --- the real experiment (tools/experiment/) --------------------------------
# The flusher x scheduler matrix in QEMU guests of the kernel series: 16
# cells of 120 s, 3 repeats each, two guests at a time; runs/experiment/
# CELL/rN/ (run directories) and runs/experiment/report.md. Builds the
# kernel first (nothing to do when it is built). Smaller:
# tools/experiment/matrix.sh --help.
# SET=era: the era's cell (issue 14): tools/experiment/era.ini and the
# job list tools/experiment/era.jobs (27 cells: four models, none and bfq,
# start offsets 0, 0.5 and 2 s, one cell with the second partition first,
# pdflush and bdi under IO-less throttling) in runs/era/.
ifeq ($(SET),era)
EXPERIMENT_OPTS ?= -c tools/experiment/era.ini --jobs tools/experiment/era.jobs -o runs/era -r 3 -j 2
else ifneq ($(filter experiment,$(MAKECMDGOALS)),)
ifneq ($(SET),)
$(error SET=$(SET): the experiment's sets are: era (or none, the default matrix))
endif
endif
EXPERIMENT_OPTS ?= -d 120 -r 3 -j 2
experiment: deps all kernel
	$(Q)tools/experiment/matrix.sh $(EXPERIMENT_OPTS)

.PHONY: experiment
# --- end of the real experiment ---------------------------------------------
# --- validation of the twin (tools/validate/) --------------------------------
# The twin of the real experiment (sim/scenarios/vm61.ini) over the
# flusher x scheduler cells against the committed real runs
# (docs/evidence/matrix/): one table per cell, real vs simulated, with the
# error and the target. runs/validate/ keeps the simulated runs.
VALIDATE_OPTS ?= -j 2
validate: deps-run all
	$(Q)tools/validate/validate.sh $(VALIDATE_OPTS)

# The twin of the era matrix (docs/evidence/era-matrix/): every cell's
# runs simulated from their own scenario.ini, 3 seeds, against the real
# repeats. runs/validate-era/ keeps the simulated runs.
validate-era: deps-run all
	$(Q)tools/validate/era.sh $(VALIDATE_OPTS)

.PHONY: validate validate-era
# --- end of validation ------------------------------------------------------
.SUFFIXES:
.SECONDARY:

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
