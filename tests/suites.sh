#!/bin/sh
# The runner of make check, which runs its suites several at a time
# (the Makefile's CHECKS, one make target each):
#
#	sh tests/suites.sh run NAME COMMAND [ARGUMENT ...]
#		runs one suite with its output in tests/out/log/NAME.log,
#		then prints that output whole, under a line with the
#		verdict and the suite's wall and CPU time (user and
#		system, of the suite and every process it waited for);
#		exits with the command's status;
#	sh tests/suites.sh summary NAME ...
#		after them all: one line per suite, then the whole output
#		of each that failed or did not run, and the names of those
#		again; exits 1 if there is one.
top=$(cd "$(dirname "$0")/.." && pwd)
log=$top/tests/out/log

# seconds MINUTESmSECONDSs: as times(1) prints them, in seconds.
seconds() {
	echo "$1" | awk -F'[ms]' '{ printf "%.1f", $1 * 60 + $2 }'
}

case $1 in
run)
	name=$2
	shift 2
	mkdir -p "$log"
	rm -f "$log/$name.log" "$log/$name.status" "$log/$name.times"
	start=$(date +%s)
	"$@" </dev/null >"$log/$name.log" 2>&1
	status=$?
	wall=$(($(date +%s) - start))
	# times: the shell's own times, then its children's (into a
	# file: in a subshell it would see the subshell's).
	times >"$log/$name.times"
	set -- $(sed -n 2p "$log/$name.times")
	cpu=$(echo "$(seconds "$1") $(seconds "$2")" |
	    awk '{ printf "%.1f", $1 + $2 }')
	if [ $status = 0 ]; then verdict=passed; else verdict=FAILED; fi
	echo "$verdict $status $wall $cpu" >"$log/$name.status"
	echo "==== $name: $verdict (wall ${wall} s, CPU ${cpu} s)"
	cat "$log/$name.log"
	exit $status
	;;
summary)
	shift
	failed=
	passed=0
	echo "==== $# suites"
	for name in "$@"; do
		if [ -f "$log/$name.status" ]; then
			read -r verdict status wall cpu <"$log/$name.status"
		else
			verdict='NOT RUN' status=- wall=- cpu=-
		fi
		printf '  %-20s %-8s wall %4s s  CPU %6s s\n' "$name" \
		    "$verdict" "$wall" "$cpu"
		if [ "$verdict" = passed ]; then
			passed=$((passed + 1))
		else
			failed="$failed $name"
		fi
	done
	[ -z "$failed" ] && { echo "==== all $# suites passed"; exit 0; }
	for name in $failed; do
		if [ -f "$log/$name.log" ]; then
			echo "==== $name failed: its output (tests/out/log/$name.log)"
			cat "$log/$name.log"
		else
			echo "==== $name did not run (a build error above?)"
		fi
	done
	echo "==== $passed of $# suites passed, FAILED:$failed"
	exit 1
	;;
*)
	echo "usage: suites.sh run NAME COMMAND ... | summary NAME ..." >&2
	exit 2
	;;
esac
