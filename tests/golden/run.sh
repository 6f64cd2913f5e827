#!/bin/sh
# Golden tests for the tools.  Each directory tests/golden/NAME/ holds
#	cmd	a shell command, run in that directory with the tools on PATH
#	stdout	what it must print on standard output (absent: nothing)
#	stderr	what it must print on standard error (absent: nothing)
#	status	its exit status (absent: 0)
# Any other file there is input for the command.
# QTTT_GOLDEN_UPDATE=1 writes the expected files from what the tools
# print now: read the diff before committing it.
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${QTTT_GOLDEN_OUT:-$top/tests/out/golden}
rm -rf "$out"
mkdir -p "$out"
# QTTT_TOOLS, QTTT_GOLDEN_OUT: another directory of the tools, and of
# their output (tests/valgrind.sh); QTTT_GOLDEN_SKIP: names of tests
# to leave out there; QTTT_GOLDEN_SHARD=K/N: only the Kth test of every
# N (1 to N), so that N runs at once share the tests out.
PATH=${QTTT_TOOLS:-$top/cmd}:$PATH
export PATH
LC_ALL=C
export LC_ALL
shard=${QTTT_GOLDEN_SHARD:-1/1}
pass=0
fail=0
i=0
for dir in "$top"/tests/golden/*/; do
	name=$(basename "$dir")
	[ -f "$dir/cmd" ] || continue
	case " $QTTT_GOLDEN_SKIP " in
	*" $name "*) continue ;;
	esac
	i=$((i + 1))
	[ $(((i - 1) % ${shard#*/} + 1)) = "${shard%/*}" ] || continue
	(cd "$dir" && sh ./cmd >"$out/$name.stdout" 2>"$out/$name.stderr"
	    echo $? >"$out/$name.status")
	ok=1
	for f in stdout stderr status; do
		want=$dir/$f
		if [ ! -f "$want" ]; then
			case $f in
			status)	want=$out/zero ; echo 0 >"$want" ;;
			*)	want=/dev/null ;;
			esac
		fi
		if [ -n "$QTTT_GOLDEN_UPDATE" ]; then
			if [ -s "$out/$name.$f" ] && ! { [ $f = status ] &&
			    [ "$(cat "$out/$name.$f")" = 0 ]; }; then
				cp "$out/$name.$f" "$dir/$f"
			else
				rm -f "$dir/$f"
			fi
			continue
		fi
		if ! cmp -s "$want" "$out/$name.$f"; then
			[ $ok = 1 ] && echo "FAIL: $name"
			ok=0
			diff -u "$want" "$out/$name.$f" | sed 's/^/	/' | head -20
		fi
	done
	if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "golden: $pass passed, $fail failed"
[ $fail = 0 ]
