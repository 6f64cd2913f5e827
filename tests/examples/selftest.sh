#!/bin/sh
# tests/examples/run.sh on pages made for it (tests/examples/fixtures):
# it must find each example, pass those that print what they show, and
# fail those that do not: a command whose output drifted, and a
# conversation whose answer comes before the message it answers.
top=$(cd "$(dirname "$0")/../.." && pwd)
f=tests/examples/fixtures
got=$(cd "$top" && sh tests/examples/run.sh $f/shown.md $f/shown.7 \
    $f/drift.md 2>&1)
rm -rf $(printf '%s\n' "$got" | sed -n 's/^examples: files kept in //p')
want="FAIL: $f/drift.md:3: \$ echo 'X1 a1 b1' | qttt-validate -p"
want2="FAIL: $f/drift.md:8: \$ printf '%s\\n' 'position start' | qttt-engine | tail -n +1"
if printf '%s\n' "$got" | grep -q -x -F "$want" &&
    printf '%s\n' "$got" | grep -q -x -F "$want2" &&
    printf '%s\n' "$got" | grep -q -x 'examples: 5 passed, 2 failed (0 skipped)'; then
	echo "examples selftest: passed"
	exit 0
fi
echo "examples selftest: failed; tests/examples/run.sh printed:"
printf '%s\n' "$got" | sed 's/^/	/'
exit 1
