#!/bin/sh
# tests/examples/run.sh on pages made for it (tests/examples/fixtures):
# it must find each example, pass those that print what they show, and
# fail the one that does not.
top=$(cd "$(dirname "$0")/../.." && pwd)
f=tests/examples/fixtures
got=$(cd "$top" && sh tests/examples/run.sh $f/shown.md $f/shown.7 \
    $f/drift.md 2>&1)
rm -rf $(echo "$got" | sed -n 's/^examples: files kept in //p')
want="FAIL: $f/drift.md:3: \$ echo 'X1 a1 b1' | qttt-validate -p"
if echo "$got" | grep -q -x -F "$want" &&
    echo "$got" | grep -q -x 'examples: 4 passed, 1 failed (0 skipped)'; then
	echo "examples selftest: passed"
	exit 0
fi
echo "examples selftest: failed; tests/examples/run.sh printed:"
echo "$got" | sed 's/^/	/'
exit 1
