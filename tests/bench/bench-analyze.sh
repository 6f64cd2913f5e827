#!/bin/sh
# qttt-analyze on 10,000 generated games (qttt-generate -n 10000 -s 1),
# every ply judged, in user CPU time on one thread (QTTT_THREADS=1; the
# shell's times: children's user time), with its peak memory, which
# stays flat on a stream of games (the solvers' tables, -m, 1 MiB by
# default).  Target: at most 10 s.  Then the wall time on two threads
# against one, measured in the same run, for the record: on a machine
# with two idle processors it is about 0.5.
. "$(cd "$(dirname "$0")" && pwd)/common.sh"

games=$(bench_data 10000 -s 1)
status=0
t=$( ( QTTT_THREADS=1 "$data/peakrss" -o "$data/figures" qttt-analyze -s \
    "$games" > "$data/analyze.out" || echo "failed" >&2
    times ) | awk 'NR == 2 { split($1, a, /[ms]/); print a[1] * 60 + a[2] }')
read -r one kib < "$data/figures"
tail -1 "$data/analyze.out"
echo "qttt-analyze, 10000 games, every ply: user ${t} s (target <= 10)," \
    "peak ${kib} KiB"
QTTT_THREADS=2 "$data/peakrss" -o "$data/figures" qttt-analyze -s \
    "$games" > "$data/analyze2.out" || { echo "failed"; status=1; }
read -r two kib2 < "$data/figures"
cmp -s "$data/analyze.out" "$data/analyze2.out" ||
    { echo "qttt-analyze on two threads: not the same output"; status=1; }
echo "wall time on 1 thread ${one} s, on 2 threads ${two} s: ratio" \
    "$(bench_ratio "$two" "$one") (peak ${kib2} KiB)"
if ! bench_le "${t:-999}" 10; then
	echo "MISSED: analysing 10000 games takes ${t} s"
	status=1
fi
exit $status
