#!/bin/sh
# Instructions executed, as callgrind counts them (valgrind(1)), by
# qttt-validate and qttt-replay -T json on one thread (QTTT_THREADS=1)
# on 100,000 generated games (qttt-generate -n 100000 -s 1).  Unlike a
# wall time, the count does not depend on what else the machine runs,
# so two builds can be compared on any machine.  For the record: at
# commit 9157178 they were 272M and 442M, at c061023 256.9M and 412.9M,
# and 198.8M and 337.8M once the engine's hot path, the canonical line
# reader and the JSON writer were reworked (206.5M and 344.2M on
# 2026-12-01, once the readers kept comments and metadata).  And
# qttt-analyze -s on the first 100 of those games: 2,646M instructions
# before the solver was reworked for issue 11's speed (d86dcae), 747M
# after.  And qttt-match's own instructions on 1,000 games of random
# engines with the marks and without, and what the marks cost an
# action: 655,700 when each action was judged with qttt_judge_ply(),
# 30,650 from the values along the game (qttt_judge_marks()).  No
# target; without valgrind the figures are left out.
. "$(cd "$(dirname "$0")" && pwd)/common.sh"

if ! command -v valgrind > /dev/null 2>&1; then
	echo "no valgrind: no instruction counts"
	exit 0
fi
games=$(bench_data 100000 -s 1) || exit 2
status=0

few=$data/first-100-of-100000s1.qttt
head -n 100 "$games" > "$few" || exit 2

# bench_instr CMD ...: prints the instructions CMD executes on $games
# ($input if set).
bench_instr()
{
	_out=$data/callgrind.out
	QTTT_THREADS=1 valgrind --tool=callgrind --callgrind-out-file="$_out" \
	    "$@" "${input:-$games}" > /dev/null 2> "$data/callgrind.err"
	_st=$?
	sed -n 's/^==[0-9]*== Collected : //p' "$data/callgrind.err"
	rm -f "$_out" "$data/callgrind.err"
	return $_st
}

v=$(bench_instr qttt-validate) || { echo "qttt-validate failed"; status=1; }
j=$(bench_instr qttt-replay -T json) ||
    { echo "qttt-replay -T json failed"; status=1; }
a=$(input=$few bench_instr qttt-analyze -s) ||
    { echo "qttt-analyze -s failed"; status=1; }
# The annotated records, YAML and the line notation with the best lines
# (-T line), on those 100 games and on 100 of perfect play, which have
# no mistake and so no best line.  Before the best lines (0b790d4),
# -T yaml took 756.5M and 406.1M instructions, -T report 742.4M and
# 387.9M, and -s 735.6M on the 100 games.
perfect=$data/perfect-100.qttt
qttt-match -q -n 100 -j 1 -w "$perfect" "qttt-engine -l perfect" \
    "qttt-engine -l perfect" > /dev/null 2>&1 || status=1
ay=$(input=$few bench_instr qttt-analyze -T yaml) ||
    { echo "qttt-analyze -T yaml failed"; status=1; }
al=$(input=$few bench_instr qttt-analyze -T line) ||
    { echo "qttt-analyze -T line failed"; status=1; }
py=$(input=$perfect bench_instr qttt-analyze -T yaml) ||
    { echo "qttt-analyze -T yaml failed"; status=1; }
pl=$(input=$perfect bench_instr qttt-analyze -T line) ||
    { echo "qttt-analyze -T line failed"; status=1; }
rm -f "$perfect"
echo "100000 games, one thread: qttt-validate $v instructions," \
    "qttt-replay -T json $j"
echo "100 of them: qttt-analyze -s $a instructions, -T yaml $ay," \
    "-T line $al"
echo "100 games of perfect play: qttt-analyze -T yaml $py, -T line $pl"

# match_instr FILE OPTION...: the instructions of qttt-match OPTION...
# on 1,000 games of two random engines on two jobs (its own: callgrind
# does not follow the engines), the records to FILE.
match_instr()
{
	_f=$1
	shift
	valgrind --tool=callgrind --callgrind-out-file="$data/callgrind.out" \
	    qttt-match -q "$@" -j 2 -n 1000 "qttt-engine -l random" \
	    "qttt-engine -l random" > "$_f" 2> "$data/callgrind.err"
	_st=$?
	sed -n 's/^==[0-9]*== Collected : //p' "$data/callgrind.err"
	rm -f "$data/callgrind.out" "$data/callgrind.err"
	return $_st
}

m=$(match_instr "$data/instr-marks.qttt") ||
    { echo "qttt-match failed"; status=1; }
b=$(match_instr "$data/instr-bare.qttt" -M) ||
    { echo "qttt-match -M failed"; status=1; }
n=$(awk -F';' '{ n += NF - 1 } END { print n }' "$data/instr-bare.qttt")
echo "qttt-match, 1000 games of random engines, $n actions: $m" \
    "instructions with the marks, $b without (-M): the marks" \
    "$(awk -v m="$m" -v b="$b" -v n="$n" \
    'BEGIN { gsub(/,/, "", m); gsub(/,/, "", b); printf "%.0f", (m - b) / n }')" \
    "an action"
rm -f "$data/instr-marks.qttt" "$data/instr-bare.qttt"
exit $status
