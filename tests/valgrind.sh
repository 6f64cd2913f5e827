#!/bin/sh
# Runs the golden tests with every tool under valgrind memcheck, then
# the unit tests and the fuzz harnesses' kept inputs: any memory error
# or leak fails.  Needs a build without sanitizers (make check first)
# and valgrind (Debian package valgrind).
#
#	sh tests/valgrind.sh
top=$(cd "$(dirname "$0")/.." && pwd)
out=$top/tests/out/valgrind
rm -rf "$out"
mkdir -p "$out/bin" "$out/log"
if ! command -v valgrind >/dev/null 2>&1; then
	echo "valgrind: not installed (Debian package valgrind)"
	exit 1
fi
vg="valgrind -q --error-exitcode=99 --leak-check=full"
vg="$vg --show-leak-kinds=definite,indirect,possible"
vg="$vg --errors-for-leak-kinds=definite,indirect,possible"
vg="$vg --track-fds=no"

# A wrapper in place of each tool; the golden runner puts them first on
# PATH (QTTT_TOOLS).
for t in "$top"/cmd/qttt-*.c; do
	t=$(basename "$t" .c)
	if [ ! -x "$top/cmd/$t" ]; then
		echo "valgrind: build first: cmd/$t"
		exit 1
	fi
	# Found on PATH, the tool sees argv[0] as it would unwrapped.
	printf '#!/bin/sh\nPATH=%s:$PATH exec %s --log-file=%s %s "$@"\n' \
	    "$top/cmd" "$vg" "$out/log/$t.%p" "$t" >"$out/bin/$t"
	chmod +x "$out/bin/$t"
done

status=0
# The golden tests in as many shares as there are processors, and the
# unit tests, all at once; each run's output is shown when all are done.
# validate-closed-fds closes the tool's standard output, which under
# memcheck is not closed for the tool: memcheck keeps descriptors of its
# own.  The native and sanitizer runs check it.
jobs=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
pids= unit=
k=1
while [ $k -le "$jobs" ]; do
	QTTT_TOOLS=$out/bin QTTT_GOLDEN_OUT=$out/golden.$k \
	    QTTT_GOLDEN_SKIP=validate-closed-fds QTTT_GOLDEN_SHARD=$k/$jobs \
	    sh "$top/tests/golden/run.sh" >"$out/golden.$k.out" 2>&1 &
	pids="$pids $!"
	k=$((k + 1))
done
if [ -x "$top/tests/unit" ]; then
	# Check forks a process per test, which memcheck follows, some 50
	# times slower than natively: ten times the time limit keeps it
	# one that only catches a hang.  The exhaustive searches of the
	# solver and the counting (tagged "search") would take most of an
	# hour under memcheck: they run natively and under the sanitizers
	# (make check SANITIZE=1) instead.
	CK_EXCLUDE_TAGS=search CK_TIMEOUT_MULTIPLIER=10 \
	    $vg --log-file="$out/log/unit.%p" \
	    "$top/tests/unit" >"$out/unit.out" 2>&1 &
	unit=$!
fi
for pid in $pids; do
	wait "$pid" || status=1
done
cat "$out"/golden.*.out
if [ -n "$unit" ] && ! wait "$unit"; then
	echo "FAIL: unit tests under valgrind"
	status=1
fi
for f in "$top"/tests/out/regress/fuzz_*; do
	case $f in *.tmp) continue ;; esac
	[ -x "$f" ] || continue
	name=${f##*/fuzz_}
	set --
	for d in corpus crashes; do
		[ -d "$top/tests/fuzz/$d/$name" ] &&
		    set -- "$@" "$top/tests/fuzz/$d/$name"
	done
	$vg --log-file="$out/log/fuzz_$name.%p" "$f" "$@" >/dev/null ||
	    { echo "FAIL: fuzz_$name under valgrind"; status=1; }
done

# The threads (lib/notation/parallel.c): an input of many chunks, on
# 3 threads, with invalid games, diagnostics on both streams and every
# state.
"$top/cmd/qttt-generate" -u -n 3000 -s 5 |
    sed '0~7s/; [^;]*$/; X1 a1 a1/' >"$out/threads.qttt"
for cmd in "qttt-validate -s -p" "qttt-replay -a -T json"; do
	QTTT_THREADS=3 $vg --log-file="$out/log/threads.%p" \
	    "$top/cmd/"$cmd "$out/threads.qttt" >/dev/null 2>&1
	[ $? = 99 ] && { echo "FAIL: $cmd on threads under valgrind"; status=1; }
done

# Every finding is in a log; a clean run leaves them all empty.
found=0
for l in "$out"/log/*; do
	[ -s "$l" ] || continue
	found=$((found + 1))
	echo "valgrind: findings in $l:"
	head -30 "$l" | sed 's/^/	/'
done
runs=$(ls "$out/log" | wc -l)
echo "valgrind: $runs processes checked, $found with findings"
[ $found = 0 ] && [ $status = 0 ]
