#!/bin/sh
# qttt-select and qttt-stats on 1,000,000 generated games, against
# qttt-validate on the same file in the same run (the fastest of three
# runs of each, taking turns).  Targets: a selection by result and one
# by opening at most 2 times qttt-validate's wall time, -C (every game
# in its canonical orientation) and qttt-stats at most 3 times.  The
# selection tools read on one thread, so the targets are against
# qttt-validate on one thread (QTTT_THREADS=1); its time on every
# processor is shown too.  Peak RSS is shown for each, and that of -U
# (which grows with the distinct games, 16 bytes each in a table at
# most three quarters full).  Since wall times on a shared machine are
# noisy, the targets are checked on the instructions callgrind counts
# on 100,000 of the games, when valgrind is there, and on the wall
# times when it is not.
. "$(cd "$(dirname "$0")" && pwd)/common.sh"

large=$(bench_data 1000000)
status=0
cat "$large" > /dev/null

# The commands, by name; the fastest of three runs of each.
names="validate validate1 result opening canonical stats unique"
cmd_validate="qttt-validate -q"
cmd_validate1="env QTTT_THREADS=1 qttt-validate -q"
cmd_result="qttt-select -r 1-0"
cmd_opening="qttt-select -O 'X1 a1 b2; O2 c3 b2'"
cmd_canonical="qttt-select -C"
cmd_stats="qttt-stats"
cmd_unique="qttt-select -U"
for i in 1 2 3; do
	for n in $names; do
		eval "c=\$cmd_$n"
		eval "bench_run 1 $c \"\$large\"" || {
			echo "$c failed"; status=1; }
		bench_keep "wall_$n"
		eval "kib_$n=\$bench_kib"
	done
done

base=$wall_validate1
for n in $names; do
	eval "c=\$cmd_$n; w=\$wall_$n; k=\$kib_$n"
	printf '%-40s %6s s  ratio %5s  peak %6s KiB\n' "$c" "$w" \
	    "$(bench_ratio "$w" "$base")" "$k"
done
echo "(ratios to qttt-validate on one thread; on every processor it" \
    "takes ${wall_validate} s)"

# The instructions of each, on the first 100,000 games.
measure=wall
if command -v valgrind > /dev/null 2>&1; then
	measure=instructions
	head -n 100000 "$large" > "$data/select-100k.qttt"
	for n in $names; do
		eval "c=\$cmd_$n"
		eval "QTTT_THREADS=1 valgrind --tool=callgrind \
		    --callgrind-out-file=/dev/null --trace-children=yes $c \
		    \"\$data/select-100k.qttt\"" > /dev/null 2> "$data/cg.err"
		i=$(sed -n 's/^==[0-9]*== Collected : //p' "$data/cg.err" |
		    tail -n 1)
		eval "instructions_$n=\$i"
	done
	rm -f "$data/cg.err" "$data/select-100k.qttt"
	base=$instructions_validate1
	for n in $names; do
		eval "c=\$cmd_$n; i=\$instructions_$n"
		printf '%-40s %12s instructions  ratio %5s\n' "$c" "$i" \
		    "$(bench_ratio "$i" "$base")"
	done
	echo "(on 100000 games, one thread)"
fi
for n in result opening canonical stats; do
	eval "w=\$${measure}_$n"
	t=2
	case $n in canonical|stats) t=3 ;; esac
	if ! bench_le "$(bench_ratio "$w" "$base")" $t; then
		echo "MISSED: $n takes more than $t times qttt-validate" \
		    "($measure)"
		status=1
	fi
done
for n in result opening canonical stats; do
	eval "k=\$kib_$n"
	if [ "$k" -ge 4096 ]; then
		echo "MISSED: $n peaks at ${k} KiB, 4 MiB or more"
		status=1
	fi
done
exit $status
