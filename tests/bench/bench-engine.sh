#!/bin/sh
# qttt-engine's answer at the empty board under each preset: the CPU
# time of a fresh process (its start included) that sets the profile
# and answers 'go movetime 100', with the value it gives.  Target: at
# most 0.1 s each, the time asked.  The solver's book holds each
# preset's early positions (lib/analysis/solve_book.c, make book);
# before it held Goff's alone, and the other presets took 0.22 to 0.39
# s (goff-tie 0.23, complete-win 0.23, ksmanis 0.38, typescript 0.39,
# typescript-2 0.34, python 0.39, flash 0.22, cpp-solver 0.38; goff
# 0.00), over the time asked: the search did not look at the clock.
. "$(cd "$(dirname "$0")" && pwd)/common.sh"

if [ ! -x "$data/procstat" ] || [ "$bench/procstat.c" -nt "$data/procstat" ]
then
	${CC:-cc} -O2 -o "$data/procstat" "$bench/procstat.c" || exit 2
fi
status=0
for p in goff goff-tie complete-win ksmanis typescript typescript-2 \
    python flash cpp-solver; do
	printf '%s\n' "setoption name Rules value $p" 'position start' \
	    'go movetime 100' | "$data/procstat" -o "$data/figures" \
	    qttt-engine >"$data/engine.out" || status=1
	read -r wall own kib kids <"$data/figures"
	echo "$p: CPU ${own} s, $(sed -n 's/^info value //p' \
	    "$data/engine.out"), $(sed -n 's/^bestaction //p' \
	    "$data/engine.out") (target <= 0.1 s)"
	if ! bench_le "$own" 0.1; then
		echo "MISSED: $p takes ${own} s"
		status=1
	fi
done
exit $status
