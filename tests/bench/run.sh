#!/bin/sh
# make bench: runs every tests/bench/bench-*.sh in turn.  Each prints
# its figures; wall times are quoted only as ratios measured in the same
# run, since the machine is shared.
top=$(cd "$(dirname "$0")/../.." && pwd)
status=0
for b in "$top"/tests/bench/bench-*.sh; do
	[ -f "$b" ] || continue
	echo "== $(basename "$b" .sh)"
	sh "$b" || status=1
done
exit $status
