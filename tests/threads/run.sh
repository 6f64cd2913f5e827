#!/bin/sh
# Threads: qttt-validate, qttt-replay and qttt-analyze read the line
# notation on several threads (lib/notation/parallel.c).  On inputs
# long enough to be cut into many chunks, with invalid records,
# comments, blank lines, CRLF, a byte-order mark and no final
# newline, every command must write the same bytes on each stream, in
# the same order when both go to one file, and exit with the same
# status, on 1 thread as on 2 and 4 (the most QTTT_THREADS allows);
# a value out of range is reported, and the default used; each tool's
# page gives the range the tool takes.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib.sh"
suite_begin threads

# The inputs: MIXED has hundreds of invalid records among 10,000, and
# GAMES 6,000 records: 13 and 11 chunks (QTTT_CHUNK_TEXT, 64 KiB), so
# that on 4 threads every slot of the ring of jobs (6) is used again,
# and the main thread plays some; in WORDY every third line has 20
# syntax errors, so that the chunks' output outgrows PAR_OUTMAX and the
# main thread finishes them.
MIXED=$out/mixed.qttt
GAMES=$out/games.qttt
WORDY=$out/wordy.qttt
export MIXED GAMES WORDY
awk 'BEGIN { for (i = 0; i < 6000; i++) { printf "X1 a1 b1"
	if (i % 3 == 0) for (j = 0; j < 20; j++) printf "; zz"
	if (i % 5 == 0) printf "; O2 b1 c1"
	print "" } }' >"$WORDY" || exit 1
qttt-generate -n 6000 -s 7 >"$GAMES" &&
qttt-generate -u -n 10000 -s 8 | awk '
	BEGIN { printf "\357\273\277" }
	NR % 97 == 0 { print "# a comment"; print "" }
	NR % 101 == 0 { sub(/; [^;]*$/, "; X1 a1 a1") }
	NR % 103 == 0 { sub(/ /, "  ") }
	NR % 107 == 0 { printf "%s\r\n", $0; next }
	NR % 109 == 0 { print "X1 a1 b1; nonsense; O2 b1"; next }
	NR % 113 == 0 { printf "X1 a1 b1 \001\n" }
	{ print }
	END { printf "X1 a1 b1; O2 b1 c1" }' >"$MIXED" || {
	echo "threads: cannot make the inputs"
	exit 1
}

# same COMMAND: runs it on 1, 2 and 4 threads and compares.
same() {
	for n in 1 2 4; do
		QTTT_THREADS=$n sh -c "$1" >"$out/out.$n" 2>"$out/err.$n"
		echo $? >"$out/status.$n"
		QTTT_THREADS=$n sh -c "$1" >"$out/both.$n" 2>&1
	done
	if [ ! -s "$out/out.1" ] && [ ! -s "$out/err.1" ]; then
		echo "FAIL: $1: writes nothing, so proves nothing"
		fail=$((fail + 1))
		return
	fi
	for n in 2 4; do
		for f in out err status both; do
			if ! cmp -s "$out/$f.1" "$out/$f.$n"; then
				echo "FAIL: $1: $f differs on $n threads"
				fail=$((fail + 1))
				return
			fi
		done
	done
	pass=$((pass + 1))
}

same 'qttt-validate $MIXED'
same 'qttt-validate -s $MIXED $GAMES $MIXED'
same 'qttt-validate -j $MIXED'
same 'qttt-validate -p -s $MIXED'
same 'qttt-validate -l $MIXED $GAMES'
same 'qttt-validate -q $MIXED; echo $?'
same 'qttt-validate -s - <$MIXED'
same 'cat $GAMES $MIXED | qttt-validate -p'
same 'qttt-validate -s -g 100-2000,9000- $MIXED $GAMES'
same 'qttt-validate -j -g 3,17,9000- $MIXED'
same 'qttt-replay $MIXED'
same 'qttt-replay -T json $MIXED $GAMES'
same 'qttt-replay -a $MIXED'
same 'qttt-replay -a -T json -p 4 $MIXED'
same 'qttt-replay -w 2 -T json $MIXED'
same 'qttt-replay -q -p 3 - <$MIXED'
same 'qttt-validate -s $WORDY $MIXED'
same 'qttt-validate -j $WORDY'
same 'qttt-replay -w 1 $WORDY'
same 'qttt-replay -a -T json $WORDY'
# Variations (-v): the states of every line of each record, in the
# same order on every thread; every fourth record has an illegal one.
VARS=$out/variations.qttt
export VARS
awk 'BEGIN { for (i = 0; i < 4000; i++) {
	printf "X1 a1 c3; O2 a1 c1 (O2 b2 b3; X3 a2 b2 (X3 a1 a2))"
	if (i % 4 == 0) printf " (O2 c2 c2)"
	print "; X3 a1 c1; *" } }' >"$VARS"
