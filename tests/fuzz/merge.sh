#!/bin/sh
# make fuzz-merge: minimises the kept corpus of each harness named
# (tests/fuzz/corpus/NAME) with libFuzzer's -merge=1, from the kept
# inputs, those make fuzz found (tests/out/fuzz/corpus/NAME) and the
# seed candidates of make fuzz-seed (tests/out/fuzz/seeds), and
# reports the corpus's files and bytes before and after.  It keeps the
# smallest inputs that reach every edge of the code that they reach in
# all (-use_counters=0: hit counts aside, which make the corpus a
# hundred times larger and which a run finds again in minutes from
# these): first of the inputs cut to the harness's max_len
# (NAME.options), as make fuzz cuts them; then, of the inputs longer
# than that, whole, those that reach an edge no input kept reaches.
# Inputs over 128 KiB are not kept: what only those reach (a YAML
# document over 1 MiB, a line of 100 MB) tests/hostile and
# tests/limits make at test time.  make fuzz keeps its working corpus
# (tests/out/fuzz/corpus/NAME), hit counts and all, from one run to
# the next.
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/tests/out/fuzz
status=0
. "$top/tests/fuzz/options.sh"

# merge NAME FLAGS... DIRS: libFuzzer's merge into the first directory.
merge() {
	m=$1
	shift
	"$out/fuzz_$m" -merge=1 -timeout=10 -rss_limit_mb=2048 \
	    -artifact_prefix="$out/crashes/$m/" "$@" \
	    >>"$out/$m.merge.log" 2>&1
}

for name in "$@"; do
	kept=$top/tests/fuzz/corpus/$name
	new=$out/merge/$name
	long=$out/merge/$name.long
	rm -rf "$new" "$long" "$out/$name.merge.log"
	mkdir -p "$new" "$long" "$kept" "$out/crashes/$name"
	max=$(options "$name" | sed -n 's/^max_len=//p')
	max=${max:-1100000}
	set -- "$kept"
	for d in "$out/corpus/$name" "$out/seeds"; do
		[ -d "$d" ] && set -- "$@" "$d"
	done
	find "$@" -type f -size +"$max"c -size -131073c \
	    -exec cp {} "$long" \;
	before="$(ls "$kept" | wc -l) files, $(cat "$kept"/* 2>/dev/null |
	    wc -c) bytes"
	if ! merge "$name" -max_len="$max" -use_counters=0 "$new" "$@" ||
	    ! merge "$name" -max_len=1100000 -use_counters=0 "$new" "$long"
	then
		echo "fuzz_$name: merge FAILED, see $out/$name.merge.log"
		status=1
		continue
	fi
	rm -rf "$kept" "$long"
	mv "$new" "$kept"
	echo "fuzz_$name: corpus of $before, now $(ls "$kept" | wc -l)" \
	    "files ($(find "$kept" -type f -size +"$max"c | wc -l) longer" \
	    "than $max bytes), $(cat "$kept"/* 2>/dev/null | wc -c) bytes"
done
exit $status
