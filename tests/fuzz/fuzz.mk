# Fuzzing, included by the Makefile.  Every tests/fuzz/fuzz_NAME.c is a
# harness: seeds in tests/fuzz/corpus/NAME/, kept crash inputs in
# tests/fuzz/crashes/NAME/, an optional dictionary tests/fuzz/NAME.dict
# and libFuzzer flags in tests/fuzz/NAME.options (run.sh).  The
# round-trip harnesses (line, yaml, goff, state, convert, write, rules,
# edit) check what the writers write; the parse-only ones (parse_line,
# parse_yaml, parse_goff, parse_state, and parse_chunk: the line
# notation cut into chunks for threads) run one reader alone on short
# inputs, many times faster, as OSS-Fuzz runs a project's parsers.
#
# make check builds each harness with $(CC) and driver.c (no clang
# needed; no link-time optimisation, as for tests/unit) and runs it
# once over its seeds and kept crashes (the suite fuzz-regress).
# make fuzz builds each with clang, libFuzzer, ASan and UBSan against
# library objects of its own (tests/out/fuzz/lib, the normal build is
# untouched) and fuzzes it for FUZZTIME seconds (FUZZLEN: the longest
# input, instead of the harness's own).  make fuzz-seed gathers seed
# candidates, make fuzz-merge minimises the kept corpora with them and
# with what make fuzz found.  FUZZ_NAMES picks harnesses:
#	make fuzz FUZZ_NAMES="parse_line parse_yaml" FUZZTIME=1800

FUZZCC =	clang
FUZZTIME =	60
FUZZLEN =
FUZZ_NAMES =	$(patsubst tests/fuzz/fuzz_%.c,%, \
		    $(sort $(wildcard tests/fuzz/fuzz_*.c)))
FUZZ_REGRESS =	$(FUZZ_NAMES:%=tests/out/regress/fuzz_%)
FUZZ_BINS =	$(FUZZ_NAMES:%=tests/out/fuzz/fuzz_%)
FUZZ_LIBOBJS =	$(LIB_OBJS:lib/%.o=tests/out/fuzz/lib/%.o)
FUZZ_DEPS =	tests/fuzz/util.c tests/fuzz/fuzz.h lib/qttt.h $(LIB_HDRS)
FUZZ_CFLAGS =	-std=c17 -D_POSIX_C_SOURCE=200809L $(WARNINGS) -O1 -g \
		-fno-omit-frame-pointer -fno-sanitize-recover=all \
		$(YAML_CFLAGS) -Ilib

tests/out/regress/fuzz_%: tests/fuzz/fuzz_%.c tests/fuzz/driver.c \
    $(FUZZ_DEPS) lib/libqttt.a
	@mkdir -p tests/out/regress
	$(CC) $(ALL_CFLAGS) $(ALL_LDFLAGS) -fno-lto -o $@.tmp \
	    tests/fuzz/fuzz_$*.c tests/fuzz/util.c tests/fuzz/driver.c \
	    lib/libqttt.a $(YAML_LIBS)
	mv -f $@.tmp $@

tests/out/fuzz/lib/%.o: lib/%.c lib/qttt.h $(LIB_HDRS)
	@mkdir -p $(@D)
	$(FUZZCC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,address,undefined \
	    -c -o $@ $<

# The harnesses' own code (their checks, their models of the rules) is
# built with the sanitizers but without libFuzzer's coverage and
# comparison tracing: only the library's edges guide the fuzzer, and
# the checks, which loop over every byte and every action, run at full
# speed (fuzz_rules: about 1.5 times the executions per second).
tests/out/fuzz/%.o: tests/fuzz/%.c $(FUZZ_DEPS)
	@mkdir -p $(@D)
	$(FUZZCC) $(FUZZ_CFLAGS) -fsanitize=address,undefined -c -o $@ $<

tests/out/fuzz/fuzz_%: tests/out/fuzz/fuzz_%.o tests/out/fuzz/util.o \
    $(FUZZ_LIBOBJS)
	$(FUZZCC) $(FUZZ_CFLAGS) -fsanitize=fuzzer,address,undefined \
	    -o $@.tmp tests/out/fuzz/fuzz_$*.o tests/out/fuzz/util.o \
	    $(FUZZ_LIBOBJS) $(YAML_LIBS)
	mv -f $@.tmp $@

fuzz: $(FUZZ_BINS)
	FUZZTIME=$(FUZZTIME) FUZZLEN=$(FUZZLEN) sh tests/fuzz/run.sh $(FUZZ_NAMES)

fuzz-regress: $(FUZZ_REGRESS)
	sh tests/fuzz/regress.sh $(FUZZ_NAMES)

fuzz-seed:
	sh tests/fuzz/seed.sh

fuzz-merge: $(FUZZ_BINS)
	sh tests/fuzz/merge.sh $(FUZZ_NAMES)

.PHONY: fuzz fuzz-regress fuzz-seed fuzz-merge

# The harnesses' objects are kept from one make fuzz to the next.
.SECONDARY: $(FUZZ_LIBOBJS) $(FUZZ_NAMES:%=tests/out/fuzz/fuzz_%.o) \
    tests/out/fuzz/util.o
