# qttt: a toolkit for recorded games of Quantum Tic-Tac-Toe.
# make, make check (check-NAME, check-full), make install (PREFIX,
# DESTDIR), make bench (bench-instr).
# Needs GNU make (wildcard, patsubst, --output-sync), as Debian's make is.
# Sanitizers: make clean && make check SANITIZE=1

# The version is the header's QTTT_VERSION.  The shared library's name
# carries its ABI version (man/libqttt.3, NEWS): the major number, or,
# while that is 0, the major and minor numbers (libqttt.so.0.2), since
# a 0.x release may change the ABI.
VERSION !=	sed -n 's/^.define QTTT_VERSION[[:space:]]*"\([^"]*\)".*/\1/p' \
		    lib/qttt.h
VPARTS =	$(subst ., ,$(VERSION))
SOVERSION =	$(if $(filter 0,$(word 1,$(VPARTS))),0.$(word 2,$(VPARTS)),$(word 1,$(VPARTS)))
SONAME =	libqttt.so.$(SOVERSION)
SHLIB =		lib/libqttt.so.$(VERSION)
PREFIX =	/usr/local
BINDIR =	$(PREFIX)/bin
LIBDIR =	$(PREFIX)/lib
INCLUDEDIR =	$(PREFIX)/include
MANDIR =	$(PREFIX)/share/man
# The shipped test suite for engines (suites/qttt.suite).
DATADIR =	$(PREFIX)/share/qttt
PKG_CONFIG =	pkg-config

CC =		cc
CFLAGS =	-O2 -g -flto=auto -ffat-lto-objects
WARNINGS =	-Wall -Wextra -Wshadow -Wstrict-prototypes \
		-Wmissing-prototypes -Wpointer-arith -Wformat=2
SANITIZE =
SANFLAGS_1 =	-fsanitize=address,undefined -fno-omit-frame-pointer \
		-fno-sanitize-recover=all
SANFLAGS =	$(SANFLAGS_$(SANITIZE))

YAML_CFLAGS !=	$(PKG_CONFIG) --cflags yaml-0.1 2>/dev/null || true
YAML_LIBS !=	$(PKG_CONFIG) --libs yaml-0.1 2>/dev/null || echo -lyaml
CHECK_CFLAGS !=	$(PKG_CONFIG) --cflags check 2>/dev/null || true
CHECK_LIBS !=	$(PKG_CONFIG) --libs check 2>/dev/null || echo -lcheck

ALL_CFLAGS =	-std=c17 -D_POSIX_C_SOURCE=200809L -fPIC $(VISIBILITY) \
		$(PTHREAD) $(WARNINGS) $(CFLAGS) $(SANFLAGS) $(YAML_CFLAGS) -Ilib
ALL_LDFLAGS =	$(PTHREAD) $(CFLAGS) $(LDFLAGS) $(SANFLAGS)

# Every lib/LAYER/*.c is a module of the library, every cmd/qttt-*.c a
# tool, every tests/check_*.c a unit test module, every man/*.[1357] a
# page.  The layers (ARCHITECTURE.md) form a graph, not a list: each is
# named with the layers it may use directly, and may use what those may
# use (tests/layers.sh checks it, in the objects and in the #include
# lines).  analysis and notation are siblings on the engine; collection
# (selecting and counting games) sits on both.
LAYER_GRAPH =	text: engine:text analysis:engine notation:engine \
		collection:notation,analysis output:collection render:output \
		web:render protocol:output
