# tablero -- build, test, install. Plain GNU make; see README.md.
#
#   make              library (static and shared) and the CLI in build/
#   make check        every test: unit, spec examples, CLI golden, samples
#   make check-san    the same tests built with -fsanitize=address,undefined
#   make check-tsan   the jobs test (-j N against -j 1) built with -fsanitize=thread
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

LIB_SRC := $(wildcard lib/*.c)
CLI_SRC := $(wildcard cli/*.c)
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o) $(BUILD)/obj/gen/schema_rng.o
CLI_OBJ := $(CLI_SRC:%.c=$(BUILD)/obj/%.o)
UNIT_SRC := $(wildcard tests/unit/test_*.c)
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(BUILD)/tests/%)
VERSION := $(shell sed -n 's/^#define TB_VERSION "\(.*\)"/\1/p' lib/tablero.h)

.PHONY: all lib cli check check-san check-tsan unit spec golden samples random xml svg compare reconstruct collate jobs quotes demo bench \
        install uninstall clean deps

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

# Files the library carries: the XML schema it validates against.
$(BUILD)/gen/schema_rng.c: schemas/tgn.rng tools/embed.sh
	@mkdir -p $(dir $@)
	bash tools/embed.sh tb_schema_rng $< > $@.tmp && mv $@.tmp $@

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
	$(CC) $(LDFLAGS) -o $@ $(CLI_OBJ) $(BUILD)/libtablero.a $(DEP_LIBS)

$(BUILD)/tablero.pc: tablero.pc.in lib/tablero.h
	@mkdir -p $(dir $@)
	sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' $< > $@

# ---- tests ---------------------------------------------------------------

$(BUILD)/tests/test_%: tests/unit/test_%.c $(BUILD)/libtablero.a | $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) -fvisibility=default $< -o $@ $(LDFLAGS) \
		$(BUILD)/libtablero.a $(DEP_LIBS) $(PKG_CMOCKA)

$(BUILD)/tests/spec_runner: tests/spec_runner.c $(BUILD)/libtablero.a | $(DEPS_OK)
	@mkdir -p $(dir $@)
	$(CC) $(CPPFLAGS) $(CFLAGS) $< -o $@ $(LDFLAGS) $(BUILD)/libtablero.a $(DEP_LIBS)

unit: $(UNIT_BIN)
	@failed=0; for t in $(UNIT_BIN); do echo "== $$t"; $$t || failed=$$((failed + 1)); done; \
	if [ $$failed -ne 0 ]; then echo "unit: $$failed test program(s) failed"; exit 1; fi

spec: $(BUILD)/tests/spec_runner $(BUILD)/tablero
	$(BUILD)/tests/spec_runner spec/tgn.md spec/games/pitarra.md spec/games/asalto.md spec/games/ocencahuac.md spec/xml.md spec/reconstruct.md tests/errors.md
	python3 tests/spec_cli.py $(BUILD)/tablero spec/compare.md spec/show.md spec/games/ocencahuac.md

golden: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/golden.sh

samples: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/samples.sh

random: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/random.sh

xml: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/xml.sh

svg: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/svg.sh

compare: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/compare.sh

reconstruct: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/reconstruct.sh

collate: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/collate.sh

jobs: $(BUILD)/tablero
	@TABLERO=$(BUILD)/tablero bash tests/jobs.sh

# Every quotation of the source texts in spec/ is their own words
# (tools/quotes.py), checked when the texts are beside the sources.
SEEDS ?= ../shared/seeds
quotes:
	@python3 tests/test_quotes.py -q
	@if [ -d "$(SEEDS)" ]; then python3 tools/quotes.py "$(SEEDS)" spec/*.md spec/games/*.md README.md; \
	else echo "quotes: no source texts in $(SEEDS): the spec's quotations are not checked"; fi

check: all unit spec golden samples random xml svg compare reconstruct collate jobs quotes
	@echo "make check: all test suites passed"

check-san:
	$(MAKE) BUILD=build/san SAN=1 check

check-tsan:
	$(MAKE) BUILD=build/tsan SAN=thread jobs

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

-include $(LIB_OBJ:.o=.d) $(CLI_OBJ:.o=.d)