same 'qttt-replay -v $VARS'
same 'qttt-replay -av -T json $VARS'
# YAML: each chunk's documents are a stream of their own, which must
# join into the one stream; a file name YAML would take for a boolean
# is quoted in every document.
ln -sf mixed.qttt "$out/yes"
same 'qttt-replay -T yaml $MIXED $GAMES'
same 'qttt-replay -a -T yaml -p 4 $MIXED'
same 'qttt-replay -w 2 -T yaml $MIXED'
same 'qttt-replay -a -T yaml $WORDY'
same 'cd $out && qttt-replay -T yaml yes - <$GAMES'

# qttt-analyze, a solver on each thread: the first 600 lines of MIXED
# (the analysis of a game takes milliseconds), with their invalid
# records; on WORDY the main thread finishes the chunks.
ANALYSE=$out/analyse.qttt
export ANALYSE
head -n 600 "$MIXED" >"$ANALYSE"
same 'qttt-analyze -s $ANALYSE'
same 'qttt-analyze -s -T json $ANALYSE'
same 'qttt-analyze -T json $ANALYSE'
same 'qttt-analyze -T yaml $ANALYSE'
same 'qttt-analyze -q -T json - <$WORDY; echo $?'
same 'qttt-analyze -T yaml $WORDY'

# QTTT_THREADS out of range or not a number: one warning, then the
# same output as by default.
warning='warning: QTTT_THREADS is not a number from 1 to 4: using [1-4] threads*'
for tool in 'qttt-validate' 'qttt-replay -T json'; do
	env -u QTTT_THREADS $tool "$MIXED" >"$out/default.out" \
	    2>"$out/default.err"
	for v in 0 -1 5 17 64 garbage ' 2' '2 ' '' 0x2; do
		QTTT_THREADS=$v $tool "$MIXED" >"$out/bad.out" 2>"$out/bad.err"
		if ! head -1 "$out/bad.err" | grep -q "^${tool%% *}: $warning\$"
		then
			echo "FAIL: QTTT_THREADS='$v' $tool: no warning"
			fail=$((fail + 1))
		elif ! sed 1d "$out/bad.err" | cmp -s - "$out/default.err" ||
		    ! cmp -s "$out/bad.out" "$out/default.out"; then
			echo "FAIL: QTTT_THREADS='$v' $tool: output differs" \
			    "from the default's"
			fail=$((fail + 1))
		else
			pass=$((pass + 1))
		fi
	done
done

# The pages say the range the tools take: QTTT_THREADS at the page's
# largest number is taken without a word, one more is reported.
head -n 20 "$GAMES" >"$out/few.qttt"
for tool in 'qttt-validate' 'qttt-replay' 'qttt-analyze -s'; do
	most=$(sed -n '/^\.It Ev QTTT_THREADS/,/^\.It /p' \
	    "$top/man/${tool%% *}.1" |
	    sed -n 's/.*from 1 to \([0-9]*\).*/\1/p' | head -1)
	QTTT_THREADS=$most $tool "$out/few.qttt" >/dev/null \
	    2>"$out/most.err"
	QTTT_THREADS=$((most + 1)) $tool "$out/few.qttt" >/dev/null \
	    2>"$out/over.err"
	if [ -z "$most" ] || [ -s "$out/most.err" ] ||
	    ! grep -q "QTTT_THREADS is not a number from 1 to $most:" \
	    "$out/over.err"; then
		echo "FAIL: ${tool%% *}(1) says QTTT_THREADS may be 1 to" \
		    "${most:-?}, the tool takes otherwise"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
done

suite_end threads
