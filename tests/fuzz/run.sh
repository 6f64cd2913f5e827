#!/bin/sh
# make fuzz: runs each libFuzzer harness named (line, rules, ...) for
# FUZZTIME seconds (default 60), on inputs of up to FUZZLEN bytes
# (default 1100000: past every limit of the readers, the 64 KiB line
# and the 1 MiB YAML document; -len_control=0, so that libFuzzer does
# not keep its inputs short for the first hours), and reports for each
# its executions, their rate in wall time and per CPU second (which a
# busy machine does not change), the coverage (libFuzzer's "cov", the
# code edges reached, and "ft", its features) and the size of its
# corpus.  New corpus entries go to
# tests/out/fuzz/corpus/NAME (copy the interesting ones to
# tests/fuzz/corpus/NAME by hand); crashes go to
# tests/out/fuzz/crashes/NAME: fix the bug, then move the input to
# tests/fuzz/crashes/NAME so that make check replays it.
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/tests/out/fuzz
time=${FUZZTIME:-60}
len=${FUZZLEN:-1100000}
status=0
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
	# The writers' harness repeats its texts: it needs no long input.
	max=$len
	[ "$name" = write ] && max=65536
	stamp=$out/$name.start
	: >"$stamp"
	set -- -max_total_time="$time" -timeout=10 -rss_limit_mb=2048 \
	    -max_len="$max" -len_control=0 -print_final_stats=1 \
	    -artifact_prefix="$crashes/"
	[ -f "$top/tests/fuzz/$name.dict" ] &&
	    set -- "$@" -dict="$top/tests/fuzz/$name.dict"
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
