# tablero -- build, test, install. Plain GNU make; see README.md.
#
#   make              library (static and shared) and the CLI in build/
#   make check        every test: the layout (tests/layout.py), unit, spec
#                     examples, CLI golden, samples, diagrams and books in
#                     pixels, web pages in chromium
#   make check-san    the same tests built with -fsanitize=address,undefined
#                     (tests/unit/test_oom.c: every allocation failing in
#                     turn, under ASan: no crash, no leak)
#   make check-tsan   the jobs test (-j N against -j 1) built with -fsanitize=thread
#   make fuzz         each libFuzzer harness of tests/fuzz/ for FUZZ_SECONDS
#                     (default 60; clang, see tools/deps.sh fuzz)
#   make demo         check every sample and write what the converters make into out/
#   make bench        throughput on a generated collection, beside wc -l
#   make install PREFIX=/usr/local [DESTDIR=...]

PREFIX  ?= /usr/local
DESTDIR ?=
BUILD   ?= build
CC      ?= cc
OPT     ?= -O2 -g
SAN     ?=

WARN = -std=c11 -pedantic -Wall -Wextra -Werror -Wstrict-prototypes -Wshadow \
       -Wundef -Wwrite-strings -Wmissing-prototypes -Wsign-compare \
       -Wformat=2 -Wno-format-nonliteral -Wvla
ifeq ($(SAN),1)
  OPT = -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=all
  LDSAN = -fsanitize=address,undefined
endif
ifeq ($(SAN),thread)
  OPT = -O1 -g -fno-omit-frame-pointer -fsanitize=thread
  LDSAN = -fsanitize=thread
endif
CPPFLAGS += -D_POSIX_C_SOURCE=200809L -Ilib
# -pthread: the CLI's jobs (cli/jobs.c), and a library that other
# threads may call.
CFLAGS   += $(WARN) $(OPT) -pthread -fPIC -fvisibility=hidden -MMD -MP
LDFLAGS  += $(LDSAN) -pthread

# Dependencies come from pkg-config once tools/deps.sh has made sure
# they are there (installing them on Debian when run as root).
DEPS_OK := $(BUILD)/.deps-ok
PKG_CMOCKA = $(shell pkg-config --cflags --libs cmocka 2>/dev/null)
# libxml2's headers as system headers: our warnings are not theirs.
XML_CFLAGS = $(patsubst -I%,-isystem %,$(shell pkg-config --cflags libxml-2.0 2>/dev/null))
XML_LIBS = $(shell pkg-config --libs libxml-2.0 2>/dev/null)
# PCRE2 (8-bit code units): tag value formats, and tablero grep.
PCRE_CFLAGS = $(patsubst -I%,-isystem %,$(shell pkg-config --cflags libpcre2-8 2>/dev/null))
PCRE_LIBS = $(shell pkg-config --libs libpcre2-8 2>/dev/null)
CPPFLAGS += $(XML_CFLAGS) $(PCRE_CFLAGS)
DEP_LIBS = $(XML_LIBS) $(PCRE_LIBS)
# SQLite (Debian's libsqlite3): the index of a collection (lib/index*.c).
SQLITE_CFLAGS = $(patsubst -I%,-isystem %,$(shell pkg-config --cflags sqlite3 2>/dev/null))
SQLITE_LIBS = $(shell pkg-config --libs sqlite3 2>/dev/null)
CPPFLAGS += $(SQLITE_CFLAGS)
DEP_LIBS += $(SQLITE_LIBS)
# json-c: tablero lsp's JSON (cli/lsp_*.c), linked into the command only,
# never into libtablero.
JSON_CFLAGS = $(patsubst -I%,-isystem %,$(shell pkg-config --cflags json-c 2>/dev/null))
JSON_LIBS = $(shell pkg-config --libs json-c 2>/dev/null)
CLI_CPPFLAGS = $(JSON_CFLAGS)

