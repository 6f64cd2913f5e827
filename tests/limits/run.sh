#!/bin/sh
# Bounded resources: the tools stream, so their memory does not grow
# with the input.  Each command of tests/limits/commands runs under
# ulimit -v LIMIT (KiB, default 8192: the tools need about 3 MiB), on
# inputs far larger than that; a command on $INPUT runs on a small and
# a large input and must peak at about the same resident size.  Every
# command must peak under PEAK KiB (default 4096, the toolkit's target).
# The large input is 60,000 games (5 MB): a tool that held it would
# peak over PEAK, and one that kept a block of memory per game (32
# bytes at least, glibc's smallest) would grow by 1.5 MiB over the
# small one, more than the 1 MiB allowed.  With QTTT_CHECK_FULL set
# (make check-full, which .ci/run runs) it is 120,000 games (10 MB,
# more than LIMIT), which also catches 10 to 21 bytes kept per game.
# Sanitizers reserve terabytes of address space, so under SANITIZE=1
# (QTTT_SANITIZE set) this only says it is skipped.
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/tests/limits
limit=${QTTT_LIMIT_KIB:-8192}
peak=${QTTT_PEAK_KIB:-4096}
if [ -n "$QTTT_SANITIZE" ]; then
	echo "limits: skipped under sanitizers"
	exit 0
fi
if ! (ulimit -v "$limit") 2>/dev/null; then
	echo "limits: skipped, ulimit -v does not work here"
	exit 0
fi
. "$top/tests/lib.sh"
suite_begin limits

${CC:-cc} -O2 -o "$out/peakrss" "$top/tests/bench/peakrss.c" || exit 1

SMALL=$out/small.qttt
LARGE=$out/large.qttt
nlarge=60000
[ -n "$QTTT_CHECK_FULL" ] && [ "$QTTT_CHECK_FULL" != 0 ] && nlarge=120000
LONGLINE=$out/longline.qttt
NOISE=$out/noise.bin
NONEWLINE=$out/nonewline.qttt
BIGDOCS=$out/bigdocs.yaml
DEEP=$out/deep.yaml
LAUGHS=$out/laughs.yaml
WORDY=$out/wordy.qttt
SCALARS=$out/scalars.yaml
BREAKS=$out/breaks.yaml
FULL=$out/full
PARENS=$out/parens.qttt
VARIATIONS=$out/variations.qttt
DEEPVARS=$out/deepvars.json
export LONGLINE NOISE NONEWLINE BIGDOCS DEEP LAUGHS WORDY SCALARS BREAKS FULL
export PARENS VARIATIONS DEEPVARS
ln -s /dev/full "$FULL" &&
    qttt-generate -u -n 10000 -s 21 >"$SMALL" &&
    qttt-generate -u -n $nlarge -s 22 >"$LARGE" &&
    for f in yaml json goff; do
	qttt-convert -q -T $f "$SMALL" >"$SMALL.$f" &&
	qttt-convert -q -T $f "$LARGE" >"$LARGE.$f" || exit 1
    done &&
    qttt-replay "$SMALL" >"$SMALL.state" &&
    qttt-replay "$LARGE" >"$LARGE.state" &&
    { echo 'X1 a1 b1'; head -c 100000000 /dev/zero | tr '\0' x;
      printf '\nX1 a1 b1\n'; } >"$LONGLINE" &&
    awk 'BEGIN { x = 7; for (i = 0; i < 65536; i++) {
	x = (x * 1103515245 + 12345) % 2147483648
	printf "%c", int(x / 65536) % 256 } }' >"$out/noise64k" &&
    for i in 1 2 3 4 5 6 7 8; do cat "$out/noise64k" "$out/noise64k" \
	"$out/noise64k" "$out/noise64k" "$out/noise64k" "$out/noise64k"
    done >"$out/noise3m" &&
    for i in 1 2 3 4 5 6 7 8 9 10; do cat "$out/noise3m"; done >"$NOISE" &&
    head -c 30000000 /dev/zero | tr '\0' ';' >"$NONEWLINE" &&
    awk 'BEGIN { for (d = 0; d < 16; d++) { print "---"; print "moves: []"
	for (i = 0; i < 25000; i++)
	    printf "# line %05d of a document that goes on and on\n", i
	print "event: late" } }' >"$BIGDOCS" &&
    awk 'BEGIN { for (l = 0; l < 1000; l++) { printf "---\nmoves: "
	for (i = 0; i < 10000; i++) printf "["; print "" } }' >"$DEEP" &&
    awk 'BEGIN { print "a: &a [x, x, x, x, x, x, x, x, x]"
	for (i = 98; i < 106; i++) { printf "%c: &%c [", i, i
	    for (j = 0; j < 9; j++) printf "*%c%s", i - 1, j < 8 ? ", " : ""
	    print "]" }
	print "moves: [*i]" }' >"$LAUGHS" &&
    awk 'BEGIN { for (i = 0; i < 30000; i++) { printf "X1 a1 b1"
	if (i % 3 == 0) for (j = 0; j < 20; j++) printf "; zz"
	print "" } }' >"$WORDY" &&
    awk 'BEGIN { split("|,\",", op, ","); split(",\",", cl, ",")
	for (d = 1; d <= 3; d++) {
	    print "---"; print "moves: []"; print "event: " op[d]
	    for (i = 0; i < 9000; i++) printf "  # %0100d\n", i
	    print "  " cl[d] } }' >"$SCALARS" &&
    awk 'BEGIN { print "---"; print "moves: []"; print "event: a"
	for (i = 0; i < 1040000; i++) print ""; print "  b" }' >"$BREAKS" &&
    awk 'BEGIN { for (l = 0; l < 20; l++) { printf "X1 a1 b1"
	for (i = 0; i < 5000; i++) printf " (X1 a1 b1"; print "" } }' \
	>"$PARENS" &&
    awk 'BEGIN { for (i = 0; i < 200000; i++)
	print "X1 a1 b1 (X1 a1 c1) (X1 b1 c1) (X1 a1 c2) (X1 b1 c2) " \
	    "(X1 c1 c2); O2 a2 b2" }' >"$VARIATIONS" &&
    qttt-convert -q -T yaml "$VARIATIONS" >"$VARIATIONS.yaml" &&
    qttt-convert -q -T json "$VARIATIONS" >"$VARIATIONS.json" &&
    awk 'BEGIN { for (d = 0; d < 20; d++) { print "{\"moves\":["
	for (i = 0; i < 50000; i++) print "{\"variations\":[[" } }' \
	>"$DEEPVARS" || {
	echo "limits: cannot make the inputs"
	exit 1
}

