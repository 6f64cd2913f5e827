#!/bin/sh
# Runs each fuzz harness named (line, rules, ...), built without
# libFuzzer as tests/out/regress/fuzz_NAME, once over its seed corpus
# and its kept crash inputs: every input that ever crashed stays fixed.
top=$(cd "$(dirname "$0")/../.." && pwd)
pass=0
fail=0
for name in "$@"; do
	set --
	for d in corpus crashes; do
		[ -d "$top/tests/fuzz/$d/$name" ] &&
		    set -- "$@" "$top/tests/fuzz/$d/$name"
	done
	if "$top/tests/out/regress/fuzz_$name" "$@" >/dev/null; then
		pass=$((pass + 1))
	else
		echo "FAIL: fuzz_$name (inputs in $*)"
		fail=$((fail + 1))
	fi
done
echo "fuzz regress: $pass passed, $fail failed"
[ $fail = 0 ]