LAYERS =	$(foreach l,$(LAYER_GRAPH),$(firstword $(subst :, ,$(l))))
# The web layer's assets are a source that make writes (from its .js,
# its .css and the module): not in the repository.
WEB_ASSETS =	lib/web/assets
LIB_OBJS =	$(sort $(patsubst %.c,%.o,$(foreach l,$(LAYERS),\
		    $(wildcard lib/$(l)/*.c))) $(WEB_ASSETS).o)
# Each layer's private header (lib/LAYER/LAYER.h).
LIB_HDRS =	$(foreach l,$(LAYERS),lib/$(l)/$(l).h)
CMD_OBJS =	cmd/common.o cmd/outfile.o cmd/inputs.o cmd/options.o \
		    cmd/process.o cmd/engines.o
TOOLS =		$(patsubst %.c,%,$(sort $(wildcard cmd/qttt-*.c)))
# The tools that read inputs (cmd/inputs.c), on several threads where
# they allow it (lib/notation/parallel.c): all but qttt-generate and the
# tools of engines.
READERS =	$(filter-out cmd/qttt-generate cmd/qttt-engine cmd/qttt-match,\
		    $(TOOLS))
UNIT_OBJS =	$(patsubst %.c,%.o,$(sort $(wildcard tests/check_*.c)))
MAN1 =		$(sort $(wildcard man/*.1))
MAN3 =		$(sort $(wildcard man/*.3))
MAN5 =		$(sort $(wildcard man/*.5))
MAN7 =		$(sort $(wildcard man/*.7))

all: lib/libqttt.a $(SHLIB) lib/$(SONAME) lib/libqttt.so $(TOOLS)
	@$(if $(WEB_MODULE),:,echo "make: qttt-render -T html: $(WASM_MISSING)" >&2)

# The library's objects export only what qttt.h declares (it sets the
# default visibility around its declarations): the shared library keeps
# the rest to itself.  The archive is an ordinary one, an object per
# source, so that a program takes only the objects it calls (one that
# uses the engine alone links without libyaml).  There the library's
# private names are global too, as in any static library, and each
# starts with qttt__ and its layer (tests/layers.sh), out of a
# program's way.  The library's own calls of its public functions are
# not interposed.
$(LIB_OBJS): VISIBILITY = -fvisibility=hidden -fno-semantic-interposition

lib/libqttt.a: $(LIB_OBJS)
	rm -f $@.tmp
	ar rcs $@.tmp $(LIB_OBJS)
	mv -f $@.tmp $@

$(SHLIB): $(LIB_OBJS)
	$(CC) $(ALL_LDFLAGS) -shared -Wl,-soname,$(SONAME) -Wl,-z,defs \
	    -o $@.tmp $(LIB_OBJS) $(YAML_LIBS)
	mv -f $@.tmp $@

lib/$(SONAME) lib/libqttt.so: $(SHLIB)
	ln -sf libqttt.so.$(VERSION) $@

$(LIB_OBJS) $(CMD_OBJS) $(TOOLS:=.o) $(UNIT_OBJS): lib/qttt.h
$(LIB_OBJS): $(LIB_HDRS)
$(CMD_OBJS) $(TOOLS:=.o): cmd/common.h cmd/outfile.h cmd/inputs.h \
    cmd/options.h

.c.o:
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

# The viewer page's module (formats/viewer.md, "The module"): the
# library for the browser, built by Debian's own toolchain for
# wasm32-wasi, which .ci/deps installs: clang --target=wasm32-wasi,
# lld (wasm-ld, which clang runs), wasi-libc (its headers in
# /usr/include/wasm32-wasi, its libc in /usr/lib/wasm32-wasi, where
# Debian's clang looks for that target) and libclang-rt-14-dev-wasm32
# (the compiler's builtins, lib/wasi/libclang_rt.builtins-wasm32.a in
# clang's resource directory, which -print-libgcc-file-name names).
# -nostdlibinc keeps the host's headers out (clang would look in
# /usr/include too): wasi-libc's and the compiler's own only.  The
# module has every layer but the page's writer, libyaml, the files
# written whole (lib/output/outfile.c) and the threads
# (lib/notation/parallel.c): the page carries its records in the line
# notation, writes no file and has one thread.  -mexec-model=reactor: a
# library, whose _initialize the page calls once, not a program.
WASM_CC =	clang
WASI_INCLUDE =	/usr/include/wasm32-wasi
WASM_CFLAGS =	-O2
WASM_ALL_CFLAGS = --target=wasm32-wasi -std=c17 -D_POSIX_C_SOURCE=200809L \
		-nostdlibinc -isystem $(WASI_INCLUDE) -fvisibility=hidden \
		$(WARNINGS) $(WASM_CFLAGS) -Ilib
WASM_LDFLAGS =	--target=wasm32-wasi -mexec-model=reactor -Wl,--gc-sections \
		-Wl,--strip-all
WASM_OBJS =	$(patsubst %.c,%.wo,$(filter-out lib/notation/yaml.c \
		    lib/notation/parallel.c lib/output/emit_yaml.c \
		    lib/output/outfile.c lib/web/html.c $(WEB_ASSETS).c,\
		    $(sort $(foreach l,$(LAYERS),$(wildcard lib/$(l)/*.c)))))
# Whether the toolchain is here (yes or no).  Without it make builds
# the library and every tool but leaves the module out: it says so in
# one line (WASM_MISSING), and so does qttt-render -T html
# (qttt_html_unavailable()).  make check needs it.
WASM_PACKAGES =	clang, lld, wasi-libc and libclang-rt-14-dev-wasm32
WASM_MISSING =	this build has no viewer page: its WebAssembly module \
		needs the packages $(WASM_PACKAGES) (sh .ci/deps installs \
		them, then make again)
WASM_HAVE !=	command -v $(WASM_CC) >/dev/null 2>&1 && \
		command -v wasm-ld >/dev/null 2>&1 && \
		test -f $(WASI_INCLUDE)/stdio.h && \
		test -f "$$($(WASM_CC) --target=wasm32-wasi \
		    -print-libgcc-file-name 2>/dev/null)" && echo yes || echo no
WEB_MODULE =	$(if $(filter yes,$(WASM_HAVE)),lib/web/qttt.wasm)
# Says what is missing, before the compiler does.
WASM_TOOLCHAIN = test $(WASM_HAVE) = yes || \
		{ echo "make: $(WASM_MISSING)" >&2; exit 1; }

.c.wo:
	@$(WASM_TOOLCHAIN)
	$(WASM_CC) $(WASM_ALL_CFLAGS) -c -o $@ $<

$(WASM_OBJS): lib/qttt.h $(LIB_HDRS)

lib/web/qttt.wasm: $(WASM_OBJS)
	$(WASM_CC) $(WASM_LDFLAGS) -o $@.tmp $(WASM_OBJS)
	mv -f $@.tmp $@

# The page's own files as C strings (lib/web/web.h): the style sheet,
# the script (the module's shim and loader, then the viewer) and the
# module, gzipped (-n: no name or time in it, so that the same module
# gives the same bytes) and in base64.
# Without the toolchain the module is "", and qttt__web_missing says
# what it needs.  lib/web/toolchain holds WASM_HAVE, and changes only
# when it does, so that the assets are written again then.
WEB_FILES =	lib/web/viewer.css lib/web/module.js lib/web/viewer.js
$(WEB_ASSETS).c: $(WEB_FILES) $(WEB_MODULE) lib/web/cstring.awk \
    lib/web/toolchain
	{ echo '/* Written by make from $(WEB_FILES)$(if $(WEB_MODULE), and \
	      qttt.wasm). */'; \
	  echo '#include "web/web.h"'; \
	  echo 'const char qttt__web_css[] ='; \
	  awk -f lib/web/cstring.awk lib/web/viewer.css; echo ';'; \
	  echo 'const char qttt__web_js[] ='; \
	  cat lib/web/module.js lib/web/viewer.js | \
	      awk -f lib/web/cstring.awk; echo ';'; \
	  echo 'const char qttt__web_wasm[] ='; \
	  $(if $(WEB_MODULE),gzip -9n <$(WEB_MODULE) | base64 -w 76 | \
	      awk -f lib/web/cstring.awk,echo '""'); echo ';'; \
	  echo 'const char qttt__web_missing[] ='; \
	  echo '"$(if $(WEB_MODULE),,$(WASM_MISSING))";'; } >$@.tmp
	mv -f $@.tmp $@

FORCE:

lib/web/toolchain: FORCE
	@echo $(WASM_HAVE) >$@.tmp; \
	    if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv -f $@.tmp $@; fi

# The tools link the archive, whose objects carry their intermediate
# code too (-ffat-lto-objects), so that link-time optimisation sees a
# tool and the library as one program (a call per ply into the library
# costs qttt-validate a fifth more instructions); they call only the
# library's public names, which tests/layers.sh checks.  Each links
# outfile.o, the files a tool writes besides its standard output; only
# the reading ones link inputs.o and the threads library.
$(TOOLS): cmd/common.o cmd/options.o cmd/outfile.o lib/libqttt.a
	$(CC) $(ALL_LDFLAGS) -o $@.tmp $(filter %.o,$^) \
	    lib/libqttt.a $(YAML_LIBS)
	mv -f $@.tmp $@

$(TOOLS): %: %.o
$(READERS): cmd/inputs.o
# qttt-match runs engines (cmd/engines.c, cmd/process.c); qttt-engine
# reads its clock (cmd/process.c).
cmd/qttt-match: cmd/engines.o cmd/process.o
cmd/qttt-engine: cmd/process.o
cmd/process.o cmd/engines.o cmd/qttt-match.o cmd/qttt-engine.o: cmd/process.h
cmd/engines.o cmd/qttt-match.o: cmd/match.h
# The library's threads (lib/notation/parallel.c) are in its native
# build alone: the viewer page's module has none.
$(READERS) cmd/inputs.o lib/notation/parallel.o $(SHLIB): \
    private PTHREAD = -pthread
# The unit tests draw on threads (check_render.c).
$(UNIT_OBJS) tests/unit: private PTHREAD = -pthread

# The unit tests and the fuzz harnesses link the machine code of the
# objects (-fno-lto): link-time optimisation would build the library
# again for each, 12 s of CPU for the unit tests, and their searches
# take the same time without it.
tests/unit: $(UNIT_OBJS) lib/libqttt.a
	$(CC) $(ALL_LDFLAGS) -fno-lto -o $@.tmp $(UNIT_OBJS) lib/libqttt.a \
	    $(YAML_LIBS) $(CHECK_LIBS)
	mv -f $@.tmp $@

$(UNIT_OBJS): tests/check_qttt.h $(LIB_HDRS)
$(UNIT_OBJS): CFLAGS += $(CHECK_CFLAGS)

# make fuzz, and the fuzz harnesses' regression runs (tests/fuzz/).
include tests/fuzz/fuzz.mk

# make check runs every suite of CHECKS, each the target check-NAME
# (make check-golden runs one), as many at a time as there are
# processors online (or as make -j says), and builds what each needs
# as it goes.  Each suite's output is shown whole when it ends, under
# its verdict and its wall and CPU time (tests/suites.sh, which keeps
# it in tests/out/log/NAME.log); at the end, a line per suite, then the
# output of each that failed.  The suites:
#	unit-NAME	the Check suite of tests/check_NAME.c alone
#			(CK_RUN_SUITE=NAME tests/unit);
#	NAME		tests/NAME/run.sh, for each directory of tests/
#			but bench and fuzz (make bench, make fuzz);
#	and CHECK_OTHER, each with its rule below.
# A new tests/NAME/run.sh is picked up by itself, and so is a new
# tests/check_NAME.c, whose NAME_suite() check_main.c must run (until
# it does, check-unit-NAME fails: no test ran); another kind of check
# is a name in CHECK_OTHER and a rule check-NAME.  The slowest go first
# (CHECK_FIRST), so that the others fill in around them.  Every suite
# sees QTTT_SANITIZE and QTTT_SANFLAGS (the sanitizers, if any).
#
# make check-full, which .ci/run runs, sets QTTT_CHECK_FULL for the
# suites of FULL_CHECKS, which make check runs on a smaller sample or
# input: the unit tests' searches (tagged "search", sample_size() in
# tests/check_main.c), and tests/limits on a larger input.
NPROC !=	getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2
UNIT_SUITES !=	sed -n 's/^\([a-z0-9_]*\)_suite(void)$$/\1/p' tests/check_*.c
SHELL_SUITES =	$(filter-out bench fuzz,\
		    $(patsubst tests/%/run.sh,%,$(wildcard tests/*/run.sh)))
CHECK_OTHER =	layers layers-selftest fuzz-regress lint-man citations \
		examples-selftest
CHECK_FIRST =	unit-solve limits threads viewer scaling unit-layout
CHECKS =	$(CHECK_FIRST) $(filter-out $(CHECK_FIRST),\
		    $(UNIT_SUITES:%=unit-%) $(SHELL_SUITES) $(CHECK_OTHER))
SUITE =		QTTT_SANITIZE=$(SANITIZE) QTTT_SANFLAGS="$(SANFLAGS)" \
		    sh tests/suites.sh run

FULL_CHECKS =	unit-search limits
RUN_CHECKS =	$(MAKE) $(if $(findstring -j,$(MAKEFLAGS)),,-j$(NPROC)) -k \
		    --output-sync=target --no-print-directory

check:
	@$(WASM_TOOLCHAIN)
	@rm -rf tests/out/log
	@$(RUN_CHECKS) $(CHECKS:%=check-%); sh tests/suites.sh summary $(CHECKS)

check-full:
	@rm -rf tests/out/log
	@QTTT_CHECK_FULL=1 $(RUN_CHECKS) $(FULL_CHECKS:%=check-%); \
	    sh tests/suites.sh summary $(FULL_CHECKS)

check-unit-search: tests/unit
	@$(SUITE) unit-search env CK_INCLUDE_TAGS=search tests/unit

$(UNIT_SUITES:%=check-unit-%): check-unit-%: tests/unit
	@$(SUITE) unit-$* env CK_RUN_SUITE=$* tests/unit

$(SHELL_SUITES:%=check-%): check-%: all
	@$(SUITE) $* sh tests/$*/run.sh

check-layers: all
	@$(SUITE) layers sh tests/layers.sh $(LAYER_GRAPH)

check-layers-selftest: all
	@$(SUITE) layers-selftest sh tests/layers-selftest.sh $(LAYER_GRAPH)

check-fuzz-regress: $(FUZZ_REGRESS)
	@$(SUITE) fuzz-regress sh tests/fuzz/regress.sh $(FUZZ_NAMES)

check-lint-man:
	@$(SUITE) lint-man sh tests/lint-man.sh $(MAN1) $(MAN3) $(MAN5) $(MAN7)

check-citations:
	@$(SUITE) citations sh tests/citations.sh

check-examples-selftest: all
	@$(SUITE) examples-selftest sh tests/examples/selftest.sh

# The main job on the bundled example games.
demo: all
	cmd/qttt-validate -s formats/examples/worked.qttt
	cmd/qttt-replay -T list -g 3 formats/examples/worked.qttt
	cmd/qttt-render -g 3 formats/examples/worked.qttt

bench: all
	sh tests/bench/run.sh

# The instruction counts alone (callgrind), which make bench shows too.
bench-instr: all
	sh tests/bench/bench-instr.sh

# The solver's book of early positions, written by its live search.
tests/solve-book: tests/solve-book.o lib/libqttt.a
	$(CC) $(ALL_LDFLAGS) -o $@.tmp tests/solve-book.o \
	    lib/libqttt.a $(YAML_LIBS)
	mv -f $@.tmp $@

tests/solve-book.o tests/check_solve.o: lib/qttt.h $(LIB_HDRS)

# The shipped test suite, written from the solver (tests/suite-gen.c).
tests/suite-gen: tests/suite-gen.o lib/libqttt.a
	$(CC) $(ALL_LDFLAGS) -o $@.tmp tests/suite-gen.o \
	    lib/libqttt.a $(YAML_LIBS)
	mv -f $@.tmp $@

tests/suite-gen.o: lib/qttt.h

suite: tests/suite-gen
	tests/suite-gen > suites/qttt.suite.tmp
	mv -f suites/qttt.suite.tmp suites/qttt.suite

book: tests/solve-book
	tests/solve-book > lib/analysis/solve_book.c.tmp
	mv -f lib/analysis/solve_book.c.tmp lib/analysis/solve_book.c

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig \
	    $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(MANDIR)/man3 $(DESTDIR)$(MANDIR)/man5 \
	    $(DESTDIR)$(MANDIR)/man7
	cp $(TOOLS) $(DESTDIR)$(BINDIR)/
	cp lib/libqttt.a $(SHLIB) $(DESTDIR)$(LIBDIR)/
	ln -sf libqttt.so.$(VERSION) $(DESTDIR)$(LIBDIR)/$(SONAME)
	ln -sf libqttt.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libqttt.so
	cp lib/qttt.h $(DESTDIR)$(INCLUDEDIR)/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    lib/qttt.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/qttt.pc
	for f in $(MAN1); do cp $$f $(DESTDIR)$(MANDIR)/man1/; done
	for f in $(MAN3); do cp $$f $(DESTDIR)$(MANDIR)/man3/; done
	for f in $(MAN5); do cp $$f $(DESTDIR)$(MANDIR)/man5/; done
	for f in $(MAN7); do cp $$f $(DESTDIR)$(MANDIR)/man7/; done
	mkdir -p $(DESTDIR)$(DATADIR)
	cp suites/qttt.suite $(DESTDIR)$(DATADIR)/

uninstall:
	for f in $(TOOLS); do rm -f $(DESTDIR)$(BINDIR)/$${f#cmd/}; done
	rm -f $(DESTDIR)$(LIBDIR)/libqttt.a \
	    $(DESTDIR)$(LIBDIR)/libqttt.so.$(VERSION) \
	    $(DESTDIR)$(LIBDIR)/$(SONAME) $(DESTDIR)$(LIBDIR)/libqttt.so \
	    $(DESTDIR)$(INCLUDEDIR)/qttt.h \
	    $(DESTDIR)$(LIBDIR)/pkgconfig/qttt.pc
	for f in $(MAN1); do rm -f $(DESTDIR)$(MANDIR)/man1/$${f#man/}; done
	for f in $(MAN3); do rm -f $(DESTDIR)$(MANDIR)/man3/$${f#man/}; done
	for f in $(MAN5); do rm -f $(DESTDIR)$(MANDIR)/man5/$${f#man/}; done
	for f in $(MAN7); do rm -f $(DESTDIR)$(MANDIR)/man7/$${f#man/}; done
	rm -f $(DESTDIR)$(DATADIR)/qttt.suite

clean:
	rm -f lib/*/*.o lib/*/*.wo lib/web/qttt.wasm $(WEB_ASSETS).c \
	    lib/web/toolchain lib/libqttt.a \
	    lib/libqttt.so* cmd/*.o $(TOOLS) tests/*.o tests/unit \
	    tests/solve-book tests/suite-gen
	rm -rf tests/out

.PHONY: all check check-full check-unit-search $(CHECKS:%=check-%) demo \
	suite bench bench-instr book install uninstall clean FORCE
.SUFFIXES: .c .o .wo
