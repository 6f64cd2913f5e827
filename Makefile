# qttt: a toolkit for recorded games of Quantum Tic-Tac-Toe.
# make, make check, make install (PREFIX, DESTDIR), make bench.
# Needs GNU make (wildcard, patsubst), as Debian's make is.
# Sanitizers: make clean && make check SANITIZE=1

VERSION =	0.1.0
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

ALL_CFLAGS =	-std=c17 -D_POSIX_C_SOURCE=200809L -fPIC -pthread \
		$(WARNINGS) $(CFLAGS) $(SANFLAGS) $(YAML_CFLAGS) -Ilib
ALL_LDFLAGS =	-pthread $(CFLAGS) $(LDFLAGS) $(SANFLAGS)

# Every lib/LAYER/*.c is a module of the library, every cmd/qttt-*.c a
# tool, every tests/check_*.c a unit test module, every man/*.[15] a page.
# The layers, lowest first (ARCHITECTURE.md): each uses only those below.
LAYERS =	text engine analysis notation output render
LIB_OBJS =	$(patsubst %.c,%.o,$(sort $(foreach l,$(LAYERS),\
		    $(wildcard lib/$(l)/*.c))))
CMD_OBJS =	cmd/common.o cmd/parallel.o
TOOLS =		$(patsubst %.c,%,$(sort $(wildcard cmd/qttt-*.c)))
UNIT_OBJS =	$(patsubst %.c,%.o,$(sort $(wildcard tests/check_*.c)))
MAN1 =		$(sort $(wildcard man/*.1))
MAN5 =		$(sort $(wildcard man/*.5))

all: lib/libqttt.a $(TOOLS)

lib/libqttt.a: $(LIB_OBJS)
	rm -f $@.tmp
	ar rcs $@.tmp $(LIB_OBJS)
	mv -f $@.tmp $@

$(LIB_OBJS) $(CMD_OBJS) $(TOOLS:=.o) $(UNIT_OBJS): lib/qttt.h
$(LIB_OBJS): lib/internal.h
$(CMD_OBJS) $(TOOLS:=.o): cmd/common.h cmd/parallel.h

.c.o:
	$(CC) $(ALL_CFLAGS) -c -o $@ $<

$(TOOLS): $(CMD_OBJS) lib/libqttt.a
	$(CC) $(ALL_LDFLAGS) -o $@.tmp $@.o $(CMD_OBJS) lib/libqttt.a \
	    $(YAML_LIBS)
	mv -f $@.tmp $@

$(TOOLS): %: %.o

tests/unit: $(UNIT_OBJS) lib/libqttt.a
	$(CC) $(ALL_LDFLAGS) -o $@.tmp $(UNIT_OBJS) lib/libqttt.a \
	    $(YAML_LIBS) $(CHECK_LIBS)
	mv -f $@.tmp $@

$(UNIT_OBJS): tests/check_qttt.h
$(UNIT_OBJS): CFLAGS += $(CHECK_CFLAGS)

# make fuzz, and the fuzz harnesses' regression runs (tests/fuzz/).
include tests/fuzz/fuzz.mk

check: all tests/unit $(FUZZ_REGRESS)
	tests/unit
	sh tests/golden/run.sh
	sh tests/fuzz/regress.sh $(FUZZ_NAMES)
	sh tests/hostile/run.sh
	sh tests/failed-output/run.sh
	sh tests/threads/run.sh
	QTTT_SANITIZE=$(SANITIZE) sh tests/limits/run.sh
	sh tests/lint-man.sh $(MAN1) $(MAN5)
	QTTT_SANFLAGS="$(SANFLAGS)" sh tests/install/run.sh

# The main job on the bundled example games.
demo: all
	cmd/qttt-validate -s formats/examples/worked.qttt
	cmd/qttt-replay -T list -g 3 formats/examples/worked.qttt
	cmd/qttt-render -g 3 formats/examples/worked.qttt

bench: all
	sh tests/bench/run.sh

# The solver's book of early positions, written by its live search.
tests/solve-book: tests/solve-book.o lib/libqttt.a
	$(CC) $(ALL_LDFLAGS) -o $@.tmp tests/solve-book.o lib/libqttt.a \
	    $(YAML_LIBS)
	mv -f $@.tmp $@

tests/solve-book.o tests/check_solve.o: lib/qttt.h lib/internal.h

book: tests/solve-book
	tests/solve-book > lib/analysis/solve_book.c.tmp
	mv -f lib/analysis/solve_book.c.tmp lib/analysis/solve_book.c

install: all
	mkdir -p $(DESTDIR)$(BINDIR) $(DESTDIR)$(LIBDIR)/pkgconfig \
	    $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(MANDIR)/man1 \
	    $(DESTDIR)$(MANDIR)/man5
	cp $(TOOLS) $(DESTDIR)$(BINDIR)/
	cp lib/libqttt.a $(DESTDIR)$(LIBDIR)/
	cp lib/qttt.h $(DESTDIR)$(INCLUDEDIR)/
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    lib/qttt.pc.in > $(DESTDIR)$(LIBDIR)/pkgconfig/qttt.pc
	for f in $(MAN1); do cp $$f $(DESTDIR)$(MANDIR)/man1/; done
	for f in $(MAN5); do cp $$f $(DESTDIR)$(MANDIR)/man5/; done

uninstall:
	for f in $(TOOLS); do rm -f $(DESTDIR)$(BINDIR)/$${f#cmd/}; done
	rm -f $(DESTDIR)$(LIBDIR)/libqttt.a $(DESTDIR)$(INCLUDEDIR)/qttt.h \
	    $(DESTDIR)$(LIBDIR)/pkgconfig/qttt.pc
	for f in $(MAN1); do rm -f $(DESTDIR)$(MANDIR)/man1/$${f#man/}; done
	for f in $(MAN5); do rm -f $(DESTDIR)$(MANDIR)/man5/$${f#man/}; done

clean:
	rm -f lib/*/*.o lib/libqttt.a cmd/*.o $(TOOLS) tests/*.o tests/unit \
	    tests/solve-book
	rm -rf tests/out

.PHONY: all check demo bench book install uninstall clean
.SUFFIXES: .c .o