# A game is a folder of lib/games/ (lib/game.h): its files are compiled
# with the library's, and the registry (tools/games.sh) names each folder.
GAME_DIRS := $(sort $(dir $(wildcard lib/games/*/game.c)))
LIB_SRC := $(wildcard lib/*.c) $(wildcard lib/games/*/*.c)
CLI_SRC := $(wildcard cli/*.c)
GEN_OBJ := html_js.o html_css.o games.o
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o) $(GEN_OBJ:%=$(BUILD)/obj/gen/%)
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
# the desk's page and engine (tablero desk; see "the desk's engine" below)
CLI_OBJ += $(BUILD)/obj/gen/desk_assets.o
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
VERSION := $(shell sed -n 's/^#define TB_VERSION "\(.*\)"/\1/p' lib/tablero.h)

.PHONY: lsp
.PHONY: extra-game
.PHONY: all lib cli check check-san check-tsan unit spec toy golden man-options samples structure random xml xml-agree svg book html compare reconstruct slips replay one-reading languages collate jobs rewrite oom quotes python demo bench \
        install uninstall clean deps deps-test typed layout fuzz fuzz-build fuzz-replay fuzz-merge

all: $(BUILD)/libtablero.a $(BUILD)/libtablero.so $(BUILD)/tablero $(BUILD)/tablero.pc

deps: $(DEPS_OK)
$(DEPS_OK): tools/deps.sh
	@mkdir -p $(BUILD)
	@bash tools/deps.sh
	@touch $@

$(BUILD)/obj/%.o: %.c | $(DEPS_OK)
	@mkdir -p $(dir $@)
	@echo "CC $<"
	@$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(BUILD)/obj/cli/%.o: cli/%.c | $(DEPS_OK)
	@mkdir -p $(dir $@)
	@echo "CC $<"
	@$(CC) $(CPPFLAGS) $(CLI_CPPFLAGS) $(CFLAGS) -c $< -o $@

# The registry of games, from the folders' names: written again only when
# the list changed, so that a build with nothing new rebuilds nothing.
$(BUILD)/gen/games.c: tools/games.sh FORCE
	@mkdir -p $(dir $@)
	@bash tools/games.sh $(GAME_DIRS) > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; echo "GEN $@"; fi

.PHONY: FORCE
FORCE:

# The test games (tests/games/<name>/, the toy of tests/toy.sh): a second
# link of the library's objects and the CLI's with a registry that has
# them too, $(BUILD)/tests/tablero-toy. The library, the CLI and `make
# install` never have them.
TOY_DIRS := $(sort $(dir $(wildcard tests/games/*/game.c)))
TOY_OBJ := $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tests/games/*/*.c))

$(BUILD)/gen/games_toy.c: tools/games.sh FORCE
	@mkdir -p $(dir $@)
	@bash tools/games.sh $(GAME_DIRS) $(TOY_DIRS) > $@.tmp
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; echo "GEN $@"; fi

$(BUILD)/tests/tablero-toy: $(CLI_OBJ) $(filter-out $(BUILD)/obj/gen/games.o,$(LIB_OBJ)) \
		$(TOY_OBJ) $(BUILD)/obj/gen/games_toy.o
	@mkdir -p $(dir $@)
	$(CC) $(LDFLAGS) -o $@ $^ $(DEP_LIBS) $(JSON_LIBS)

# The web page's script and style sheet (tablero html), each one file.
$(BUILD)/gen/html_js.c: lib/html_page.js tools/embed.sh
	@mkdir -p $(dir $@)
	bash tools/embed.sh tb_html_js $< > $@.tmp && mv $@.tmp $@

$(BUILD)/gen/html_css.c: lib/html_page.css tools/embed.sh
	@mkdir -p $(dir $@)
	bash tools/embed.sh tb_html_css $< > $@.tmp && mv $@.tmp $@

$(BUILD)/obj/gen/%.o: $(BUILD)/gen/%.c | $(DEPS_OK)
	@mkdir -p $(dir $@)
	@echo "CC $<"
	@$(CC) $(CPPFLAGS) $(CFLAGS) -c $< -o $@

$(BUILD)/libtablero.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(BUILD)/libtablero.so: $(LIB_OBJ)
	$(CC) -shared -Wl,-soname,libtablero.so.0 $(LDFLAGS) -o $@ $^ $(DEP_LIBS)

$(BUILD)/tablero: $(CLI_OBJ) $(BUILD)/libtablero.a
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libtablero.a $(DEP_LIBS) $(JSON_LIBS)

$(BUILD)/tablero.pc: tablero.pc.in lib/tablero.h
	@mkdir -p $(dir $@)
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' $< > $@

# ---- tests ---------------------------------------------------------------

$(BUILD)/tests/test_%: tests/unit/test_%.c $(BUILD)/libtablero.a | $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -fvisibility=default $< -o $@ $(LDFLAGS) \
		$(BUILD)/libtablero.a $(DEP_LIBS) $(PKG_CMOCKA)

$(BUILD)/tests/spec_runner: tests/spec_runner.c tests/canonical_keeps.h $(BUILD)/libtablero.a | $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $< -o $@ $(LDFLAGS) $(BUILD)/libtablero.a $(DEP_LIBS)

# Each subcommand's option table (cli/options.h), printed for
# tests/man_options.py: the CLI's objects without its main().
$(BUILD)/tests/options_dump: tests/options_dump.c $(filter-out %/main.o,$(CLI_OBJ)) \
		$(BUILD)/libtablero.a | $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) -Icli $(CFLAGS) $< $(filter-out %/main.o,$(CLI_OBJ)) -o $@ $(LDFLAGS) \
		$(BUILD)/libtablero.a $(DEP_LIBS) $(JSON_LIBS)

man-options: $(BUILD)/tests/options_dump $(BUILD)/tablero
	@python3 tests/man_options.py $(BUILD)/tests/options_dump man/tablero.1 $(BUILD)/tablero

$(BUILD)/tests/text_em: tests/text_em.c $(BUILD)/libtablero.a | $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $< -o $@ $(LDFLAGS) $(BUILD)/libtablero.a $(DEP_LIBS)

# A megabyte of the bench's collection (bench/gen.c), which test_parser
# reads both ways: the fast tier of a check must take most of it.
BENCH_SAMPLE := $(BUILD)/tests/bench-sample.tgn
$(BENCH_SAMPLE): bench/gen.c
	@mkdir -p $(dir $@)
	$(CC) -std=c11 -O2 -Wall -Wextra -pedantic -Werror -o $(BUILD)/tests/gen bench/gen.c
	$(BUILD)/tests/gen $@ 1 20240611 > /dev/null

# Each unit test program is a target of its own, so that make -j runs
# them side by side (and beside the other suites): its output is kept
# until it ends, then printed whole under its name. The slowest first
# (the fault injection: make check-san's longest), so that none is left
# running alone at the end.
UNIT_SLOW := test_oom_validate test_oom_engines test_compare test_oom_render test_ocencahuac_rules
UNIT_RUN := $(addprefix unit-run-,$(UNIT_SLOW) $(filter-out $(UNIT_SLOW),$(UNIT_BIN:$(BUILD)/tests/%=%)))
.PHONY: $(UNIT_RUN)
$(UNIT_RUN): unit-run-%: $(BUILD)/tests/% $(BENCH_SAMPLE)
	@if TB_BENCH_SAMPLE=$(BENCH_SAMPLE) $< > $<.log 2>&1; then echo "== $<"; cat $<.log; \
	else echo "== $<"; cat $<.log; echo "unit: $< failed"; exit 1; fi
unit: $(UNIT_RUN)

# Each game's chapter (spec/games/<name>.md): its examples, whichever
# runner they are for (a chapter with none of one kind passes it).
SPEC_GAMES := $(sort $(wildcard spec/games/*.md))
spec: $(BUILD)/tests/spec_runner $(BUILD)/tablero
	$(BUILD)/tests/spec_runner spec/tgn.md $(SPEC_GAMES) spec/xml.md spec/reconstruct.md tests/errors.md
	python3 tests/spec_cli.py $(BUILD)/tablero spec/compare.md spec/show.md $(SPEC_GAMES) spec/svg.md spec/book.md spec/html.md spec/replay-positions.md spec/replay.md
	python3 tests/spec_cli.py $(BUILD)/tablero spec/collection.md spec/tgn.md

# Adding a game breaks nothing: a scratch copy of the tree with the test
# games copied into lib/games/, built (its build folder kept between
# runs, build/extra-game/), passes unit, spec and golden
# (tests/extra_game.sh).
# Under the sanitizers (check-san) it is not run again: a game added is a
# matter of the registry and the tests' lists, which make check settles,
# not of memory, and the copy would be built anew under them.
extra-game: $(BUILD)/tablero $(BUILD)/tests/spec_runner
	@if [ -n "$(SAN)" ]; then echo "extra-game: run by make check, not again under the sanitizers"; \
	else BUILD_DIR=$(BUILD) bash tests/extra_game.sh; fi

# The toy game through every command, and its name nowhere but in its
# folder (tests/toy.sh).
toy: $(BUILD)/tests/tablero-toy $(BUILD)/tablero
	@TABLERO_TOY=$(BUILD)/tests/tablero-toy TABLERO=$(BUILD)/tablero bash tests/toy.sh

golden: $(BUILD)/tablero $(BUILD)/tests/spec_runner
	@TABLERO=$(BUILD)/tablero SPEC_RUNNER=$(BUILD)/tests/spec_runner bash tests/golden.sh

samples: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/samples.sh

# A comment, variation or reading left open: told at its opening, and
# the records after it read as if alone (tests/structure.sh).
structure: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/structure.sh

random: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/random.sh

xml: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/xml.sh

# The reader's check of the schema (lib/xml_check.c) beside libxml2's
# RELAX NG with the schema: the same verdict on every document
# (tests/xml_agree.sh).
$(BUILD)/tests/xml_agree: tests/xml_agree.c $(BUILD)/libtablero.a | $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $< -o $@ $(LDFLAGS) $(BUILD)/libtablero.a $(DEP_LIBS)

xml-agree: $(BUILD)/tests/xml_agree $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero XML_AGREE=$(BUILD)/tests/xml_agree bash tests/xml_agree.sh

svg: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/svg.sh

book: $(BUILD)/tablero $(BUILD)/tests/text_em
	@TABLERO=$(BUILD)/tablero TEXT_EM=$(BUILD)/tests/text_em bash tests/book.sh

# The web pages, in Debian's chromium (installed if missing: tools/deps.sh
# html; puppeteer-core from npm into $(BUILD)/node). Fails when it cannot.
html: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/html.sh

# The transcription desk (tests/desk.sh): its page in chromium, as html's
# (a whole sample of each game entered by clicks, saved as fmt writes it).
.PHONY: desk
desk: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/desk.sh

# tests/compare.sh: its three Python cross-checks side by side when
# there are two cores or more (each to its own log, printed in order after).
compare: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/compare.sh

reconstruct: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/reconstruct.sh

# Slips found by looking back, at least as well as the floors say (tests/slips.sh).
slips: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/slips.sh

collate: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/collate.sh

# The catalogue of the samples read back as CSV and JSON Lines, and
# loaded into SQLite (tests/catalog.sh; sqlite3 from tools/deps.sh).
.PHONY: catalog
catalog: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero SAN=$(SAN) bash tests/catalog.sh

# The index (tests/index.sh): find and tree against a brute-force scan,
# re-indexing against a rebuild, values never SQL, files that are no index,
# a second writer; near duplicates.
.PHONY: index
index: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/index.sh

# TEI P5 (tests/tei.sh): samples, spec examples and a collation there
# and back, valid under tei_all (jing, ../shared/schemas), refusals.
.PHONY: tei
tei: $(BUILD)/tablero $(BUILD)/tests/spec_runner
	@TABLERO=$(BUILD)/tablero SPEC_RUNNER=$(BUILD)/tests/spec_runner bash tests/tei.sh

# The Python module (python/) over this build's shared library (and the
# command beside it, which tablero.grep's tests run against). Built
# with the sanitizers (check-san), python3 runs the tests with their
# runtimes preloaded (a library built with them cannot be loaded else);
# leaks are not looked for there (python3 keeps memory to its exit).
SAN_PRELOAD = $(shell $(CC) -print-file-name=libasan.so) $(shell $(CC) -print-file-name=libubsan.so)
python: $(BUILD)/libtablero.so $(BUILD)/tablero
	@if [ "$(SAN)" = 1 ]; then \
	echo "python: the tests under AddressSanitizer and UndefinedBehaviorSanitizer"; \
	LD_PRELOAD="$(SAN_PRELOAD)" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	TABLERO_LIB=$(abspath $(BUILD)/libtablero.so) python3 python/tests/test_tablero.py; else \
	TABLERO_LIB=$(abspath $(BUILD)/libtablero.so) python3 python/tests/test_tablero.py && \
	TABLERO_LIB=$(abspath $(BUILD)/libtablero.so) bash python/tests/install.sh $(BUILD)/pyinstall; fi

# The replay's frames against a simple replay of the test's own
# (tests/replay_check.py), read through the Python module over this
# build's library (with the sanitizers' runtimes preloaded, as python;
# there two blanked records of each random game, not four: the suite's
# longest under them, its time the library's legal turns listed for the
# simple replay, and every way of reading is in each record).
replay: $(BUILD)/tablero $(BUILD)/libtablero.so
	@if [ "$(SAN)" = 1 ]; then \
	LD_PRELOAD="$(SAN_PRELOAD)" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 REPLAY_CASES=2 \
	TABLERO_LIB=$(abspath $(BUILD)/libtablero.so) TABLERO=$(BUILD)/tablero bash tests/replay.sh; \
	else TABLERO_LIB=$(abspath $(BUILD)/libtablero.so) TABLERO=$(BUILD)/tablero \
	bash tests/replay.sh; fi

# Every command's positions against the one replay (tests/one_reading.py);
# under the sanitizers on 100 records blanked at random, not 300.
one-reading: $(BUILD)/tablero $(BUILD)/libtablero.so
	@if [ "$(SAN)" = 1 ]; then \
	LD_PRELOAD="$(SAN_PRELOAD)" ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	RANDOM_RECORDS=100 TABLERO=$(BUILD)/tablero bash tests/one_reading.sh; \
	else TABLERO=$(BUILD)/tablero bash tests/one_reading.sh; fi

# One language per output: every sample in each language as html, book
# pages, svg and show, no word of another language outside the record's
# own text (tests/one_language.py).
languages: $(BUILD)/tablero
	@python3 tests/one_language.py $(BUILD)/tablero .

# -j N against -j 1 (tests/jobs.sh). check-tsan gives JOBS_REF (make
# check's command, which makes the collections and the -j 1 runs) and
# JOBS_RUNS (-j 4 and parts of 97 bytes only): ThreadSanitizer looks for
# races, which one thread cannot have, and make check has compared all
# five runs; see jobs.sh's header.
JOBS_REF ?=
JOBS_RUNS ?=
jobs: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero TABLERO_REF="$(JOBS_REF)" JOBS_RUNS="$(JOBS_RUNS)" bash tests/jobs.sh

# Files rewritten in place (cli/atomic.c): what is kept, what is refused,
# and a fault or the process's end at every step of the writing, through
# a shim preloaded into the command (built without the sanitizers: it
# only counts and fails system calls).
$(BUILD)/tests/fault_shim.so: tests/fault_shim.c
	@mkdir -p $(dir $@)
	$(CC) -std=gnu11 -Wall -Wextra -Werror -O1 -fPIC -shared $< -o $@ -ldl

rewrite: $(BUILD)/tablero $(BUILD)/tests/fault_shim.so
	@TABLERO=$(BUILD)/tablero FAULT_SHIM=$(BUILD)/tests/fault_shim.so bash tests/rewrite.sh

# The commands when memory runs out (under ulimit -v): one line, exit 2.
oom: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/oom.sh

# Every quotation of the source texts in spec/ is their own words
# (tools/quotes.py), checked when the texts are beside the sources.
SEEDS ?= ../shared/seeds
quotes:
	@python3 tests/test_quotes.py -q
	@if [ -d "$(SEEDS)" ]; then python3 tools/quotes.py "$(SEEDS)" spec/*.md spec/games/*.md README.md; \
	else echo "quotes: no source texts in $(SEEDS): the spec's quotations are not checked"; fi

# tools/deps.sh says so and fails when apt-get cannot install
deps-test:
	@bash tests/deps.sh

# Events and faults read typed, never from their text (tests/typed.sh).
typed:
	@bash tests/typed.sh

# tablero lsp: raw JSON-RPC for every method and malformed messages
# (tests/lsp.py), then Neovim's built-in client (tests/lsp_nvim.sh).
lsp: $(BUILD)/tablero
	@python3 tests/lsp.py $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/lsp_nvim.sh

# The house's shape: no circle of headers, no renderer using a sibling's file.
layout: $(BUILD)/libtablero.a
	@python3 tests/layout.py $(BUILD)

# The suites in the order make -j starts them: the long single scripts
# first, the unit programs (the slowest first) and the short suites
# after, so that the last minutes are many short jobs on both cores, not
# one long one beside an idle core. Measured on 2026-12-07 (CPU seconds,
# a shared machine): make check's extra-game 193 (its copy's unit
# programs, spec and goldens), jobs 28, compare 31, html 58, svg and book
# 44 each, xml 17; under the sanitizers compare 86, html 40, svg 36, tei
# 29, xml 22, reconstruct 19, golden 19, replay 10 (REPLAY_CASES=2).
# make -j starts a unit program's run only once the program is linked,
# so the suites ready before that go first whatever this order says (a
# check-san whose tablero was already built ran every suite before its
# first unit program).
CHECK_LONG := replay compare one-reading jobs extra-game html svg book python xml random tei \
              collate index
check: all layout $(CHECK_LONG) unit spec toy golden man-options samples structure xml-agree wasm desk \
       reconstruct slips languages catalog rewrite oom quotes fuzz-replay deps-test typed lsp
	@echo "make check: all test suites passed"

# The desk's WebAssembly module has no sanitizer in it (WASM_FLAGS):
# the sanitized builds take make check's (WASM_DIR, made from its
# generated sources, WASM_GEN_DIR), rather than build the same module
# twice more; it is made first (nothing to do after make check).
check-san: wasm
	$(MAKE) BUILD=build/san SAN=1 WASM_DIR=$(WASM_DIR) WASM_GEN_DIR=$(WASM_GEN_DIR) check

check-tsan: $(BUILD)/tablero wasm
	$(MAKE) BUILD=build/tsan SAN=thread WASM_DIR=$(WASM_DIR) WASM_GEN_DIR=$(WASM_GEN_DIR) \
		JOBS_REF=$(abspath $(BUILD)/tablero) JOBS_RUNS="4 p97" jobs

# ---- fuzzing (tests/fuzz/) -------------------------------------------------
# One libFuzzer harness per entry point (tests/fuzz/fuzz_*.c). `make
# check` replays through each, built with $(CC) and a small driver
# (replay.c), no clang needed: the seed corpus made from samples/ and
# the spec's examples (tests/fuzz/seeds.sh), the committed corpus
# (tests/fuzz/corpus/) and every past finding (tests/fuzz/findings/).
# `make fuzz` builds them with clang, libFuzzer, ASan and UBSan, and runs
# each for FUZZ_SECONDS on those and a dictionary of TGN (or its own,
# tests/fuzz/TARGET.dict: lsp's of JSON-RPC); a finding goes
# to build/fuzz/artifacts/TARGET/ (and make fuzz fails), the inputs it
# grows to build/fuzz/corpus/TARGET/. `make fuzz-merge` keeps in
# tests/fuzz/corpus/ the few small inputs that reach code the seeds do
# not (tests/fuzz/merge.sh).
FUZZ_TARGETS := parse reader validate positions xml grep diff svg html fill collate book show \
                xmltgn build lsp
FUZZ_TARGETS += catalog
FUZZ_TARGETS += tei
FUZZ_TARGETS += find
FUZZ_SECONDS ?= 60
# libFuzzer's seed: 0 draws one (each run explores anew); CI gives a
# fixed one, so that a run of CI can be run again and find the same
FUZZ_SEED ?= 0
# libFuzzer's limit on one input, in seconds of wall time: it is there
# to catch a hang, not a slow input. The slowest seed (a La Pitarra
# record with three unknown turns, whose replay show's harness makes
# again at each of its plies) takes about 6 s of CPU in this build on an
# idle machine, and libFuzzer runs each input twice when it checks for
# leaks; a CI machine may run other jobs beside it. 30 s leaves that seed
# five times its time and still stops a loop long before the run ends.
FUZZ_TIMEOUT ?= 30
FUZZ_CC ?= clang
FUZZ_DIR := build/fuzz
FUZZ_SEEDS = $(BUILD)/fuzz-seeds
FUZZ_CPPFLAGS = $(CPPFLAGS) $(JSON_CFLAGS) -Icli -Itests/fuzz -DFZ_SCHEMA_DIR='"$(CURDIR)/schemas"'
# the CLI's code a harness drives, beside the library
FUZZ_CLI_grep :=
FUZZ_CLI_diff := cli/cmd_diff.c cli/diff_pair.c cli/diff_report.c cli/diff_dups.c cli/diff_near.c cli/jobs.c cli/options.c cli/parts.c cli/queue.c cli/sink.c cli/util.c
FUZZ_CLI_xmltgn := cli/cmd_xml.c cli/cmd_tei.c cli/jobs.c cli/options.c cli/parts.c cli/queue.c cli/sink.c cli/util.c cli/atomic.c
FUZZ_CLI_lsp := cli/cmd_lsp.c cli/lsp_rpc.c cli/lsp_doc.c cli/lsp_check.c cli/lsp_features.c \
                cli/lsp_outline.c cli/lsp_actions.c cli/options.c cli/util.c
# the libraries a harness needs beside the library's (json-c: tablero lsp's)
FUZZ_LIBS_lsp = $(JSON_LIBS)
FUZZ_REPLAY := $(FUZZ_TARGETS:%=$(BUILD)/tests/replay-%)
FUZZ_BIN := $(FUZZ_TARGETS:%=$(FUZZ_DIR)/fuzz-%)
FUZZ_OBJ := $(LIB_SRC:%.c=$(FUZZ_DIR)/obj/%.o) $(GEN_OBJ:%=$(FUZZ_DIR)/obj/gen/%)
# -fno-sanitize-recover=undefined: UBSan stops at its first report, so that
# libFuzzer keeps the input as a finding and `make fuzz` fails; by default
# clang's UBSan reports and goes on, and a report was seen only by reading
# the log (NULL + 0 in replay.c, found so, which gcc's UBSan -- make
# check-san's -- does not check).
FUZZ_FLAGS = $(WARN) -O1 -g -fno-omit-frame-pointer -pthread -fno-sanitize-recover=undefined

.SECONDEXPANSION:
$(BUILD)/tests/replay-%: tests/fuzz/fuzz_%.c tests/fuzz/replay.c tests/fuzz/fuzz.h tests/canonical_keeps.h \
		$(BUILD)/libtablero.a $$(FUZZ_CLI_$$*) cli/cli.h cli/diff.h cli/search.h cli/lsp.h | $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(FUZZ_CPPFLAGS) $(filter-out -MMD -MP,$(CFLAGS)) $< tests/fuzz/replay.c \
		$(FUZZ_CLI_$*) -o $@ $(LDFLAGS) $(BUILD)/libtablero.a $(DEP_LIBS) $(FUZZ_LIBS_$*)

$(FUZZ_SEEDS)/.stamp: tests/fuzz/seeds.sh $(BUILD)/tablero $(BUILD)/tests/spec_runner \
		$(wildcard samples/*.tgn spec/*.md spec/games/*.md) tests/errors.md
	@TABLERO=$(BUILD)/tablero SPEC_RUNNER=$(BUILD)/tests/spec_runner \
		bash tests/fuzz/seeds.sh $(FUZZ_SEEDS) > /dev/null
	@touch $@

fuzz-replay: $(FUZZ_REPLAY) $(FUZZ_SEEDS)/.stamp
	@for t in $(FUZZ_TARGETS); do \
		set -- $(FUZZ_SEEDS)/$$t; for d in tests/fuzz/corpus/$$t tests/fuzz/findings/$$t; do \
			if [ -d $$d ]; then set -- "$$@" $$d; fi; done; \
		$(BUILD)/tests/replay-$$t "$$@" || exit 1; \
	done

.PHONY: fuzz-deps
fuzz-deps:
	@bash tools/deps.sh fuzz

$(FUZZ_DIR)/obj/%.o: %.c | fuzz-deps
	@mkdir -p $(dir $@)
	@echo "CC (fuzz) $<"
	@$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_FLAGS) -MMD -MP -fsanitize=fuzzer-no-link,address,undefined -c $< -o $@

$(FUZZ_DIR)/obj/gen/%.o: $(BUILD)/gen/%.c | fuzz-deps
	@mkdir -p $(dir $@)
	@$(FUZZ_CC) $(CPPFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link,address,undefined -c $< -o $@

$(FUZZ_DIR)/fuzz-%: tests/fuzz/fuzz_%.c tests/fuzz/fuzz.h tests/canonical_keeps.h $(FUZZ_OBJ) $$(FUZZ_CLI_$$*) cli/cli.h \
		cli/search.h
	@echo "LD (fuzz) $@"
	@$(FUZZ_CC) $(FUZZ_CPPFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer,address,undefined $< \
		$(FUZZ_CLI_$*) $(FUZZ_OBJ) -o $@ $(DEP_LIBS) $(FUZZ_LIBS_$*)

.SECONDARY: $(FUZZ_OBJ)
fuzz-build: $(FUZZ_BIN)

# fuzz-run-TARGET: one harness for FUZZ_SECONDS; its log in build/fuzz/
fuzz-run-%: $(FUZZ_DIR)/fuzz-% $(FUZZ_SEEDS)/.stamp
	@mkdir -p $(FUZZ_DIR)/corpus/$* $(FUZZ_DIR)/artifacts/$* tests/fuzz/corpus/$*
	@echo "== fuzz $* for $(FUZZ_SECONDS) s"
	@if $(FUZZ_DIR)/fuzz-$* -seed=$(FUZZ_SEED) -max_total_time=$(FUZZ_SECONDS) -timeout=$(FUZZ_TIMEOUT) -rss_limit_mb=2048 \
		-max_len=4096 -dict=$(or $(wildcard tests/fuzz/$*.dict),tests/fuzz/tgn.dict) -print_final_stats=1 \
		-artifact_prefix=$(FUZZ_DIR)/artifacts/$*/ $(FUZZ_DIR)/corpus/$* \
		tests/fuzz/corpus/$* $(FUZZ_SEEDS)/$* $(wildcard tests/fuzz/findings/$*) > $(FUZZ_DIR)/$*.log 2>&1; then \
		grep -E '^#[0-9]+[[:space:]]+DONE' $(FUZZ_DIR)/$*.log | sed 's/^/fuzz $*: /'; \
	else \
		tail -n 60 $(FUZZ_DIR)/$*.log; \
		echo "fuzz $*: a finding, in $(FUZZ_DIR)/artifacts/$*/ (log: $(FUZZ_DIR)/$*.log)"; \
		exit 1; \
	fi