# measure COMMAND: runs it once under the limit, sets st and kib.
measure() {
	(ulimit -v "$limit" && exec "$out/peakrss" -o "$out/rss" \
	    sh -c "$1") >/dev/null 2>"$out/err"
	st=$?
	kib=$(cut -d' ' -f2 "$out/rss" 2>/dev/null)
}

# run STATUS COMMAND INPUT: runs under the limit, sets kib.  A
# resident peak counts the pages of the program's file that the kernel
# maps around each fault, which vary from run to run: qttt-render on
# $BREAKS peaked anywhere from 3,308 to 4,204 KiB, the same binary on
# the same input, while its heap (valgrind massif) was 1.43 MB each
# time.  A peak over the limit is measured twice more, and the lowest
# of the three is the tool's.
run() {
	INPUT=$3 YAML=$3.yaml JSON=$3.json GOFF=$3.goff STATE=$3.state
	export INPUT YAML JSON GOFF STATE
	measure "$2"
	for again in 1 2; do
		[ "$st" = "$1" ] && [ "${kib:-0}" -ge "$peak" ] || break
		low=$kib
		measure "$2"
		[ "${kib:-0}" -gt "$low" ] && kib=$low
	done
	if [ "$st" != "$1" ]; then
		echo "FAIL: $2 (INPUT=$(basename "$3")): exits $st, not $1," \
		    "under ulimit -v $limit"
		sed 's/^/	/' "$out/err" | cut -c1-200 | head -3
		return 1
	fi
	if [ "${kib:-0}" -ge "$peak" ]; then
		echo "FAIL: $2 (INPUT=$(basename "$3")): peak $kib KiB," \
		    "not under $peak"
		return 1
	fi
	return 0
}

