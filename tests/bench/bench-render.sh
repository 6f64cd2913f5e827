#!/bin/sh
# qttt-render on a replay stream: 100,000 states (qttt-replay --all of
# generated games) drawn as SVG.  Prints diagrams per second and peak
# RSS, and checks that peak RSS does not grow with the number of states
# (10,000 against 100,000: at most 10% more, under 4 MiB).
. "$(cd "$(dirname "$0")" && pwd)/common.sh"

# A file of the first N states of the stream, made once.
bench_states()
{
	_s=$data/states-$1.txt
	if [ ! -s "$_s" ] || [ "$games" -nt "$_s" ] ||
	    [ "$top/cmd/qttt-replay" -nt "$_s" ]; then
		qttt-replay --all "$games" | head -n "$1" > "$_s.tmp"
		[ "$(wc -l < "$_s.tmp")" -eq "$1" ] || exit 2
		mv "$_s.tmp" "$_s" || exit 2
	fi
	echo "$_s"
}

games=$(bench_data 20000)
small=$(bench_states 10000)
large=$(bench_states 100000)
status=0

cat "$large" > /dev/null
bench_run 3 qttt-render -T svg "$large" ||
    { echo "qttt-render failed"; status=1; }
wall=$bench_wall
kib_large=$bench_kib
bytes=$(qttt-render -T svg "$large" | wc -c)
bench_run 1 qttt-render -T svg "$small" ||
    { echo "qttt-render failed"; status=1; }
kib_small=$bench_kib
bench_run 3 qttt-render "$large" ||
    { echo "qttt-render failed"; status=1; }
text_wall=$bench_wall

echo "100000 states to SVG: ${wall} s," \
    "$(bench_ratio 100000 "$wall") diagrams/s," \
    "$(bench_ratio "$bytes" 100000) bytes each"
echo "100000 states to text: ${text_wall} s," \
    "$(bench_ratio 100000 "$text_wall") diagrams/s"
echo "peak RSS: ${kib_small} KiB for 10000 states, ${kib_large} KiB for" \
    "100000 states (target: the same within 10%, under 4096 KiB)"
if ! bench_le "$kib_large" "$(awk -v k="$kib_small" \
    'BEGIN { print k * 1.1 }')"; then
	echo "MISSED: peak RSS grows with the number of states"
	status=1
fi
if [ "$kib_large" -ge 4096 ]; then
	echo "MISSED: peak RSS ${kib_large} KiB is 4 MiB or more"
	status=1
fi
exit $status
