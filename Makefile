# qttt: a toolkit for recorded games of Quantum Tic-Tac-Toe.
# make, make check, make install (PREFIX, DESTDIR), make bench (bench-instr).
# Needs GNU make (wildcard, patsubst), as Debian's make is.
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
# lines).  analysis and notation are siblings on the engine.
LAYER_GRAPH =	text: engine:text analysis:engine notation:engine \
		output:notation,analysis render:output web:render
LAYERS =	$(foreach l,$(LAYER_GRAPH),$(firstword $(subst :, ,$(l))))
# The web layer's assets are a source that make writes (from its .js,
# its .css and the module): not in the repository.
WEB_ASSETS =	lib/web/assets
LIB_OBJS =	$(sort $(patsubst %.c,%.o,$(foreach l,$(LAYERS),\
		    $(wildcard lib/$(l)/*.c))) $(WEB_ASSETS).o)
# Each layer's private header (lib/LAYER/LAYER.h).
LIB_HDRS =	$(foreach l,$(LAYERS),lib/$(l)/$(l).h)
CMD_OBJS =	cmd/common.o cmd/parallel.o
TOOLS =		$(patsubst %.c,%,$(sort $(wildcard cmd/qttt-*.c)))
# The tools that read on several threads (cmd/parallel.c).
THREADED =	cmd/qttt-analyze cmd/qttt-replay cmd/qttt-validate
UNIT_OBJS =	$(patsubst %.c,%.o,$(sort $(wildcard tests/check_*.c)))
MAN1 =		$(sort $(wildcard man/*.1))
MAN3 =		$(sort $(wildcard man/*.3))
MAN5 =		$(sort $(wildcard man/*.5))
MAN7 =		$(sort $(wildcard man/*.7))

all: lib/libqttt.a $(SHLIB) lib/$(SONAME) lib/libqttt.so $(TOOLS)

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
$(CMD_OBJS) $(TOOLS:=.o): cmd/common.h cmd/parallel.h

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
# module has every layer but the page's writer and libyaml: the page
# carries its records in the line notation.  -mexec-model=reactor: a
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
		    lib/output/yaml_write.c lib/web/html.c $(WEB_ASSETS).c,\
		    $(sort $(foreach l,$(LAYERS),$(wildcard lib/$(l)/*.c)))))
# Says what is missing, before the compiler does.
WASM_TOOLCHAIN = command -v $(WASM_CC) >/dev/null && \
		test -f $(WASI_INCLUDE)/stdio.h && \
		test -f "$$($(WASM_CC) --target=wasm32-wasi \
		    -print-libgcc-file-name)" || { echo "make: the viewer \
		page's module needs clang, lld, wasi-libc and \
		libclang-rt-14-dev-wasm32: sh .ci/deps installs them" >&2; \
		exit 1; }

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
WEB_FILES =	lib/web/viewer.css lib/web/module.js lib/web/viewer.js
$(WEB_ASSETS).c: $(WEB_FILES) lib/web/qttt.wasm lib/web/cstring.awk
	{ echo '/* Written by make from $(WEB_FILES) and qttt.wasm. */'; \
	  echo '#include "web/web.h"'; \
	  echo 'const char qttt__web_css[] ='; \
	  awk -f lib/web/cstring.awk lib/web/viewer.css; echo ';'; \
	  echo 'const char qttt__web_js[] ='; \
	  cat lib/web/module.js lib/web/viewer.js | \
	      awk -f lib/web/cstring.awk; echo ';'; \
	  echo 'const char qttt__web_wasm[] ='; \
	  gzip -9n <lib/web/qttt.wasm | base64 -w 76 | \
	      awk -f lib/web/cstring.awk; echo ';'; } >$@.tmp
	mv -f $@.tmp $@

# The tools link the archive, whose objects carry their intermediate
# code too (-ffat-lto-objects), so that link-time optimisation sees a
# tool and the library as one program (a call per ply into the library
# costs qttt-validate a fifth more instructions); they call only the
# library's public names, which tests/layers.sh checks.  Only the
# threaded ones link parallel.o and the threads library.
$(TOOLS): cmd/common.o lib/libqttt.a
	$(CC) $(ALL_LDFLAGS) -o $@.tmp $(filter %.o,$^) \
	    lib/libqttt.a $(YAML_LIBS)
	mv -f $@.tmp $@

$(TOOLS): %: %.o
$(THREADED): cmd/parallel.o
$(THREADED) cmd/parallel.o: private PTHREAD = -pthread
# The unit tests draw on threads (check_render.c).
$(UNIT_OBJS) tests/unit: private PTHREAD = -pthread

tests/unit: $(UNIT_OBJS) lib/libqttt.a
	$(CC) $(ALL_LDFLAGS) -o $@.tmp $(UNIT_OBJS) lib/libqttt.a \
	    $(YAML_LIBS) $(CHECK_LIBS)
	mv -f $@.tmp $@

$(UNIT_OBJS): tests/check_qttt.h $(LIB_HDRS)
$(UNIT_OBJS): CFLAGS += $(CHECK_CFLAGS)

# make fuzz, and the fuzz harnesses' regression runs (tests/fuzz/).
include tests/fuzz/fuzz.mk

check: all tests/unit $(FUZZ_REGRESS)
	tests/unit
	sh tests/layers.sh $(LAYER_GRAPH)
	sh tests/layers-selftest.sh $(LAYER_GRAPH)
	sh tests/golden/run.sh
	sh tests/fuzz/regress.sh $(FUZZ_NAMES)
	sh tests/hostile/run.sh
	sh tests/failed-output/run.sh
	sh tests/threads/run.sh
	sh tests/collections/run.sh
	sh tests/viewer/run.sh
	sh tests/interop/run.sh
	QTTT_SANITIZE=$(SANITIZE) sh tests/limits/run.sh
	QTTT_SANITIZE=$(SANITIZE) sh tests/scaling/run.sh
	sh tests/lint-man.sh $(MAN1) $(MAN3) $(MAN5) $(MAN7)
	sh tests/citations.sh
	sh tests/examples/selftest.sh
	sh tests/examples/run.sh
	QTTT_SANFLAGS="$(SANFLAGS)" sh tests/install/run.sh

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

clean:
	rm -f lib/*/*.o lib/*/*.wo lib/web/qttt.wasm $(WEB_ASSETS).c \
	    lib/libqttt.a \
	    lib/libqttt.so* cmd/*.o $(TOOLS) tests/*.o tests/unit \
	    tests/solve-book
	rm -rf tests/out

.PHONY: all check demo bench bench-instr book install uninstall clean
.SUFFIXES: .c .o .wo
