#!/bin/sh
# Collections: properties of qttt-select and qttt-stats on random games.
#	- A game and its 8 images under the symmetries (made here by
#	  renaming squares, from the geometry of the board) are one game
#	  to -U and have one canonical form (-C); for -u they are 8.
#	- The games selected and those -v selects are the input, for
#	  criteria of every kind, invalid games included.
#	- -u drops what is repeated: an input twice is the input once
#	  (-u and -U apply to what the criteria, -v included, select).
#	- -c counts what would be written; -C | sort | uniq -c counts the
#	  games, not the comment lines, and not a comment apart.
#	- -d writes the repeats apart: with what is kept, the input.
#	- --split writes files of N games that make the output.
#	- qttt-stats counts what qttt-replay's states show, as jq counts
#	  it (tests/collections/stats.jq), and as qttt-select selects it;
#	  its total is the sum of its inputs; -T yaml is -T json as data
#	  (python3-yaml); -g counts what qttt-select -g selects.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib.sh"
suite_begin collections

GAMES=$out/games.qttt
IMAGES=$out/images.qttt
MIXED=$out/mixed.qttt
export top out GAMES IMAGES MIXED
qttt-generate -u -n 3000 -s 11 >"$GAMES" || exit 1
# The 8 images of each game, one after another: symmetry g takes
# column c, row r (0-based) where formats/symmetry.md says.
awk '
function image(s, g,	out, c, r, t) {
	out = ""
	while (match(s, /[abc][123]/)) {
		c = index("abc", substr(s, RSTART, 1)) - 1
		r = substr(s, RSTART + 1, 1) - 1
		if (g == 1) { t = c; c = 2 - r; r = t }
		else if (g == 2) { c = 2 - c; r = 2 - r }
		else if (g == 3) { t = c; c = r; r = 2 - t }
		else if (g == 4) c = 2 - c
		else if (g == 5) r = 2 - r
		else if (g == 6) { t = c; c = r; r = t }
		else if (g == 7) { t = c; c = 2 - r; r = 2 - t }
		out = out substr(s, 1, RSTART - 1) substr("abc", c + 1, 1) \
		    (r + 1)
		s = substr(s, RSTART + 2)
	}
	return out s
}
{ for (g = 0; g < 8; g++) print image($0, g) }' "$GAMES" >"$IMAGES"
awk 'NR % 7 == 0 { sub(/; [^;]*$/, "; X1 a1 a1") }
	NR % 11 == 0 { print "# a comment" }
	NR % 13 == 0 { print "X1 a1 b1; nonsense" }
	{ print }' "$GAMES" >"$MIXED"

# check NAME COMMAND: the command must print "ok".
check() {
	if [ "$(sh -c "$2" 2>&1)" = ok ]; then
		pass=$((pass + 1))
	else
		echo "FAIL: $1"
		fail=$((fail + 1))
	fi
}

# Every image is valid and, under -U, the same game as the first.
check "the images are valid games" \
    '[ "$(qttt-validate -q "$IMAGES"; echo $?)" = 0 ] && echo ok'
check "-U: a game and its 8 images are one game" '
	n=$(head -n 200 "$IMAGES" | wc -l)
	i=1; bad=0
	while [ $i -le $n ]; do
		k=$(sed -n "${i},$((i + 7))p" "$IMAGES" | qttt-select -U | wc -l)
		[ "$k" = 1 ] || bad=1
		i=$((i + 8))
	done
	[ $bad = 0 ] && echo ok'
check "-U: the images of all add no game" '
	[ "$(qttt-select -U "$IMAGES" | wc -l)" = \
	    "$(qttt-select -U "$GAMES" | wc -l)" ] && echo ok'
check "-U keeps the first of each game" '
	qttt-select -U "$IMAGES" >"$out/u"
	awk "NR % 8 == 1" "$IMAGES" | qttt-select -U | cmp -s - "$out/u" &&
	    echo ok'
check "-u: the images are other games" '
	[ "$(qttt-select -u "$IMAGES" | wc -l)" -gt \
	    "$(qttt-select -U "$IMAGES" | wc -l)" ] && echo ok'
