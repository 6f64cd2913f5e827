# qttt: a toolkit for recorded games of Quantum Tic-Tac-Toe.
# make, make check, make install (PREFIX, DESTDIR), make bench (bench-instr).
# Needs GNU make (wildcard, patsubst), as Debian's make is.
# Sanitizers: make clean && make check SANITIZE=1

# The version is the header's QTTT_VERSION; its major number names the
# shared library (libqttt.so.MAJOR, man/libqttt.3).
VERSION !=	sed -n 's/^.define QTTT_VERSION[[:space:]]*"\([^"]*\)".*/\1/p' \
		    lib/qttt.h
SOMAJOR =	$(firstword $(subst ., ,$(VERSION)))
SONAME =	libqttt.so.$(SOMAJOR)
SHLIB =		lib/libqttt.so.$(VERSION)
PREFIX =	/usr/local
BINDIR =	$(PREFIX)/bin
LIBDIR =	$(PREFIX)/lib
INCLUDEDIR =	$(PREFIX)/include
MANDIR =	$(PREFIX)/share/man
PKG_CONFIG =	pkg-config
OBJCOPY =	objcopy

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
# page.  The layers, lowest first (ARCHITECTURE.md): each uses only those
# below (tests/layers.sh checks it).
LAYERS =	text engine analysis notation output render web
LIB_OBJS =	$(sort $(patsubst %.c,%.o,$(foreach l,$(LAYERS),\
		    $(wildcard lib/$(l)/*.c))) lib/web/assets.o)
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
# default visibility around its declarations).  The shared library
# keeps the rest to itself; for the archive, the objects are linked
# into one (LTO done there, so that it holds machine code only) whose
# hidden symbols are then made local, so that a program linking
# libqttt.a statically sees the same names as one linking libqttt.so.
# lib/libqttt-internal.a, the objects as they are, is for the unit
# tests and fuzz harnesses, which may call private functions.  The
# library's own calls of its public functions are not interposed.
$(LIB_OBJS): VISIBILITY = -fvisibility=hidden -fno-semantic-interposition

lib/libqttt.o: $(LIB_OBJS)
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -r -nostdlib \
	    -flinker-output=nolto-rel -o $@.tmp $(LIB_OBJS)
	$(OBJCOPY) --localize-hidden $@.tmp
	mv -f $@.tmp $@

lib/libqttt.a: lib/libqttt.o
	rm -f $@.tmp
	ar rcs $@.tmp lib/libqttt.o
	mv -f $@.tmp $@

lib/libqttt-internal.a: $(LIB_OBJS)
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
$(LIB_OBJS): lib/internal.h
$(patsubst %.c,%.o,$(wildcard lib/output/*.c)): lib/output/emit.h
lib/web/assets.o $(patsubst %.c,%.o,$(wildcard lib/web/*.c)): lib/web/web.h
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
		    lib/output/yaml_write.c lib/web/html.c lib/web/assets.c,\
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

$(WASM_OBJS): lib/qttt.h lib/internal.h
$(filter lib/web/%,$(WASM_OBJS)): lib/web/web.h
$(filter lib/output/%,$(WASM_OBJS)): lib/output/emit.h

lib/web/qttt.wasm: $(WASM_OBJS)
	$(WASM_CC) $(WASM_LDFLAGS) -o $@.tmp $(WASM_OBJS)
	mv -f $@.tmp $@

# The page's own files as C strings (lib/web/web.h): the style sheet,
# the script (the module's shim and loader, then the viewer) and the
# module, gzipped (-n: no name or time in it, so that the same module
# gives the same bytes) and in base64.
WEB_FILES =	lib/web/viewer.css lib/web/module.js lib/web/viewer.js
lib/web/assets.c: $(WEB_FILES) lib/web/qttt.wasm lib/web/cstring.awk
	{ echo '/* Written by make from $(WEB_FILES) and qttt.wasm. */'; \
	  echo '#include "web.h"'; \
	  echo 'const char qttt__web_css[] ='; \
	  awk -f lib/web/cstring.awk lib/web/viewer.css; echo ';'; \
	  echo 'const char qttt__web_js[] ='; \
	  cat lib/web/module.js lib/web/viewer.js | \
	      awk -f lib/web/cstring.awk; echo ';'; \
	  echo 'const char qttt__web_wasm[] ='; \
	  gzip -9n <lib/web/qttt.wasm | base64 -w 76 | \
	      awk -f lib/web/cstring.awk; echo ';'; } >$@.tmp
	mv -f $@.tmp $@

# The tools link the library's objects, so that link-time optimisation
# sees a tool and the library as one program (a call per ply into
# libqttt.a costs qttt-validate a fifth more instructions); they call
# only what libqttt.a exports, which tests/layers.sh checks.  Only the
# threaded ones link parallel.o and the threads library.
$(TOOLS): cmd/common.o lib/libqttt-internal.a lib/libqttt.a
	$(CC) $(ALL_LDFLAGS) -o $@.tmp $(filter %.o,$^) \
	    lib/libqttt-internal.a $(YAML_LIBS)
	mv -f $@.tmp $@

$(TOOLS): %: %.o
$(THREADED): cmd/parallel.o
$(THREADED) cmd/parallel.o: private PTHREAD = -pthread
# The unit tests draw on threads (check_render.c).
$(UNIT_OBJS) tests/unit: private PTHREAD = -pthread

tests/unit: $(UNIT_OBJS) lib/libqttt-internal.a
	$(CC) $(ALL_LDFLAGS) -o $@.tmp $(UNIT_OBJS) lib/libqttt-internal.a \
	    $(YAML_LIBS) $(CHECK_LIBS)
	mv -f $@.tmp $@

$(UNIT_OBJS): tests/check_qttt.h
$(UNIT_OBJS): CFLAGS += $(CHECK_CFLAGS)

# make fuzz, and the fuzz harnesses' regression runs (tests/fuzz/).
include tests/fuzz/fuzz.mk

check: all tests/unit $(FUZZ_REGRESS)
	tests/unit
	sh tests/layers.sh $(LAYERS)
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
tests/solve-book: tests/solve-book.o lib/libqttt-internal.a
	$(CC) $(ALL_LDFLAGS) -o $@.tmp tests/solve-book.o \
	    lib/libqttt-internal.a $(YAML_LIBS)
	mv -f $@.tmp $@

tests/solve-book.o tests/check_solve.o: lib/qttt.h lib/internal.h

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
	rm -f lib/*/*.o lib/*/*.wo lib/web/qttt.wasm lib/web/assets.c \
	    lib/libqttt.o lib/libqttt.a lib/libqttt-internal.a \
	    lib/libqttt.so* cmd/*.o $(TOOLS) tests/*.o tests/unit \
	    tests/solve-book
	rm -rf tests/out

.PHONY: all check demo bench bench-instr book install uninstall clean
.SUFFIXES: .c .o .wo
