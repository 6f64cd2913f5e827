#!/bin/sh
# make fuzz-seed: gathers seed candidates for the fuzz harnesses in
# tests/out/fuzz/seeds (libFuzzer reads directories recursively): the
# example games (formats/examples), the inputs and outputs of the
# golden tests (tests/golden/*/, but their commands, standard error and
# status), the hostile inputs (tests/hostile/*.cases, decoded) and the
# kept corpora; each whole (of at most 1.1 MB), and each line and YAML
# document of them alone (parts/, but for the parse-only harnesses'
# corpora, of short inputs already), which a short max_len keeps whole;
# and inputs at and past the readers' limits (limits/).
# tests/fuzz/merge.sh then keeps those that add coverage to a harness.
top=$(cd "$(dirname "$0")/../.." && pwd)
seeds=$top/tests/out/fuzz/seeds
rm -rf "$seeds"
mkdir -p "$seeds/hostile" "$seeds/parts" "$seeds/limits" "$seeds/corpus"

# The hostile inputs, decoded as tests/hostile/run.sh decodes them.
here=$top/tests/hostile
out=$seeds/hostile
. "$here/plan.sh"
for f in "$here"/*.cases; do
	plan "$(basename "$f" .cases)" >/dev/null || exit 1
done
cp -R "$top/formats/examples" "$seeds/examples"
cp -R "$top/tests/golden" "$seeds/golden"
find "$seeds/golden" \( -name cmd -o -name stderr -o -name status \) \
    -exec rm -f {} +
cp -R "$top"/tests/fuzz/corpus/* "$seeds/corpus"
find "$seeds" -type f -size +1100000c -exec rm -f {} +

# Each line that is not blank, and each YAML document ("---" starts
# one), alone; named after the file they come from.
find "$seeds/examples" "$seeds/golden" "$seeds/hostile" "$seeds/corpus" \
    -type f ! -path '*/corpus/parse_*' -exec awk -v s="$seeds" '
FNR == 1 {
	close(p "-d" doc)
	p = substr(FILENAME, length(s) + 2)
	gsub("/", "_", p)
	p = s "/parts/" p
	doc = 0
}
/^---/ { close(p "-d" doc); doc++ }
{ print > (p "-d" doc) }
/[^ \t\r]/ { print > (p "-l" FNR); close(p "-l" FNR) }' {} +

# Inputs just past the readers' counted limits, which the fuzzer seldom
# builds by itself (65 distinct tags, 24 moves, ...); then inputs past
# their limits in bytes and their buffers' first sizes, which the
# parse-only harnesses' short max_len does not reach: merge.sh keeps
# those that reach code no short input reaches.
awk -v d="$seeds/limits" '
function rep(s, n,   t) { t = ""; while (n-- > 0) t = t s; return t }
BEGIN {
	for (i = 0; i < 65; i++)
		printf "[k%d %d] ", i, i > (d "/tags-game")
	printf "X1 a1 b1\n" > (d "/tags-game")
	printf "X1 a1 b1" > (d "/tags-moves")
	for (i = 0; i < 64; i++)
		printf " [k%d]", i > (d "/tags-moves")
	printf "; O2 b1 c1! [k64]\n" > (d "/tags-moves")
	printf "%s\n", rep("X1 a1 b1; ", 25) > (d "/items")
	printf "%s\n", rep("x1 a1 b1 ", 18) > (d "/diagnostics")
	printf "%sX", rep("X\n", 2049) > (d "/chunk-lines")
	printf "%s\n", rep("X1+(1,2); ", 25) > (d "/goff-items")
	printf "X1+(1,2); O2+(2,3); X3+(3,1); O3@X1(1)%s\n",
	    rep("!X1(1)", 10) > (d "/goff-collapse")
	printf "{\"state\":\".,.,./.,.,./.,.,. X1 - *\",\"x\":%s1%s}\n",
	    rep("[", 17), rep("]", 17) > (d "/state-json-deep")
	printf "{\"game\":99999999999999999999,\"ply\":15,\"state\":\"x\"}\n" \
	    > (d "/state-json-range")
	printf "moves: []\n" > (d "/yaml-keys")
	for (i = 0; i < 65; i++)
		printf "k%d: %d\n", i, i > (d "/yaml-keys")
	printf "moves:\n- move: X1 a1 b1\n" > (d "/yaml-notes")
	for (i = 0; i < 65; i++)
		printf "  n%d: %d\n", i, i > (d "/yaml-notes")
	printf "moves:\n" > (d "/yaml-moves")
	for (i = 0; i < 24; i++)
		printf "- X1 a1 b1\n" > (d "/yaml-moves")
	for (i = 0; i < 9; i++)
		printf "%%TAG !t%d! tag:x,2000:\n", i > (d "/yaml-directives")
	printf "---\nmoves: []\n" > (d "/yaml-directives")
	printf "- moves: [{move: X1 a1 b1, n: [1]}]\n" > (d "/yaml-deep")
	printf "moves:\n- move: X1 a1 b1!\n  mark: \"?\"\n" > (d "/yaml-mark")
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
echo "seeds: $(find "$seeds" -type f | wc -l) files in $seeds"
