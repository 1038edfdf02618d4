# maxtriage: one non-recursive Makefile.
#
#   make            build build/maxtriage
#   make check      unit tests (cmocka) + end-to-end tests
#   make demo       install missing packages (as root), build, triage a sample
#   make asan       build and run the unit and e2e tests with ASan+UBSan
#   make valgrind   run the unit tests under valgrind
#   make fuzz       libFuzzer targets, FUZZ_SECONDS each (default 60)
#   make bench      benchmarks against the anchors (not part of check)
#   make golden     regenerate golden files from the current build

CC ?= cc
PKGS := libdw libelf jansson
# Libraries opened with dlopen when first needed (their headers only at
# build time): they cost start-up time on every run otherwise.
DLOPEN_PKGS := libgit2 capstone libdebuginfod
O ?= build
WERROR ?=
CSTD := -std=c11 -D_GNU_SOURCE
WARN := -Wall -Wextra -Wpedantic -Wshadow -Wformat=2 -Wstrict-prototypes \
	-Wno-unused-parameter $(WERROR)
OPT ?= -O3 -g
# Link-time optimization of the command (docs/performance.md: the IR
# reader's helpers in other files inline into it). Objects carry both
# forms, so the unit tests link without it; LTO= turns it off.
LTO ?= -flto=auto -ffat-lto-objects
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) $(DLOPEN_PKGS) 2>/dev/null)
PKG_LIBS := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
CFLAGS_ALL = $(CSTD) $(OPT) $(LTO) $(WARN) -Ilib/include -Ilib \
	$(PKG_CFLAGS) $(SANFLAGS) $(CFLAGS) -MMD -MP
# libiberty (Debian's libiberty-dev, a static library): binutils'
# demangler for addr2line -C.
LDLIBS_ALL = $(PKG_LIBS) -liberty -lz -lstdc++ -lpthread -ldl $(SANFLAGS) \
	$(LDFLAGS)

LIB_SRC := $(sort $(wildcard lib/*/*.c))
CMD_SRC := $(sort $(wildcard cmd/maxtriage/*.c))
TEST_SRC := $(sort $(wildcard tests/test_*.c))

LIB_OBJ := $(LIB_SRC:%.c=$(O)/%.o)
CMD_OBJ := $(CMD_SRC:%.c=$(O)/%.o)
TEST_BIN := $(TEST_SRC:tests/%.c=$(O)/tests/%)

all: $(O)/maxtriage

$(O)/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(O)/libmaxtriage.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

$(O)/maxtriage: $(CMD_OBJ) $(O)/libmaxtriage.a
	$(CC) $(OPT) $(LTO) -o $@ $(CMD_OBJ) $(O)/libmaxtriage.a $(LDLIBS_ALL)

# The unit tests' own objects are plain: test_symbols reads its own
# binary's symbol table, where a fat LTO object's file symbol is empty.
$(O)/tests/%.o: LTO =

# Unit tests may also use the command-line objects (all but main.o).
TEST_CMD_OBJ = $(filter-out $(O)/cmd/maxtriage/main.o,$(CMD_OBJ))
$(O)/tests/%: $(O)/tests/%.o $(TEST_CMD_OBJ) $(O)/libmaxtriage.a
	$(CC) -o $@ $< $(TEST_CMD_OBJ) $(O)/libmaxtriage.a $(LDLIBS_ALL) -lcmocka

tests: $(TEST_BIN)

check: $(O)/maxtriage tests
	@sh tests/run-tests.sh $(O)

demo:
	@sh scripts/install-deps.sh
	@$(MAKE) --no-print-directory $(O)/maxtriage
	@sh scripts/demo.sh $(O)

asan:
	$(MAKE) O=build-asan OPT="-O1 -g -fno-omit-frame-pointer" LTO= \
		SANFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all" check

valgrind: $(O)/maxtriage tests
	@VALGRIND=1 sh tests/run-tests.sh $(O)

fuzz:
	@sh tests/fuzz/run.sh

bench: $(O)/maxtriage
	@sh bench/run.sh $(O)

golden: $(O)/maxtriage
	@sh tests/golden.sh $(O) update

install: $(O)/maxtriage
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions
	install -m 755 $(O)/maxtriage $(DESTDIR)$(PREFIX)/bin/maxtriage
	# The one line a sanitizer user adds:
	# ASAN_SYMBOLIZER_PATH=$(PREFIX)/libexec/maxtriage/llvm-symbolizer
	install -d $(DESTDIR)$(PREFIX)/libexec/maxtriage
	ln -sf ../../bin/maxtriage $(DESTDIR)$(PREFIX)/libexec/maxtriage/llvm-symbolizer
	ln -sf ../../bin/maxtriage $(DESTDIR)$(PREFIX)/libexec/maxtriage/llvm-addr2line
	ln -sf ../../bin/maxtriage $(DESTDIR)$(PREFIX)/libexec/maxtriage/addr2line
	install -m 644 docs/maxtriage.1 $(DESTDIR)$(PREFIX)/share/man/man1/maxtriage.1
	install -m 644 scripts/maxtriage.bash \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/maxtriage

PREFIX ?= /usr/local

clean:
	rm -rf build build-asan build-fuzz

format:
	clang-format -i $(LIB_SRC) $(CMD_SRC) $(TEST_SRC) lib/include/maxtriage/*.h

.PHONY: all check tests demo asan valgrind fuzz bench golden install clean format
.SECONDARY:

-include $(shell find $(O) -name '*.d' 2>/dev/null)
