#!/bin/sh
# qttt-match with real engine processes.  Three figures, with targets:
#
# 1. Two `qttt-engine -l random` processes, 10,000 games, -j 2, every
#    action judged by perfect play as by default: at least 2,000 games
#    a second.  Beside it, in the same run and taking turns with it
#    three times (the fastest of each kept, since the machine is
#    shared): the same match without the marks (-M), at most 1.5 times
#    the floor; and the floor, the same number of line exchanges (one
#    for each action) between two trivial processes over pipes, two
#    pairs at once (tests/bench/pingpong.c).  With each match,
#    qttt-match's own CPU time an action (not its engines'), from /proc
#    (tests/bench/procstat.c): without the marks at most 1.5 times the
#    CPU the floor's two processes spend together on one exchange.  A
#    relay between engines that answer at once spends about what they
#    do, so its share of the wall time says nothing of its cost (about
#    half here); CPU an action against the floor's does.
# 2. `qttt-engine` (perfect play) against itself, 1,000 games: every
#    game ends 1-1/2, at least 200 games a second.
# 3. The runner's own peak memory on a 100,000-game match of random
#    engines, every action judged: at most 8 MiB, flat in the number
#    of games (beside it, the peak on 10,000 games).
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

# 1. Random engines, 10,000 games on two jobs, with the marks and
# without, and the floor, taking turns.
best_marks=
best_bare=
floor=
for round in 1 2 3; do
	run "$data/random-marks.qttt" qttt-match -q -j 2 -n 10000 \
	    "$RANDOM_ENGINE" "$RANDOM_ENGINE"
	if [ -z "$best_marks" ] || bench_le "$wall" "$best_marks"; then
		best_marks=$wall
		marks_own=$own
	fi
	run "$data/random.qttt" qttt-match -q -M -j 2 -n 10000 \
	    "$RANDOM_ENGINE" "$RANDOM_ENGINE"
	if [ -z "$best_bare" ] || bench_le "$wall" "$best_bare"; then
		best_bare=$wall
		bare_own=$own
	fi
	cmp -s "$data/random.qttt" "$data/random-marks.qttt" ||
	    { echo "the records differ with the marks"; status=1; }
	# One exchange (position and go, then bestaction) per action.
	plies=$(awk -F';' '{ n += NF - 1 } END { print n }' \
	    "$data/random.qttt")
	"$data/procstat" -o "$data/floor" "$data/pingpong" -j 2 "$plies" ||
	    { echo "pingpong failed"; status=1; }
	read -r w _ _ c <"$data/floor"
	if [ -z "$floor" ] || bench_le "$w" "$floor"; then
		floor=$w
		floor_cpu=$c
	fi
done
games=$(wc -l <"$data/random.qttt")
rate=$(awk -v g="$games" -v w="$best_marks" 'BEGIN { printf "%.0f", g / w }')
bare=$(awk -v g="$games" -v w="$best_bare" 'BEGIN { printf "%.0f", g / w }')
# figures OWN WALL: qttt-match's own CPU an action, and its share of WALL.
figures()
{
	awk -v o="$1" -v w="$2" -v p="$plies" 'BEGIN { printf "own CPU" \
	    " %s s, %.2f us an action, %.1f%% of the wall time", o,
	    1e6 * o / p, 100 * o / w }'
}
echo "random vs random, $games games, $plies actions, two jobs" \
    "(the fastest of three runs each):"
echo "  every action judged (the default): $best_marks s, $rate games/s" \
    "(target >= 2000), $(bench_ratio "$best_marks" "$floor") times the" \
    "floor; $(figures "$marks_own" "$best_marks")"
echo "  without the marks (-M): $best_bare s, $bare games/s," \
    "$(bench_ratio "$best_bare" "$floor") times the floor (target <=" \
    "1.5); $(figures "$bare_own" "$best_bare"), $(bench_ratio \
    "$bare_own" "$floor_cpu") times the floor's CPU (target <= 1.5)"
echo "  the floor, $plies line exchanges between two trivial processes," \
    "two pairs at once: $floor s, CPU $floor_cpu s," \
    "$(awk -v c="$floor_cpu" -v p="$plies" \
    'BEGIN { printf "%.2f", 1e6 * c / p }') us an exchange"
if ! bench_le 2000 "$rate"; then
	echo "MISSED: $rate games a second with the marks"
	status=1
fi
if ! bench_le "$best_bare" "$(awk -v f="$floor" 'BEGIN { print 1.5 * f }')"
then
	echo "MISSED: without the marks, $(bench_ratio "$best_bare" \
	    "$floor") times the floor"
	status=1
fi
if ! bench_le "$bare_own" "$(awk -v f="$floor_cpu" \
    'BEGIN { print 1.5 * f }')"; then
	echo "MISSED: qttt-match's own CPU is $(bench_ratio "$bare_own" \
	    "$floor_cpu") times the floor's"
	status=1
fi

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

# 3. The runner's memory on 100,000 games, and on 10,000, with the marks.
run "$data/long.qttt" qttt-match -q -j 2 -n 10000 "$RANDOM_ENGINE" \
    "$RANDOM_ENGINE"
small=$kib
run "$data/long.qttt" qttt-match -q -j 2 -n 100000 "$RANDOM_ENGINE" \
    "$RANDOM_ENGINE"
echo "qttt-match's own peak: ${kib} KiB on 100,000 games (target <= 8192)," \
    "${small} KiB on 10,000; $wall s"
if ! bench_le "$kib" 8192; then
	echo "MISSED: qttt-match takes ${kib} KiB"
	status=1
fi
rm -f "$data/long.qttt"
exit $status
