#!/bin/sh
# Exact counting (formats/counting.md) from the empty board, as the
# README shows it: qttt-analyze -p 6 and -c.  The counts must be the
# published ones (perft 6: 2,203,891,200; the complete games:
# 18,227,289,232,224).  Targets: perft 6 in at most 10 s of CPU, and
# the complete games, by result and length, in at most 300 s of CPU and
# 2 GiB of peak RSS, on one core.  Times are CPU times (peakrss -c),
# which a shared machine disturbs less than wall times.
. "$(cd "$(dirname "$0")" && pwd)/common.sh"

empty='.,.,./.,.,./.,.,. X1 - *'
status=0

# count WHAT WANT OPTION...: runs qttt-analyze OPTION... from the empty
# board, shows its output, and checks that the line starting with WHAT
# ends in WANT; sets cpu and kib.
count()
{
	_what=$1
	_want=$2
	shift 2
	"$data/peakrss" -c -o "$data/figures" qttt-analyze "$@" -S "$empty" \
	    > "$data/count.out" || { echo "qttt-analyze $* failed"; status=1; }
	cat "$data/count.out"
	read -r _w kib cpu < "$data/figures"
	if [ "$(sed -n "s/^$_what: //p" "$data/count.out")" != "$_want" ]; then
		echo "WRONG: $_what is not $_want"
		status=1
	fi
}

count "perft 6" 2203891200 -p 6
echo "perft 6: ${cpu} s CPU (target <= 10), peak RSS ${kib} KiB"
if ! bench_le "$cpu" 10; then
	echo "MISSED: perft 6 took ${cpu} s"
	status=1
fi

count "complete games" 18227289232224 -c
echo "complete games: ${cpu} s CPU (target <= 300), peak RSS ${kib} KiB" \
    "(target <= 2097152)"
if ! bench_le "$cpu" 300; then
	echo "MISSED: the complete games took ${cpu} s"
	status=1
fi
if [ "$kib" -gt 2097152 ]; then
	echo "MISSED: peak RSS ${kib} KiB is over 2 GiB"
	status=1
fi
exit $status
