#!/bin/sh
# qttt-validate on generated games.  Targets: on 1,000,000 games, wall
# time at most 5 times that of wc -l on the same file, measured in the
# same run (the fastest of five runs of each, taken in turn); peak RSS
# under 4 MiB for 10,000 and for 1,000,000 games (memory must not grow
# with the input).  The tool uses every processor (QTTT_THREADS unset);
# its time on one thread is shown too, for the record.
. "$(cd "$(dirname "$0")" && pwd)/common.sh"

small=$(bench_data 10000) || exit 2
large=$(bench_data 1000000) || exit 2
status=0

bench_against_wc "$large" qttt-validate ||
    { echo "qttt-validate failed"; status=1; }
v_wall=$tool_wall
v_large=$tool_kib
bench_run 1 qttt-validate "$small" || { echo "qttt-validate failed"; status=1; }
v_small=$bench_kib

ratio=$(bench_ratio "$v_wall" "$wc_wall")
echo "1000000 games: qttt-validate ${v_wall} s, wc -l ${wc_wall} s:" \
    "ratio ${ratio} (target <= 5)"
echo "for the record: on one thread ${one_wall} s" \
    "(ratio $(bench_ratio "$one_wall" "$wc_wall"))"
echo "peak RSS: ${v_small} KiB for 10000 games, ${v_large} KiB for" \
    "1000000 games (target < 4096 KiB each)"
if ! bench_le "$ratio" 5; then
	echo "MISSED: qttt-validate is ${ratio} times slower than wc -l"
	status=1
fi
for k in "$v_small" "$v_large"; do
	if [ "$k" -ge 4096 ]; then
		echo "MISSED: peak RSS ${k} KiB is 4 MiB or more"
		status=1
	fi
done
exit $status