fuzz: $(FUZZ_TARGETS:%=fuzz-run-%)

fuzz-merge: $(FUZZ_BIN) $(FUZZ_SEEDS)/.stamp
	@bash tests/fuzz/merge.sh $(FUZZ_DIR) $(FUZZ_SEEDS) $(FUZZ_TARGETS)

# ---- the desk's engine in WebAssembly (spec/desk.md) ----------------------
# The library's own sources built with Debian's clang for wasm32-wasi
# (wasi-libc, lld; tools/deps.sh wasm installs them), but the files that
# need libxml2 (xml_read*.c, tei_read.c) or PCRE2 (grep.c): tagfmt.c's
# patterns are matched by the browser's RegExp there (wasm/pcre2_js.c),
# setjmp is wasm/include's (memory running out stops the module). Then
# wasm/: the few calls the page makes. `make wasm` is part of check; where
# clang has no wasm target and it cannot be installed, one line says so.
WASM_CC ?= clang
WASM_DIR := $(BUILD)/wasm
WASM_LIB_SRC := $(filter-out lib/xml_read.c lib/xml_read_prolog.c lib/xml_read_tgn.c lib/xml_check.c lib/tei_read.c lib/grep.c,$(LIB_SRC))
WASM_SRC := $(WASM_LIB_SRC) $(wildcard wasm/*.c)
# the generated sources it is compiled from: its own build's, also when a
# sanitized build takes make check's module (check-san: WASM_DIR and
# WASM_GEN_DIR both make check's), so that the module's objects never
# name another build's sources (a `make check` after `make check-san`
# found build/wasm/obj/gen/*.d pointing into build/san/gen/)
WASM_GEN_DIR ?= $(BUILD)/gen
WASM_OBJ := $(WASM_SRC:%.c=$(WASM_DIR)/obj/%.o) $(GEN_OBJ:%=$(WASM_DIR)/obj/gen/%)
# -Wno-sign-compare: long is 32 bits on wasm32, so a uint32_t compared
# with a long (promoted to long on LP64, where the native build checks
# it) is flagged there only.
WASM_FLAGS = --target=wasm32-wasi $(WARN) -Wno-sign-compare -Os \
	-D_POSIX_C_SOURCE=200809L -Iwasm/include -Ilib -Iwasm -MMD -MP
.PHONY: wasm wasm-deps
wasm-deps:
	@bash tools/deps.sh wasm > $(BUILD)/.wasm-deps 2>&1 || true

wasm: wasm-deps
	@if grep -q '^no-wasm:' $(BUILD)/.wasm-deps; then sed -n 's/^no-wasm: //p' $(BUILD)/.wasm-deps; \
	else $(MAKE) --no-print-directory $(WASM_DIR)/tablero.wasm; fi

$(WASM_DIR)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	@echo "CC (wasm) $<"
	@$(WASM_CC) $(WASM_FLAGS) -c $< -o $@

$(WASM_DIR)/obj/gen/%.o: $(WASM_GEN_DIR)/%.c
	@mkdir -p $(dir $@)
	@$(WASM_CC) $(WASM_FLAGS) -c $< -o $@

$(WASM_DIR)/tablero.wasm: $(WASM_OBJ)
	$(WASM_CC) --target=wasm32-wasi -Os -nostartfiles -Wl,--no-entry -Wl,--strip-all -o $@ $^

-include $(WASM_OBJ:.o=.d)

# The desk's page in the command (cli/cmd_desk.c): its template, style
# sheet and script (wasm/desk_page.*) and the module as base64 -- empty
# where it could not be built (tablero desk then says so).
DESK_ASSETS := wasm/desk_page.html wasm/desk_page.css wasm/desk_page.js
$(BUILD)/gen/desk_wasm.b64: FORCE
	@mkdir -p $(dir $@)
	@$(MAKE) --no-print-directory wasm
	@if [ -f $(WASM_DIR)/tablero.wasm ]; then base64 -w0 $(WASM_DIR)/tablero.wasm > $@.tmp; \
	else : > $@.tmp; fi
	@if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

$(BUILD)/gen/desk_assets.c: $(DESK_ASSETS) $(BUILD)/gen/desk_wasm.b64 tools/embed.sh
	@mkdir -p $(dir $@)
	@echo "GEN $@"
	@{ bash tools/embed.sh tb_desk_html wasm/desk_page.html; \
	   bash tools/embed.sh tb_desk_css wasm/desk_page.css; \
	   bash tools/embed.sh tb_desk_js wasm/desk_page.js; \
	   bash tools/embed.sh tb_desk_wasm64 $(BUILD)/gen/desk_wasm.b64; } > $@.tmp && mv $@.tmp $@

# ---- the main job and the benchmark ---------------------------------------

demo: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tools/demo.sh

bench: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash bench/run.sh $(BENCH_MB)

# ---- install ---------------------------------------------------------------

install: all
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include \
		$(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
		$(DESTDIR)$(PREFIX)/share/man/man1
	install -m 644 $(BUILD)/libtablero.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(BUILD)/libtablero.so $(DESTDIR)$(PREFIX)/lib/libtablero.so.0
	ln -sf libtablero.so.0 $(DESTDIR)$(PREFIX)/lib/libtablero.so
	install -m 644 lib/tablero.h $(DESTDIR)$(PREFIX)/include/
	install -m 755 $(BUILD)/tablero $(DESTDIR)$(PREFIX)/bin/
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' tablero.pc.in \
		> $(DESTDIR)$(PREFIX)/lib/pkgconfig/tablero.pc
	install -m 644 man/tablero.1 $(DESTDIR)$(PREFIX)/share/man/man1/

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/lib/libtablero.a $(DESTDIR)$(PREFIX)/lib/libtablero.so \
		$(DESTDIR)$(PREFIX)/lib/libtablero.so.0 $(DESTDIR)$(PREFIX)/include/tablero.h \
		$(DESTDIR)$(PREFIX)/bin/tablero $(DESTDIR)$(PREFIX)/lib/pkgconfig/tablero.pc \
		$(DESTDIR)$(PREFIX)/share/man/man1/tablero.1

clean:
	rm -rf build out

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d) $(TOY_OBJ:.o=.d) $(FUZZ_OBJ:.o=.d)
