#!/bin/sh
# The Python package (formats/python.md), beside the tools in the same
# run, in CPU time (user and system) on one thread.  Targets:
#	reading the 1,000,000 games of qttt-generate -n 1000000 and
#	counting the valid ones (a Record for each): at least 500,000
#	games per CPU second, and at least a quarter of the rate of
#	qttt-validate on one thread (QTTT_THREADS=1);
#	random play through legal_actions() and push(): at least 30,000
#	complete games per CPU second;
#	qttt.analyse() of the empty board without the book: at most 1.5
#	times the library's own search of it without the book (the
#	solver's driver, solve-bench.c), which is what qttt-analyze runs
#	but for the book (qttt-analyze -S, with it, shown for the record);
#	peak memory flat in the size of the file: reading 1,000,000 games
#	takes less than 4 MiB more than reading 10,000.
. "$(cd "$(dirname "$0")" && pwd)/common.sh"

py=${QTTT_PYTHON:-/usr/bin/python3}
lib=$data/python
(cd "$top/python" && QTTT_ARCHIVE=$top/lib/libqttt.a "$py" setup.py -q \
    build --build-base "$data/python-build" --build-lib "$lib") \
    >"$data/python-build.log" 2>&1 ||
    { cat "$data/python-build.log"; echo "python: build failed"; exit 2; }
drv=$data/solve-bench
${CC:-cc} -O2 -I"$top/lib" -o "$drv" "$bench/solve-bench.c" \
    "$top/lib/libqttt.a" -lyaml -pthread || exit 2
small=$(bench_data 10000) || exit 2
large=$(bench_data 1000000) || exit 2
status=0
cat "$large" > /dev/null

# CPU seconds (user + system) of a command's children, from times.
cpu_of()
{
	( "$@" > /dev/null; times ) | awk 'NR == 2 {
	    split($1, u, /[ms]/); split($2, s, /[ms]/)
	    printf "%.3f\n", u[1] * 60 + u[2] + s[1] * 60 + s[2] }'
}

# The reading, in Python: CPU seconds and games/s; best of three.
read_py='
import sys, time, qttt
t = time.process_time()
games = valid = 0
for r in qttt.read(sys.argv[1]):
    games += 1
    valid += r.valid
t = time.process_time() - t
print(games, valid, "%.3f" % t)
'
best_py=
best_v=
for i in 1 2 3; do
	set -- $(PYTHONPATH=$lib "$py" -c "$read_py" "$large")
	[ "$1" = 1000000 ] || { echo "python: read $1 games"; status=1; }
	if [ -z "$best_py" ] || bench_le "$3" "$best_py"; then
		best_py=$3
	fi
	v=$(cpu_of env QTTT_THREADS=1 qttt-validate "$large")
	if [ -z "$best_v" ] || bench_le "$v" "$best_v"; then
		best_v=$v
	fi
done
rate_py=$(awk -v t="$best_py" 'BEGIN { printf "%d\n", 1000000 / t }')
rate_v=$(awk -v t="$best_v" 'BEGIN { printf "%d\n", 1000000 / t }')
share=$(bench_ratio "$rate_py" "$rate_v")
echo "reading 1000000 games from Python: ${best_py} s CPU," \
    "${rate_py} games/s (target >= 500000);" \
    "qttt-validate on one thread: ${best_v} s, ${rate_v} games/s:" \
    "share ${share} (target >= 0.25)"
bench_le 500000 "$rate_py" ||
    { echo "MISSED: Python reads ${rate_py} games/s"; status=1; }
bench_le 0.25 "$share" ||
    { echo "MISSED: Python reads at ${share} of qttt-validate"; status=1; }

# Memory: the peak of reading 10,000 games and 1,000,000.
count_py='
import sys, qttt
print(sum(r.valid for r in qttt.read(sys.argv[1])))
'
PYTHONPATH=$lib "$data/peakrss" -o "$data/figures" "$py" -c "$count_py" \
    "$small" > /dev/null || status=1
read -r _ kib_small < "$data/figures"
PYTHONPATH=$lib "$data/peakrss" -o "$data/figures" "$py" -c "$count_py" \
    "$large" > /dev/null || status=1
read -r _ kib_large < "$data/figures"
echo "peak RSS reading from Python: ${kib_small} KiB for 10000 games," \
    "${kib_large} KiB for 1000000 (target: less than 4096 KiB more)"
[ $((kib_large - kib_small)) -lt 4096 ] ||
    { echo "MISSED: memory grows with the file"; status=1; }

# Random play: complete games per CPU second, for two seconds.
play_py='
import random, time, qttt
choice = random.Random(1).choice
t = time.process_time()
n = 0
while time.process_time() - t < 2:
    for _ in range(1000):
        s = qttt.State()
        while not s.is_over():
            s.push(choice(s.legal_actions()))
    n += 1000
print(int(n / (time.process_time() - t)))
'
rate=$(PYTHONPATH=$lib "$py" -c "$play_py") || status=1
echo "random play from Python: ${rate} games/s of CPU (target >= 30000)"
bench_le 30000 "${rate:-0}" ||
    { echo "MISSED: random play at ${rate} games/s"; status=1; }

# The empty board without the book: Python, then the library alone.
solve_py='
import time, qttt
t = time.process_time()
an = qttt.analyse(qttt.State(), book=False)
assert an.value == "1-1/2"
print("%.3f" % (time.process_time() - t))
'
t_py=$(PYTHONPATH=$lib "$py" -c "$solve_py") || status=1
t_c=$("$drv" profiles | awk '$1 == "goff" && $2 == "user" { print $3 }')
t_a=$(cpu_of qttt-analyze -S '.,.,./.,.,./.,.,. X1 - *')
ratio=$(bench_ratio "$t_py" "$t_c")
echo "empty board without the book: qttt.analyse ${t_py} s CPU, the" \
    "library's search ${t_c} s: ratio ${ratio} (target <= 1.5);" \
    "qttt-analyze -S with its book ${t_a} s"
bench_le "$ratio" 1.5 ||
    { echo "MISSED: qttt.analyse takes ${ratio} times the library's"; \
    status=1; }
exit $status