check "-C: the 8 images have one canonical form" '
	qttt-select -C "$IMAGES" | awk "NR % 8 == 1 { f = \$0 }
	    \$0 != f { bad++ } END { if (NR == 24000 && !bad) print \"ok\" }"'
check "-C -U: as many forms as games up to symmetry" '
	[ "$(qttt-select -C "$GAMES" | sort -u | wc -l)" = \
	    "$(qttt-select -U "$GAMES" | wc -l)" ] && echo ok'
qttt-select -C "$GAMES" >"$out/canon"
cat "$GAMES" "$IMAGES" | sort >"$out/sorted"
qttt-select -q -r finished "$MIXED" >"$out/finished" 2>/dev/null
check "-u: an input twice is the input once" '
	qttt-select -u "$GAMES" >"$out/once"
	qttt-select -u "$GAMES" "$GAMES" | cmp -s - "$out/once" && echo ok'

check "-C | sort | uniq -c: the page's recipe counts games" '
	# Comment lines between games and after a game are not games.
	qttt-select -q -C "$MIXED" | sort | uniq -c |
	    awk "{ n += \$1 } END { print n }" >"$out/n"
	[ "$(cat "$out/n")" = "$(qttt-select -q -c "$MIXED")" ] &&
	awk "{ print \$0 \" # a comment\" }" "$GAMES" | qttt-select -C |
	    cmp -s - "$out/canon" && echo ok'
check "-d: the games kept and the repeats written apart are the input" '
	qttt-select -u -d "$out/dups" "$GAMES" "$IMAGES" >"$out/kept" &&
	[ "$(cat "$out/kept" "$out/dups" | wc -l)" = \
	    "$(cat "$GAMES" "$IMAGES" | wc -l)" ] &&
	cat "$out/kept" "$out/dups" | sort | cmp -s - "$out/sorted" &&
	qttt-select -U -d "$out/dups" "$IMAGES" | cmp -s - "$out/u" &&
	[ $(($(wc -l <"$out/dups") + $(wc -l <"$out/u"))) = 24000 ] &&
	echo ok'
check "--split: the files are the output, N games each" '
	mkdir -p "$out/split" && cd "$out/split" && rm -f ./*.qttt &&
	qttt-select -q --split=700 -r finished "$MIXED" &&
	[ "$(ls | wc -l)" = \
	    $(( ($(qttt-select -q -c -r finished "$MIXED") + 699) / 700 )) ] &&
	[ "$(wc -l <1.qttt)" = 700 ] &&
	i=1; while [ -f "$i.qttt" ]; do cat "$i.qttt"; i=$((i + 1)); done |
	    cmp -s - "$out/finished" && echo ok'

# partition CRITERIA: selected and rejected games are the input.
partition() {
	check "-v $1: the rest of the input" "
	grep -v '^#' \"\$MIXED\" | sort >\"\$out/all\"
	{ qttt-select -q $1 \"\$MIXED\"; qttt-select -q -v $1 \"\$MIXED\"; } |
	    sort | cmp -s - \"\$out/all\" || exit
	[ \$(qttt-select -q -c $1 \"\$MIXED\") = \
	    \$(qttt-select -q $1 \"\$MIXED\" | wc -l) ] && echo ok"
}
partition "-r 1-0"
partition "-r '*,0-0'"
partition "-w o"
partition "-M 5-7 -m 1-"
partition "-F 2-cycle"
partition "-F forced-x9 -F cycle-3"
partition "-O 'X1 a1 b2'"
partition "-O 'X1 a1 c3' -x"
partition "-p b2=X"
partition "-S 'x1,x1,./.,.,./.,.,. O2 - *'"
partition "-g 5-100,2000-"
partition "-i"
partition "-ii -P 9"
partition "-ii"

# qttt-stats against counts made with jq from every state qttt-replay
# shows of each game.
qttt-stats -q -T json "$GAMES" "$MIXED" >"$out/json"
check "qttt-stats -T json: the counts of qttt-replay -T json -a" '
	qttt-replay -T json -a "$GAMES" |
	    jq -S -s -f "$top/tests/collections/stats.jq" >"$out/want" &&
	qttt-stats -T json "$GAMES" | jq -S "del(.input, .valid, .invalid,
	    .positions, .mean_score)" >"$out/got" &&
	cmp -s "$out/want" "$out/got" && echo ok'
check "qttt-stats -T yaml: the data of -T json (python3-yaml)" '
	qttt-stats -q -T yaml "$GAMES" "$MIXED" | python3 -c "
import json, sys, yaml
docs = list(yaml.safe_load_all(sys.stdin))
want = [json.loads(l) for l in open(sys.argv[1])]
print(\"ok\" if docs == want and len(docs) == 3 else \"no\")
" "$out/json"'
check "qttt-stats -g: the games -g names, as qttt-select counts them" '
	[ "$(qttt-stats -q -T json -g 100-1999 "$GAMES" | jq .valid)" = \
	    "$(qttt-select -q -c -g 100-1999 "$GAMES")" ] &&
	qttt-stats -q -T json -g 1-500,2001- "$GAMES" | jq -c "del(.input)" \
	    >"$out/g1" &&
	qttt-select -q -g 1-500,2001- "$GAMES" | qttt-stats -q -T json |
	    jq -c "del(.input)" | cmp -s - "$out/g1" && echo ok'
check "qttt-stats: the total is the sum of the inputs" '
	qttt-stats -q -T json "$GAMES" "$MIXED" | jq -s -r "
	    (.[0] | del(.input, .mean_score)) as \$a |
	    (.[1] | del(.input, .mean_score)) as \$b |
	    (.[2] | del(.input, .mean_score)) as \$t |
	    \$a | [paths(numbers)] |
	    all(. as \$p | (\$a | getpath(\$p)) + (\$b | getpath(\$p)) ==
	    (\$t | getpath(\$p))) | if . then \"ok\" else \"no\" end"'
check "qttt-stats: valid and invalid games as qttt-select counts them" '
	qttt-stats -q -T json "$MIXED" >"$out/s"
	[ "$(jq .invalid "$out/s")" = "$(qttt-select -q -i -c "$MIXED")" ] &&
	[ "$(jq .valid "$out/s")" = "$(qttt-select -q -c "$MIXED")" ] &&
	[ "$(jq ".results[\"1-0\"]" "$out/s")" = \
	    "$(qttt-select -q -c -r 1-0 "$MIXED")" ] &&
	[ "$(jq .two_cycle "$out/s")" = \
	    "$(qttt-select -q -c -F 2-cycle "$MIXED")" ] &&
	[ "$(jq .forced_x9 "$out/s")" = \
	    "$(qttt-select -q -c -F forced-x9 "$MIXED")" ] && echo ok'

suite_end collections
