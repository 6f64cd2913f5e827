#!/bin/sh
# The solver, on one thread, in user CPU time.  Targets: the empty
# board, its value and the value of every first move, in at most 0.5 s;
# the same under each preset and each switch alone with no book
# (formats/rules.md, "Values of the empty board"), in at most 2 s each;
# every position of 10,000 generated games (qttt-generate -n 10000),
# the value of every legal action, in at most 10 s.
. "$(cd "$(dirname "$0")" && pwd)/common.sh"

drv=$data/solve-bench
${CC:-cc} -O2 -I"$top/lib" -o "$drv" "$bench/solve-bench.c" \
    "$top/lib/libqttt.a" -lyaml -pthread || exit 2
games=$(bench_data 10000)
status=0

out=$("$drv" empty) || { echo "solve-bench empty failed"; status=1; }
echo "$out"
t=$(echo "$out" | awk '/^empty board user/ { print $4 }')
echo "empty board: user ${t} s (target <= 0.5)"
if ! bench_le "${t:-99}" 0.5; then
	echo "MISSED: the empty board takes ${t} s"
	status=1
fi

out=$("$drv" profiles) || { echo "solve-bench profiles failed"; status=1; }
echo "$out"
t=$(echo "$out" | awk '/^slowest profile user/ { print $4 }')
echo "empty board under each profile, no book: slowest user ${t} s" \
    "(target <= 2)"
if ! bench_le "${t:-99}" 2; then
	echo "MISSED: a profile's empty board takes ${t} s"
	status=1
fi

out=$("$drv" "$games") || { echo "solve-bench $games failed"; status=1; }
echo "$out"
t=$(echo "$out" | awk '/actions valued/ { print $NF }')
echo "10000 games, every ply: user ${t} s (target <= 10)"
if ! bench_le "${t:-999}" 10; then
	echo "MISSED: annotating 10000 games takes ${t} s"
	status=1
fi
exit $status
