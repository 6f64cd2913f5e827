#!/bin/sh
# qttt-analyze on 10,000 generated games (qttt-generate -n 10000 -s 1),
# every ply judged, in user CPU time on one core (the shell's times:
# children's user time), with its peak memory, which stays flat on a
# stream of games (the solver's one table, -m, 16 MiB by default).
# Target: at most 10 s.
. "$(cd "$(dirname "$0")" && pwd)/common.sh"

games=$(bench_data 10000 -s 1)
status=0
t=$( ( "$data/peakrss" -o "$data/figures" qttt-analyze -s "$games" \
    > "$data/analyze.out" || echo "failed" >&2
    times ) | awk 'NR == 2 { split($1, a, /[ms]/); print a[1] * 60 + a[2] }')
read -r wall kib < "$data/figures"
tail -1 "$data/analyze.out"
echo "qttt-analyze, 10000 games, every ply: user ${t} s (target <= 10)," \
    "peak ${kib} KiB"
if ! bench_le "${t:-999}" 10; then
	echo "MISSED: analysing 10000 games takes ${t} s"
	status=1
fi
exit $status
