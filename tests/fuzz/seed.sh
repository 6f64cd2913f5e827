#!/bin/sh
# make fuzz-seed: gathers seed candidates for the fuzz harnesses in
# tests/out/fuzz/seeds, one file each, named by its SHA-1 as libFuzzer
# names its inputs: the example games (formats/examples), the inputs
# and outputs of the golden tests (tests/golden/*/, but their commands,
# their standard error and their status), the hostile inputs
# (tests/hostile/*.cases, decoded) and the kept corpora of every
# harness; each whole, and each of their lines and YAML documents
# alone, which a short max_len keeps whole.  tests/fuzz/merge.sh then
# keeps those that add coverage to a harness.
top=$(cd "$(dirname "$0")/../.." && pwd)
seeds=$top/tests/out/fuzz/seeds
tmp=$top/tests/out/fuzz/seeds.tmp
rm -rf "$seeds" "$tmp"
mkdir -p "$seeds" "$tmp/hostile" "$tmp/parts"

# The hostile inputs, decoded as tests/hostile/run.sh decodes them.
here=$top/tests/hostile
out=$tmp/hostile
. "$here/plan.sh"
for f in "$here"/*.cases; do
	plan "$(basename "$f" .cases)" >/dev/null || exit 1
done

# add FILE...: copies each file (of at most 1.1 MB) into the seeds.
add() {
	find "$@" -type f -size -1100001c -exec sha1sum {} + |
	    while read -r sum f; do
		cp "$f" "$seeds/$sum"
	    done
}

# The whole files.
add "$top"/formats/examples/* "$tmp"/hostile/*.in
add $(find "$top"/tests/golden -type f ! -name cmd ! -name stderr \
    ! -name status) "$top"/tests/fuzz/corpus

# Each line that is not blank, and each YAML document ("---" starts
# one), of every file gathered, alone.
n=0
for f in "$seeds"/*; do
	n=$((n + 1))
	awk -v p="$tmp/parts/$n" '
	/^---/ { close(p "-d" doc + 0); doc++ }
	{ print > (p "-d" doc + 0) }
	/[^ \t\r]/ { print > (p "-l" NR); close(p "-l" NR) }' "$f"
done
add "$tmp"/parts

# Inputs past the readers' limits and their buffers' first sizes, which
# the parse-only harnesses' short max_len does not reach; merge.sh
# keeps those that reach code no short input reaches.
mkdir -p "$tmp/long"
awk -v d="$tmp/long" '
function rep(s, n,   t) { t = ""; while (n-- > 0) t = t s; return t }
BEGIN {
	x = rep("x", 1024)
	# A line of 65537 bytes between two games, one of 65536.
	printf "X1 a1 b1\n%s\nX1 a1 b1; O2 b1 c1\n", rep(x, 64) "x" \
	    > (d "/line-too-long")
	printf "X1 a1 b1;%s\n", substr(rep(x, 64), 10) > (d "/line-65536")
	# A tag value of 4097 bytes; 8193 bytes of escaped tag text.
	printf "[event %s] X1 a1 b1\n", rep(x, 4) "x" > (d "/tag-value")
	printf "[a \"\\n%s\"] [b \"\\t%s\"] [c \"\\x41%s\"] X1 a1 b1\n",
	    rep(x, 3), rep(x, 3), rep(x, 2) > (d "/tag-text")
	# 16 KiB of comment lines before a game, and after the last.
	for (i = 0; i < 400; i++)
		printf "# comment line %04d of the lines before a game\n", i \
		    > (d "/lead")
	printf "X1 a1 b1\n" > (d "/lead")
	for (i = 0; i < 400; i++)
		printf "# comment line %04d after the last game\n", i \
		    > (d "/lead")
	# Games past the first buffer of the reader: 20 KiB of lines.
	for (i = 0; i < 1000; i++)
		printf "X1 a1 b1; O2 b1 c1 # %05d\n", i > (d "/many-lines")
	for (i = 0; i < 500; i++)
		printf "X1+(1,2); O2+(2,3) # %05d\n", i > (d "/many-goff")
	for (i = 0; i < 500; i++)
		printf ".,.,./.,.,./.,.,. X1 - * # %05d\n", i \
		    > (d "/many-states")
	# A JSON line of a stream of states past the line limit.
	printf "{\"state\":\".,.,./.,.,./.,.,. X1 - *\",\"x\":\"%s\"}\n",
	    rep(x, 65) > (d "/state-json-long")
	# YAML: a scalar of 4097 bytes, a key of 129; metadata past the
	# first arena (8 KiB), a document past the first buffer (16 KiB),
	# a stream past the first pieces fed to libyaml (4 KiB each).
	printf "moves: []\nevent: %s\n", rep(x, 4) "x" > (d "/yaml-scalar")
	printf "moves: []\n%s: 1\n", rep("k", 129) > (d "/yaml-key")
	printf "moves: [X1 a1 b1]\n" > (d "/yaml-arena")
	for (i = 0; i < 12; i++)
		printf "k%02d: %s\n", i, x > (d "/yaml-arena")
	printf "moves:\n" > (d "/yaml-doc")
	for (i = 0; i < 23; i++)
		printf "- move: X1 a1 b1\n  comment: %s\n", x > (d "/yaml-doc")
	for (i = 0; i < 1000; i++)
		printf "---\nmoves: [X1 a1 b1]\nround: %d\n", i \
		    > (d "/yaml-stream")
	for (i = 0; i < 1000; i++)
		printf "{\"moves\":[\"X1 a1 b1\"],\"round\":%d}\n", i \
		    > (d "/json-stream")
	# 64 KiB without a new node; a document of more than 1 MiB; a
	# JSON line past the line limit.
	printf "moves: []\nevent: a\n" > (d "/yaml-span")
	for (i = 0; i < 70; i++)
		printf "  %s\n", x > (d "/yaml-span")
	printf "moves: []\nevent: |\n" > (d "/yaml-1mib")
	for (i = 0; i < 1030; i++)
		printf "  %s\n", x > (d "/yaml-1mib")
	printf "x: 1\n---\nmoves: [X1 a1 b1]\n" > (d "/yaml-1mib")
	printf "{\"moves\":[],\"x\":\"%s\"}\n", rep(x, 65) \
	    > (d "/json-long")
}'
add "$tmp"/long
rm -rf "$tmp"
echo "seeds: $(ls "$seeds" | wc -l) files in $seeds"
