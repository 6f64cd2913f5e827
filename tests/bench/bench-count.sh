#!/bin/sh
# Exact counting (formats/counting.md) from the empty board.  Targets:
# perft 6 in at most 10 s of CPU, and the complete games, by result and
# length, in at most 300 s of CPU and 2 GiB of peak RSS, on one core.
# Times are CPU times (clock(3)), which a shared machine disturbs less
# than wall times; the peak RSS comes from peakrss.
. "$(cd "$(dirname "$0")" && pwd)/common.sh"

count=$data/count
if [ ! -x "$count" ] || [ "$bench/count.c" -nt "$count" ] ||
    [ "$top/lib/libqttt.a" -nt "$count" ]; then
	${CC:-cc} -O2 -I"$top/lib" -o "$count" "$bench/count.c" \
	    "$top/lib/libqttt.a" -lyaml || exit 2
fi
status=0

cpu_of()	# the CPU seconds at the end of the line matching $1 in $2
{
	sed -n "s/^$1.* \([0-9.]*\) s CPU\$/\1/p" "$2"
}

"$data/peakrss" -o "$data/figures" "$count" perft 6 > "$data/perft.out" ||
    { echo "count perft failed"; status=1; }
cat "$data/perft.out"
read -r _w perft_kib < "$data/figures"
perft_cpu=$(cpu_of "perft 6:" "$data/perft.out")
echo "perft 6: ${perft_cpu} s CPU (target <= 10), peak RSS ${perft_kib} KiB"
if [ -z "$perft_cpu" ] || ! bench_le "$perft_cpu" 10; then
	echo "MISSED: perft 6 took ${perft_cpu} s"
	status=1
fi

"$data/peakrss" -o "$data/figures" "$count" games > "$data/games.out" ||
    { echo "count games failed"; status=1; }
cat "$data/games.out"
read -r games_wall games_kib < "$data/figures"
games_cpu=$(cpu_of "complete games:" "$data/games.out")
echo "complete games: ${games_cpu} s CPU (target <= 300), wall" \
    "${games_wall} s, peak RSS ${games_kib} KiB (target <= 2097152)"
if [ -z "$games_cpu" ] || ! bench_le "$games_cpu" 300; then
	echo "MISSED: the complete games took ${games_cpu} s"
	status=1
fi
if [ "$games_kib" -gt 2097152 ]; then
	echo "MISSED: peak RSS ${games_kib} KiB is over 2 GiB"
	status=1
fi
exit $status
