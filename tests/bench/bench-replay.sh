#!/bin/sh
# qttt-replay on generated games.  Targets: on 1,000,000 games, the
# final states as JSON Lines (-T json) take at most 20 times the wall
# time of wc -l on the same file, measured in the same run (the fastest
# of five runs of each); peak RSS under 4 MiB for 10,000 and for
# 1,000,000 games (it must not grow with the input).  The tool uses
# every processor (QTTT_THREADS unset); one thread and the other
# outputs are timed too, for the record, with no target.
. "$(cd "$(dirname "$0")" && pwd)/common.sh"

small=$(bench_data 10000)
large=$(bench_data 1000000)
status=0

bench_against_wc "$large" qttt-replay -T json ||
    { echo "qttt-replay -T json failed"; status=1; }
j_wall=$tool_wall
j_large=$tool_kib
bench_run 1 qttt-replay -T json "$small" ||
    { echo "qttt-replay -T json failed"; status=1; }
j_small=$bench_kib
bench_run 3 qttt-replay "$large" || { echo "qttt-replay failed"; status=1; }
s_wall=$bench_wall
bench_run 3 qttt-replay -a "$large" ||
    { echo "qttt-replay -a failed"; status=1; }
a_wall=$bench_wall

ratio=$(bench_ratio "$j_wall" "$wc_wall")
echo "1000000 games: qttt-replay -T json ${j_wall} s, wc -l ${wc_wall} s:" \
    "ratio ${ratio} (target <= 20)"
echo "peak RSS: ${j_small} KiB for 10000 games, ${j_large} KiB for" \
    "1000000 games (target < 4096 KiB each)"
echo "for the record: -T json on one thread ${one_wall} s" \
    "(ratio $(bench_ratio "$one_wall" "$wc_wall")), state strings ${s_wall} s" \
    "(ratio $(bench_ratio "$s_wall" "$wc_wall")), every state (-a)" \
    "${a_wall} s (ratio $(bench_ratio "$a_wall" "$wc_wall"))"
if ! bench_le "$ratio" 20; then
	echo "MISSED: qttt-replay -T json is ${ratio} times slower than wc -l"
	status=1
fi
for k in "$j_small" "$j_large"; do
	if [ "$k" -ge 4096 ]; then
		echo "MISSED: peak RSS ${k} KiB is 4 MiB or more"
		status=1
	fi
done
exit $status