while read -r want cmd; do
	case $want in
	''|'#'*) continue ;;
	esac
	case $cmd in
	*'$INPUT'*|*'$YAML'*|*'$JSON'*|*'$GOFF'*|*'$STATE'*)
		run "$want" "$cmd" "$SMALL" || { fail=$((fail + 1)); continue; }
		small=$kib
		run "$want" "$cmd" "$LARGE" || { fail=$((fail + 1)); continue; }
		# Allow 1 MiB for the allocator and the page cache of a
		# larger input file.
		if [ "$kib" -gt $((small + 1024)) ]; then
			echo "FAIL: $cmd: peak $small KiB on 10000 games," \
			    "$kib KiB on $nlarge"
			fail=$((fail + 1))
			continue
		fi
		echo "	$cmd: peak $small KiB on 10000 games," \
		    "$kib KiB on $nlarge" >>"$out/report"
		;;
	*)
		run "$want" "$cmd" "" || { fail=$((fail + 1)); continue; }
		echo "	$cmd: peak $kib KiB" >>"$out/report"
		;;
	esac
	pass=$((pass + 1))
done <"$here/commands"

# qttt-analyze: a game takes it milliseconds, so its inputs are 200
# and 2,000 games; its peak must not grow with them (its tables are
# made once, -m), on one thread and on two.  It holds more than the
# other tools, the solver's book of early positions (1 MiB) and its
# tables (1 MiB by default), and must peak under 5 MiB
# (qttt-analyze(1)).
peak=${QTTT_ANALYZE_PEAK_KIB:-5120}
head -n 2000 "$SMALL" >"$out/analyse-large.qttt" &&
    head -n 200 "$SMALL" >"$out/analyse-small.qttt" || exit 1
for cmd in 'qttt-analyze -s $INPUT' 'qttt-analyze -T json $INPUT' \
    'QTTT_THREADS=2 qttt-analyze -s $INPUT' \
    'QTTT_THREADS=2 qttt-analyze -T yaml $INPUT'; do
	run 0 "$cmd" "$out/analyse-small.qttt" ||
	    { fail=$((fail + 1)); continue; }
	small=$kib
	run 0 "$cmd" "$out/analyse-large.qttt" ||
	    { fail=$((fail + 1)); continue; }
	if [ "$kib" -gt $((small + 512)) ]; then
		echo "FAIL: $cmd: peak $small KiB on 200 games, $kib KiB" \
		    "on 2000"
		fail=$((fail + 1))
		continue
	fi
	echo "	$cmd: peak $small KiB on 200 games, $kib KiB on 2000" \
	    >>"$out/report"
	pass=$((pass + 1))
done

# qttt-analyze -p: its table, 16 MiB by default at depth 6, takes at
# most what -m gives it, with no solver's beside it: the count is the
# same, and the peak under the toolkit's target.
apeak=$peak
peak=${QTTT_PEAK_KIB:-4096}
cmd="qttt-analyze -m 1 -p 6 -S '.,.,./.,.,./.,.,. X1 - *'"
if run 0 "$cmd" "" &&
    [ "$(eval "$cmd" | tail -n 1)" = "perft 6: 2203891200" ]; then
	echo "	$cmd: peak $kib KiB" >>"$out/report"
	pass=$((pass + 1))
else
	echo "FAIL: $cmd: $(eval "$cmd" 2>&1 | tail -n 1)"
	fail=$((fail + 1))
fi

# qttt-match -o: 100,000 openings, its first three plies of each of
# 100,000 games, are held packed (about 14 bytes each where a game
# took 140: 13.3 MB in all), and the runner stays under its target of
# 8 MiB resident (README.md), engines included.  Its address space is
# allowed 12 MiB: it counts what the runner reserves and never
# touches (the judge's table, the openings' room to grow, the C
# library's mappings), and reached 8,200 KiB (VmPeak) where the peak
# resident was 4,528 KiB.
peak=8192
alimit=$limit
limit=${QTTT_MATCH_LIMIT_KIB:-12288}
qttt-generate -n 100000 -s 23 | cut -d';' -f1-3 >"$out/openings.qttt" ||
    exit 1
cmd="qttt-match -q -n 2 -O $out/openings.qttt 'qttt-engine -l random' \
'qttt-engine -l random' | qttt-validate -q"
if run 0 "$cmd" ""; then
	echo "	qttt-match -O with 100000 openings: peak $kib KiB" \
	    >>"$out/report"
	pass=$((pass + 1))
else
	fail=$((fail + 1))
fi
peak=$apeak
limit=$alimit

cat "$out/report" 2>/dev/null
suite_end limits "ulimit -v $limit KiB, peaks under ${QTTT_PEAK_KIB:-4096}\
 KiB, qttt-analyze under $peak KiB"
