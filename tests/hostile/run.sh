#!/bin/sh
# Hostile inputs.  Every tests/hostile/*.cases file is a table of
# malformed records (and a few odd but valid ones), each with the exit
# status the tool must give and its first diagnostic:
#
#	command qttt-validate -f line -
#	INPUT <tab> STATUS <tab> LINE:COL <tab> CODE
#
# The command line sets the tool for the cases after it; it reads the
# input on standard input, or from a file where it has {}.  INPUT is
# one line with the escapes \n \r \t \\ and \xHH, or @FILE for a file
# beside this script.  LINE:COL and CODE are those of the first line
# "file:LINE:COL: error: message [CODE]" on standard error, or
# "-" and "-" when standard error must be empty.  Every case must also
# finish within a time limit and write no control characters to
# standard error.  The limit only catches a hang: the slowest case
# takes under a second, some seconds under the sanitizers on a busy
# machine; tests/scaling catches a tool that is slow.  The huge inputs
# (100 MB lines, alias bombs, binary noise) are generated here at test
# time, see generated() below.
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/tests/hostile
. "$top/tests/lib.sh"
suite_begin hostile
tab=$(printf '\t')
limit=
command -v timeout >/dev/null 2>&1 && limit="timeout 600"

# check NAME STATUS POS CODE INPUT COMMAND: runs one case.
check() {
	name=$1 want_status=$2 want_pos=$3 want_code=$4 input=$5 cmd=$6
	case $cmd in
	*"{}"*)	run=$(printf '%s\n' "$cmd" | sed "s|{}|$input|g")
		$limit sh -c "$run" </dev/null >"$out/stdout" 2>"$out/stderr"
		;;
	*)	$limit sh -c "$cmd" <"$input" >"$out/stdout" 2>"$out/stderr"
		;;
	esac
	status=$?
	first=$(grep -m1 ': error: \|: warning: ' "$out/stderr")
	pos=- code=-
	if [ -s "$out/stderr" ]; then
		pos=$(printf '%s\n' "$first" |
		    sed -n 's/^[^:]*:\([0-9]*:[0-9]*\): [a-z]*: .*/\1/p')
		code=$(printf '%s\n' "$first" |
		    sed -n 's/.* \[\([a-z0-9-]*\)\]$/\1/p')
		[ -n "$pos" ] || pos=?
		[ -n "$code" ] || code=?
	fi
	why=
	[ "$status" = "$want_status" ] ||
	    why="status $status, not $want_status"
	[ "$pos $code" = "$want_pos $want_code" ] ||
	    why="$why${why:+; }diagnostic $pos $code, not $want_pos $want_code"
	if tr -d '\t\n' <"$out/stderr" | grep -q '[[:cntrl:]]'; then
		why="$why${why:+; }control characters on standard error"
	fi
	if [ -z "$why" ]; then
		pass=$((pass + 1))
		return
	fi
	fail=$((fail + 1))
	echo "FAIL: $name: $why"
	echo "	command: $cmd"
	head -3 "$out/stderr" | cut -c1-200 | sed 's/^/	/'
}

. "$here/plan.sh"

for f in "$here"/*.cases; do
	base=$(basename "$f" .cases)
	plan "$base" >"$out/$base.plan" || fail=$((fail + 1))
	while IFS=$tab read -r name st pos code input cmd; do
		check "$name" "$st" "$pos" "$code" "$input" "$cmd"
	done <"$out/$base.plan"
done

. "$here/generated.sh"

suite_end hostile
