# Shared by the benchmarks (sourced, not run): where things are, the
# data files, and a way to time a command and take its peak memory.
#
#	bench_data N [FLAGS]	prints the path of a file of N generated
#				games (qttt-generate -n N FLAGS), made once
#				into tests/bench/data/ (not in git)
#	bench_run K CMD ...	runs CMD K times, its output to /dev/null,
#				and sets bench_wall (seconds, the fastest
#				run) and bench_kib (the largest peak RSS);
#				returns CMD's status of the last run
#	bench_ratio A B		prints A / B with two decimals
#	bench_le A B		succeeds if A <= B (decimal numbers)
top=$(cd "$(dirname "$0")/../.." && pwd)
bench=$top/tests/bench
data=$bench/data
mkdir -p "$data" || exit 2
PATH=$top/cmd:$PATH
export PATH
LC_ALL=C
export LC_ALL

# peakrss is built here, with no package but the compiler.
if [ ! -x "$data/peakrss" ] || [ "$bench/peakrss.c" -nt "$data/peakrss" ]
then
	${CC:-cc} -O2 -o "$data/peakrss" "$bench/peakrss.c" || exit 2
fi

bench_data()
{
	_n=$1
	shift
	_f=$data/games-$_n$(printf '%s' "$*" | tr -d ' -').qttt
	# A seed's games never change (qttt-generate(1)): made once.
	if [ ! -s "$_f" ]; then
		qttt-generate -n "$_n" "$@" > "$_f.tmp" &&
		    mv "$_f.tmp" "$_f" || exit 2
	fi
	echo "$_f"
}

bench_run()
{
	_k=$1
	shift
	bench_wall=
	bench_kib=0
	while [ "$_k" -gt 0 ]; do
		"$data/peakrss" -o "$data/figures" "$@" > /dev/null
		_st=$?
		read -r _w _m < "$data/figures"
		if [ -z "$bench_wall" ] || bench_le "$_w" "$bench_wall"; then
			bench_wall=$_w
		fi
		[ "$_m" -gt "$bench_kib" ] && bench_kib=$_m
		_k=$((_k - 1))
	done
	return $_st
}

bench_ratio()
{
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f\n", (b > 0 ? a / b : 0) }'
}

bench_le()
{
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 <= b + 0) }'
}

# bench_against_wc FILE COMMAND...: runs wc -l FILE, COMMAND FILE and
# COMMAND FILE on one thread (QTTT_THREADS=1) five times, taking turns
# (the machine is shared), and keeps the fastest of each: wc_wall,
# tool_wall, one_wall; tool_kib is the largest peak RSS of COMMAND.
# Returns 1 if a run failed.
bench_against_wc()
{
	_file=$1
	shift
	wc_wall=
	tool_wall=
	one_wall=
	tool_kib=0
	_bad=0
	cat "$_file" > /dev/null	# into the page cache for all
	for _i in 1 2 3 4 5; do
		bench_run 1 wc -l "$_file" || _bad=1
		bench_keep wc_wall
		bench_run 1 "$@" "$_file" || _bad=1
		bench_keep tool_wall
		[ "$bench_kib" -gt "$tool_kib" ] && tool_kib=$bench_kib
		bench_run 1 env QTTT_THREADS=1 "$@" "$_file" || _bad=1
		bench_keep one_wall
	done
	return $_bad
}

# bench_keep VAR: sets VAR to bench_wall if it is empty or slower.
bench_keep()
{
	eval "_v=\$$1"
	if [ -z "$_v" ] || bench_le "$bench_wall" "$_v"; then
		eval "$1=\$bench_wall"
	fi
}
