# maxtriage: one non-recursive Makefile.
#
#   make            build build/maxtriage
#   make lib        libmaxtriage.a, libmaxtriage.so.0 and maxtriage.pc
#   make install    PREFIX=/usr/local (DESTDIR, LIBDIR... see below)
#   make deb        the Debian packages, in build/deb
#   make check      unit tests (cmocka) + end-to-end tests
#   make demo       install missing packages (as root), build, triage a sample
#   make asan       build and run the unit and e2e tests with ASan+UBSan
#   make valgrind   the unit tests and tests/valgrind-e2e.txt under valgrind
#   make fuzz       libFuzzer targets, FUZZ_SECONDS each (default 60)
#   make format-check  fail on any line clang-format would change
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
# -fPIC: the same objects make libmaxtriage.a and libmaxtriage.so;
# -fno-semantic-interposition keeps calls inside the library direct, so
# position-independent code costs the command nothing measurable
# (docs/performance.md).
CFLAGS_ALL = $(CSTD) $(OPT) $(LTO) $(WARN) -fPIC -fno-semantic-interposition \
	-Ilib/include -Ilib $(PKG_CFLAGS) $(SANFLAGS) $(CPPFLAGS) $(CFLAGS) \
	-MMD -MP
# libiberty (Debian's libiberty-dev, a static library): binutils'
# demangler for addr2line -C.
LDLIBS_ALL = $(PKG_LIBS) -liberty -lz -lpthread -ldl $(SANFLAGS) \
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

# Every object depends on the flags it was built with: $(O)/.flags changes
# (and the objects are rebuilt) only when they do, so a build folder made
# with other flags (before -fPIC, another OPT, SANFLAGS) is never linked
# half old. Read at parse time (:=), so no target's own variables leak in.
FLAGS_ID := $(CC) $(CSTD) $(OPT) $(LTO) $(SANFLAGS) $(CPPFLAGS) $(CFLAGS)
$(O)/.flags: FORCE
	@mkdir -p $(O)
	@printf '%s\n' '$(FLAGS_ID)' | cmp -s - $@ || printf '%s\n' '$(FLAGS_ID)' >$@
$(LIB_OBJ) $(CMD_OBJ) $(TEST_SRC:tests/%.c=$(O)/tests/%.o): $(O)/.flags
FORCE:

$(O)/libmaxtriage.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

# The shared library exports the public API (mt_*) only
# (lib/maxtriage.map); SOVERSION changes when that API breaks. Linked from
# the objects' plain code (no link-time optimization: seconds, not a
# minute; the command is the tuned binary).
SOVERSION := 0
$(O)/libmaxtriage.so.$(SOVERSION): $(LIB_OBJ) lib/maxtriage.map
	$(CC) $(OPT) -shared -Wl,-soname,libmaxtriage.so.$(SOVERSION) \
		-Wl,--version-script=lib/maxtriage.map -Wl,-z,defs -o $@ \
		$(LIB_OBJ) $(LDLIBS_ALL)

lib: $(O)/libmaxtriage.a $(O)/libmaxtriage.so.$(SOVERSION)

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

# Everything a user or a packager needs: the command, its libexec links
# (the names sanitizers, LLVM's crash handler and scripts call), the man
# page, shell completions, and the library with its headers and .pc.
install: $(O)/maxtriage lib
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(MAN1DIR) \
		$(DESTDIR)$(LIBEXECDIR) $(DESTDIR)$(LIBDIR)/pkgconfig \
		$(DESTDIR)$(INCLUDEDIR)/maxtriage \
		$(DESTDIR)$(DATADIR)/bash-completion/completions \
		$(DESTDIR)$(DATADIR)/zsh/site-functions \
		$(DESTDIR)$(DATADIR)/fish/vendor_completions.d
	install -m 755 $(O)/maxtriage $(DESTDIR)$(PREFIX)/bin/maxtriage
	# The one line a sanitizer user adds:
	# ASAN_SYMBOLIZER_PATH=$(PREFIX)/libexec/maxtriage/llvm-symbolizer
	for n in llvm-symbolizer llvm-addr2line addr2line; do \
		ln -sf $(BIN_FROM_LIBEXEC)/maxtriage $(DESTDIR)$(LIBEXECDIR)/$$n || exit 1; \
	done
	install -m 644 docs/maxtriage.1 $(DESTDIR)$(MAN1DIR)/maxtriage.1
	install -m 644 scripts/maxtriage.bash \
		$(DESTDIR)$(DATADIR)/bash-completion/completions/maxtriage
	install -m 644 scripts/maxtriage.zsh \
		$(DESTDIR)$(DATADIR)/zsh/site-functions/_maxtriage
	install -m 644 scripts/maxtriage.fish \
		$(DESTDIR)$(DATADIR)/fish/vendor_completions.d/maxtriage.fish
	install -m 644 $(O)/libmaxtriage.a $(DESTDIR)$(LIBDIR)/libmaxtriage.a
	install -m 755 $(O)/libmaxtriage.so.$(SOVERSION) \
		$(DESTDIR)$(LIBDIR)/libmaxtriage.so.$(SOVERSION)
	ln -sf libmaxtriage.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libmaxtriage.so
	install -m 644 lib/include/maxtriage/*.h $(DESTDIR)$(INCLUDEDIR)/maxtriage/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
		-e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
		-e 's|@REQUIRES@|$(PKGS) zlib|' lib/maxtriage.pc.in \
		>$(DESTDIR)$(LIBDIR)/pkgconfig/maxtriage.pc

# The Debian packages (debian/), built from the tracked files of the work
# tree in $(O)/deb/src, so the .deb files land in $(O)/deb and nothing is
# written beside the checkout; scripts/deb-check.sh also runs lintian
# and installs them.
deb:
	rm -rf $(O)/deb
	mkdir -p $(O)/deb/src
	git ls-files -z --cached --others --exclude-standard | tar --null -T - -cf - | tar -xf - -C $(O)/deb/src
	cd $(O)/deb/src && dpkg-buildpackage -us -uc -b
	@ls $(O)/deb/*.deb

PREFIX ?= /usr/local
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DATADIR ?= $(PREFIX)/share
MAN1DIR ?= $(DATADIR)/man/man1
LIBEXECDIR ?= $(PREFIX)/libexec/maxtriage
# libexec/maxtriage -> bin, relative, so a DESTDIR tree can be moved
BIN_FROM_LIBEXEC ?= ../../bin
VERSION := $(shell sed -n 's/^\#define MAXTRIAGE_VERSION "\(.*\)"/\1/p' cmd/maxtriage/main.c)

clean:
	rm -rf build build-asan build-fuzz

FORMAT_SRC = $(LIB_SRC) $(CMD_SRC) $(TEST_SRC) $(wildcard lib/*/*.h \
	lib/include/maxtriage/*.h cmd/maxtriage/*.h tests/fuzz/*.c tests/fuzz/*.h)

format:
	clang-format -i $(FORMAT_SRC)

# CI's check: any line clang-format would change fails it
format-check:
	@clang-format --dry-run -Werror $(FORMAT_SRC) && \
		echo "clang-format: $(words $(FORMAT_SRC)) files clean"

.PHONY: all lib check tests demo asan valgrind fuzz bench golden install deb \
	clean format format-check
# the unit tests' objects are made by a chain of pattern rules: keep them
.SECONDARY: $(TEST_SRC:tests/%.c=$(O)/tests/%.o)

-include $(shell find $(O) -path $(O)/deb -prune -o -name '*.d' -type f -print 2>/dev/null)
