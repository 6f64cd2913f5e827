#!/bin/sh
# make fuzz: runs each libFuzzer harness named (line, rules, ...) for
# FUZZTIME seconds (default 60) with the flags of its options file,
# tests/fuzz/NAME.options, as OSS-Fuzz takes them (a [libfuzzer]
# section of "flag = value" lines: max_len, len_control, dict; each
# file says why its max_len).  FUZZLEN, when set, is the max_len of
# every harness named, with -len_control=0: the longer run of the
# parse-only harnesses.  Reports for each its executions, their rate
# in wall time and per CPU second (which a busy machine does not
# change), the coverage (libFuzzer's "cov", the code edges reached,
# and "ft", its features) and the size of its corpus.  New corpus
# entries go to tests/out/fuzz/corpus/NAME (make fuzz-merge keeps those
# that add coverage in tests/fuzz/corpus/NAME); crashes go to
# tests/out/fuzz/crashes/NAME: fix the bug, then move the input to
# tests/fuzz/crashes/NAME so that make check replays it.
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/tests/out/fuzz
time=${FUZZTIME:-60}
status=0
. "$top/tests/fuzz/options.sh"
# The CPU seconds of the children so far: the second line of times,
# which must run in this shell (not in a subshell, which has none).
cpu_seconds() {
	sed -n 2p "$out/times" | tr 'ms' '  ' |
	    awk '{ print $1 * 60 + $2 + $3 * 60 + $4 }'
}
for name in "$@"; do
	work=$out/corpus/$name
	crashes=$out/crashes/$name
	log=$out/$name.log
	mkdir -p "$work" "$crashes"
	stamp=$out/$name.start
	: >"$stamp"
	set -- -max_total_time="$time" -timeout=10 -rss_limit_mb=2048 \
	    -print_final_stats=1 -artifact_prefix="$crashes/"
	dict=$top/tests/fuzz/$name.dict
	for flag in $(options "$name"); do
		case $flag in
		dict=*)	dict=$top/tests/fuzz/${flag#dict=} ;;
		*)	set -- "$@" -"$flag" ;;
		esac
	done
	[ -f "$dict" ] && set -- "$@" -dict="$dict"
	# libFuzzer takes the last value of a flag given twice.
	[ -n "$FUZZLEN" ] && set -- "$@" -max_len="$FUZZLEN" -len_control=0
	# New inputs go to the first directory; the others are seeds.
	set -- "$@" "$work"
	for d in corpus crashes; do
		[ -d "$top/tests/fuzz/$d/$name" ] &&
		    set -- "$@" "$top/tests/fuzz/$d/$name"
	done
	times >"$out/times"
	cpu0=$(cpu_seconds)
	"$out/fuzz_$name" "$@" >"$log" 2>&1
	rc=$?
	times >"$out/times"
	cpu=$(echo "$(cpu_seconds) $cpu0" | awk '{ printf "%.0f", $1 - $2 }')
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
	found=$(find "$crashes" -type f -newer "$stamp" | wc -l)
	# The last status line: "#N DONE cov: C ft: F corp: ..."
	cov=$(grep '^#[0-9]*[[:space:]].* cov: ' "$log" | tail -1 |
	    sed 's/.* cov: \([0-9]*\) ft: \([0-9]*\).*/cov \1, ft \2/')
	percpu=$(echo "${execs:-0} $cpu" |
	    awk '{ printf "%.0f", ($2 > 0 ? $1 / $2 : 0) }')
	echo "fuzz_$name: ${execs:-?} executions in ${time}s" \
	    "(${rate:-?}/s; ${cpu}s of CPU, $percpu/s of CPU)," \
	    "${cov:-cov ?}, corpus $(ls "$work" | wc -l)," \
	    "$found new crash inputs"
	if [ $rc != 0 ] || [ "$found" != 0 ]; then
		echo "fuzz_$name: FAILED, see $log and $crashes"
		status=1
	fi
done
exit $status
