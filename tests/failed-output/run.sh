#!/bin/sh
# Failed output: no tool may report success after losing output.  Each
# command of tests/failed-output/commands is run
#	- as is: it must exit 0, or 1 for a validator that found invalid
#	  games, and write something (else the test would prove nothing);
#	- with standard output on /dev/full and with standard output
#	  closed: it must exit neither 0 nor as it did before, with
#	  exactly one line on standard error, "tool: ..." naming the
#	  error;
#	- into a pipe whose reader exits after one byte (when it writes
#	  more than a pipe holds): it must die of SIGPIPE, as a filter
#	  does, or exit non-zero with that one line;
#	- the same with SIGPIPE ignored: it must exit non-zero with the
#	  one line saying "Broken pipe".
# Every tool in cmd/ must have a command there.
top=$(cd "$(dirname "$0")/../.." && pwd)
here=$top/tests/failed-output
. "$top/tests/lib.sh"
suite_begin failed-output

# The inputs.
GAMES=$out/games.qttt
UNFINISHED=$out/unfinished.qttt
BAD=$out/bad.qttt
SLOPPY=$out/sloppy.qttt
YAML=$out/games.yaml
STATES=$out/states.txt
QTP=$out/qtp.txt
export GAMES UNFINISHED BAD SLOPPY YAML STATES QTP
qttt-generate -n 5000 -s 11 >"$GAMES" &&
qttt-generate -u -n 5000 -s 12 >"$UNFINISHED" &&
    sed 's/; [^;]*$/; X1 a1 a1/' "$GAMES" >"$BAD" &&
    sed 's/; /;/g' "$GAMES" >"$SLOPPY" &&
    qttt-convert -T yaml "$GAMES" >"$YAML" &&
    qttt-replay -a "$UNFINISHED" 2>/dev/null | head -20000 >"$STATES" &&
    awk 'BEGIN { print "qtp"; for (i = 0; i < 15000; i++)
	print "newgame seed " i "\nposition start\ngo" }' >"$QTP" || {
	echo "failed-output: cannot make the inputs"
	exit 1
}

# bad NAME WHY: reports a failure.
bad() {
	echo "FAIL: $1: $2"
	sed 's/^/	/' "$out/err" | head -5
	fail=$((fail + 1))
}

# one_message NAME WHAT [TEXT]: standard error is one line from the
# tool, mentioning TEXT when given.
one_message() {
	# The tool: the first word after any VAR=value.
	tool=$(printf '%s\n' "$1" | sed 's/^\([A-Z_]*=[^ ]* \)*//; s/ .*//')
	if [ "$(wc -l <"$out/err")" != 1 ] ||
	    ! grep -q "^$tool: " "$out/err"; then
		bad "$1" "$2: not one message on standard error"
		return 1
	fi
	if [ -n "$3" ] && ! grep -q "$3" "$out/err"; then
		bad "$1" "$2: the message does not say '$3'"
		return 1
	fi
	return 0
}

# A status the shell reports for a death by SIGPIPE.
sigpipe=$((128 + $(kill -l PIPE 2>/dev/null || echo 13)))

while read -r cmd; do
	case $cmd in
	''|'#'*) continue ;;
	esac
	ok=1
	sh -c "$cmd" >"$out/stdout" 2>"$out/err"
	normal=$?
	size=$(wc -c <"$out/stdout")
	if [ $normal -gt 1 ] || [ "$size" = 0 ]; then
		bad "$cmd" "exits $normal and writes $size bytes when all is" \
		    "well"
		continue
	fi

	sh -c "$cmd" >/dev/full 2>"$out/err"
	st=$?
	if [ $st = 0 ] || [ $st = $normal ]; then
		bad "$cmd" "exits $st with standard output on /dev/full"
		ok=0
	elif ! one_message "$cmd" "on /dev/full" "No space left"; then
		ok=0
	fi

	sh -c "$cmd" >&- 2>"$out/err"
	st=$?
	if [ $st = 0 ] || [ $st = $normal ]; then
		bad "$cmd" "exits $st with standard output closed"
		ok=0
	elif ! one_message "$cmd" "with standard output closed"; then
		ok=0
	fi

	# A pipe holds 64 KiB on Linux; more than 256 KiB must meet the
	# closed end.
	if [ "$size" -gt 262144 ]; then
		{ sh -c "$cmd" 2>"$out/err"; echo $? >"$out/status"; } |
		    head -c 1 >/dev/null
		st=$(cat "$out/status")
		if [ "$st" = 0 ] || [ "$st" = $normal ]; then
			bad "$cmd" "exits $st writing into a closed pipe"
			ok=0
		elif [ "$st" != $sigpipe ] &&
		    ! one_message "$cmd" "into a closed pipe" "Broken pipe"
		then
			ok=0
		fi

		{ trap '' PIPE; sh -c "$cmd" 2>"$out/err"
		    echo $? >"$out/status"; } | head -c 1 >/dev/null
		st=$(cat "$out/status")
		if [ "$st" = 0 ] || [ "$st" = $normal ] ||
		    [ "$st" = $sigpipe ]; then
			bad "$cmd" "exits $st writing into a closed pipe" \
			    "with SIGPIPE ignored"
			ok=0
		elif ! one_message "$cmd" "into a closed pipe with SIGPIPE \
ignored" "Broken pipe"; then
			ok=0
		fi
	fi
	[ $ok = 1 ] && pass=$((pass + 1))
done <"$here/commands"

for t in "$top"/cmd/qttt-*.c; do
	t=$(basename "$t" .c)
	if ! grep -q "^$t " "$here/commands"; then
		echo "FAIL: $t has no command in tests/failed-output/commands"
		fail=$((fail + 1))
	fi
done

suite_end failed-output
