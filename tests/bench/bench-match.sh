#!/bin/sh
# qttt-match with real engine processes.  Three figures, with targets:
#
# 1. Two `qttt-engine -l random` processes, 10,000 games, -j 2: at
#    least 2,000 games a second.  Beside it, the floor measured in the
#    same run: the same number of line exchanges (one for each action)
#    between two trivial processes over pipes, two pairs at once
#    (tests/bench/pingpong.c); and qttt-match's own CPU time a game
#    (not its engines'), from /proc (tests/bench/procstat.c), with its
#    share of the wall time a game, at most 5%.  The marks of the moves
#    are left out (-M): judging is the solver's work, and has its own
#    benchmark (bench-analyze.sh); the same match with them follows,
#    for the record.
# 2. `qttt-engine` (perfect play) against itself, 1,000 games: every
#    game ends 1-1/2, at least 200 games a second.
# 3. The runner's own peak memory on a 100,000-game match of random
#    engines: at most 8 MiB, flat in the number of games (beside it,
#    the peak on 10,000 games).
. "$(cd "$(dirname "$0")" && pwd)/common.sh"

for t in procstat pingpong; do
	if [ ! -x "$data/$t" ] || [ "$bench/$t.c" -nt "$data/$t" ]; then
		${CC:-cc} -O2 -o "$data/$t" "$bench/$t.c" || exit 2
	fi
done
status=0
RANDOM_ENGINE="qttt-engine -l random"

# run FILE COMMAND...: runs qttt-match under procstat, the records to
# FILE; sets wall, own (CPU s), kib, kids (CPU s).
run()
{
	_f=$1
	shift
	"$data/procstat" -o "$data/figures" "$@" >"$_f" ||
	    { echo "failed: $*"; status=1; }
	read -r wall own kib kids <"$data/figures"
}

# 1. Random engines, 10,000 games on two jobs.
run "$data/random.qttt" qttt-match -q -M -j 2 -n 10000 "$RANDOM_ENGINE" \
    "$RANDOM_ENGINE"
games=$(wc -l <"$data/random.qttt")
# One exchange (position and go, then bestaction) per action.
plies=$(awk -F';' '{ n += NF - 1 } END { print n }' "$data/random.qttt")
"$data/peakrss" -o "$data/floor" "$data/pingpong" -j 2 "$plies" ||
    { echo "pingpong failed"; status=1; }
read -r floor _ <"$data/floor"
rate=$(awk -v g="$games" -v w="$wall" 'BEGIN { printf "%.0f", g / w }')
echo "random vs random: $games games, $plies actions in $wall s:" \
    "$rate games/s (target >= 2000)"
echo "the floor, $plies line exchanges between two trivial processes," \
    "two pairs at once: $floor s; qttt-match takes $(bench_ratio "$wall" \
    "$floor") times it"
share=$(awk -v o="$own" -v w="$wall" 'BEGIN { printf "%.1f", 100 * o / w }')
echo "qttt-match's own CPU: $own s, $(awk -v o="$own" -v g="$games" \
    'BEGIN { printf "%.1f", 1e6 * o / g }') us a game, $share% of the" \
    "wall time (target <= 5%); its engines' CPU $kids s; peak ${kib} KiB"
if ! bench_le 2000 "$rate"; then
	echo "MISSED: $rate games a second"
	status=1
fi
if ! bench_le "$share" 5; then
	echo "MISSED: qttt-match's own CPU is $share% of the wall time"
	status=1
fi
run "$data/random-marks.qttt" qttt-match -q -j 2 -n 10000 \
    "$RANDOM_ENGINE" "$RANDOM_ENGINE"
cmp -s "$data/random.qttt" "$data/random-marks.qttt" ||
    { echo "the records differ with the marks"; status=1; }
echo "the same with each move judged by perfect play: $wall s," \
    "qttt-match's own CPU $own s, peak ${kib} KiB"

# 2. Perfect play against itself.
run "$data/perfect.qttt" qttt-match -q -M -j 2 -n 1000 qttt-engine \
    qttt-engine
games=$(wc -l <"$data/perfect.qttt")
other=$(grep -cv ' 1-1/2$' "$data/perfect.qttt")
rate=$(awk -v g="$games" -v w="$wall" 'BEGIN { printf "%.0f", g / w }')
echo "perfect vs perfect: $games games in $wall s: $rate games/s" \
    "(target >= 200), $other not 1-1/2 (target 0)"
if [ "$other" != 0 ] || [ "$games" != 1000 ]; then
	echo "MISSED: $other games of perfect play not 1-1/2"
	status=1
fi
if ! bench_le 200 "$rate"; then
	echo "MISSED: $rate games a second"
	status=1
fi

# 3. The runner's memory on 100,000 games, and on 10,000.
run "$data/long.qttt" qttt-match -q -M -j 2 -n 10000 "$RANDOM_ENGINE" \
    "$RANDOM_ENGINE"
small=$kib
run "$data/long.qttt" qttt-match -q -M -j 2 -n 100000 "$RANDOM_ENGINE" \
    "$RANDOM_ENGINE"
echo "qttt-match's own peak: ${kib} KiB on 100,000 games (target <= 8192)," \
    "${small} KiB on 10,000; $wall s"
if ! bench_le "$kib" 8192; then
	echo "MISSED: qttt-match takes ${kib} KiB"
	status=1
fi
rm -f "$data/long.qttt"
exit $status
