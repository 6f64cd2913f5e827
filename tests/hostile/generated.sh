# Sourced by run.sh: the hostile inputs too big or too odd to keep in
# git, made at test time, each checked as a case of the tables
# (check NAME STATUS LINE:COL CODE INPUT COMMAND).
g=$out/gen
mkdir -p "$g"

# Empty input, and no input at all.
: >"$g/empty"
check gen:empty 1 1:1 no-games "$g/empty" "qttt-validate -"
check gen:devnull 1 1:1 no-games /dev/null "qttt-validate -"

# A line of 100 MB, alone, then between two games: reported once and
# skipped, the games around it still read (the third is invalid).
head -c 100000000 /dev/zero | tr '\0' x >"$g/100mb"
check gen:100mb-line 1 1:65537 line-too-long "$g/100mb" "qttt-validate -"
{ echo 'X1 a1 b1'; cat "$g/100mb"; printf '\nX1 a1 a1\n'; } >"$g/100mb-mid"
check gen:100mb-middle 1 2:65537 line-too-long "$g/100mb-mid" \
    "qttt-validate -"
check gen:100mb-count 1 - - "$g/100mb-mid" \
    "qttt-validate -q - && exit 9; test \$? = 1 &&
    qttt-validate -s - 2>&1 | grep -q ' 3 games, 1 valid, 2 invalid' &&
    exit 1"
# A line as long as the limit is still read; one byte more is not.
{ printf 'X1 a1 b1;'; head -c 65527 /dev/zero | tr '\0' ' '; echo; } \
    >"$g/65536"
check gen:65536-bytes 0 - - "$g/65536" "qttt-validate -"
{ printf 'X1 a1 b1;'; head -c 65528 /dev/zero | tr '\0' ' '; echo; } \
    >"$g/65537"
check gen:65537-bytes 1 1:65537 line-too-long "$g/65537" "qttt-validate -"
# 100 MB of ';', of blanks, of newlines.
head -c 100000000 /dev/zero | tr '\0' ';' >"$g/semicolons"
check gen:semicolons 1 1:65537 line-too-long "$g/semicolons" "qttt-validate -"
head -c 20000000 /dev/zero | tr '\0' '\n' >"$g/newlines"
check gen:newlines 1 1:1 no-games "$g/newlines" "qttt-validate -"

# Binary noise (the same bytes every run), a NUL-filled file, and an
# executable.
awk 'BEGIN { x = 1; for (i = 0; i < 200000; i++) {
	x = (x * 1103515245 + 12345) % 2147483648
	printf "%c", int(x / 65536) % 256 } }' >"$g/noise"
check gen:noise 1 1:1 invalid-utf8 "$g/noise" "qttt-validate -f line -"
head -c 1000000 /dev/zero >"$g/zeros"
head -c 1000 /dev/zero >"$g/1000-zeros"
check gen:1000-zeros 1 1:1 nul-byte "$g/1000-zeros" "qttt-validate -"
check gen:zeros 1 1:1 nul-byte "$g/zeros" "qttt-validate -"
# CR line ends (an old Mac file) over 64 KiB: the first CR is the fault,
# not the length of the one line they make.
awk 'BEGIN { for (i = 0; i < 4000; i++) printf "X1 a1 b1; O2 b1 c1\r" }' \
    >"$g/cr-only"
check gen:cr-only 1 1:19 control-character "$g/cr-only" "qttt-validate -"
awk 'BEGIN { printf "moves:\r"; for (i = 0; i < 9000; i++)
	printf "- X1 a1 b1\r" }' >"$g/cr-only.yaml"
check gen:cr-only-yaml 1 1:7 control-character "$g/cr-only.yaml" \
    "qttt-validate -f yaml -"
check gen:binary 1 1:1 control-character "$top/cmd/qttt-validate" \
    "qttt-validate -f line -"

# A token far longer than a message shows.
{ printf 'X1 a1 '; head -c 5000 /dev/zero | tr '\0' z; echo; } >"$g/token"
check gen:long-token 1 1:7 bad-square "$g/token" "qttt-validate -"
# More items than any game: 25, and 6000.
{ for i in $(seq 25); do printf '*;'; done; echo; } >"$g/items"
check gen:25-items 1 1:3 result-not-last "$g/items" "qttt-validate -"
awk 'BEGIN { for (i = 0; i < 6000; i++) printf "X1 a1 b1; "; print "" }' \
    >"$g/6000-items"
check gen:6000-items 1 1:241 too-many-items "$g/6000-items" "qttt-validate -"
# Many diagnostics in one game: only 16 kept, the rest counted.
awk 'BEGIN { for (i = 0; i < 1000; i++) printf "X1 zz zz; "; print "" }' \
    >"$g/many-errors"
check gen:many-errors 1 1:241 too-many-items "$g/many-errors" "qttt-validate -"
check gen:many-errors-count 0 - - "$g/many-errors" \
    "qttt-validate - 2>&1 | tee $g/many-errors.err >/dev/null &&
    test \$(grep -c 'error:' $g/many-errors.err) = 16 &&
    grep -q 'more problems in this game not shown' $g/many-errors.err"
# A bad game after 100000 good ones, on the right line.
qttt-generate -n 100000 -s 5 >"$g/many"
echo 'X1 a1 b1; O2 b1 b1' >>"$g/many"
check gen:after-100000 1 100001:17 same-square "$g/many" "qttt-validate -"

# YAML and JSON: a billion laughs, nesting as deep as a line allows,
# limits one beyond what the format allows, a document of more than
# 1 MiB; reading goes on at the next document.
awk 'BEGIN {
	print "a: &a [x, x, x, x, x, x, x, x, x]"
	for (i = 98; i < 106; i++) {
		printf "%c: &%c [", i, i
		for (j = 0; j < 9; j++) printf "*%c%s", i - 1, j < 8 ? ", " : ""
		print "]"
	}
	print "moves: [*i]"
}' >"$g/laughs.yaml"
check gen:yaml-laughs 1 1:4 yaml "$g/laughs.yaml" "qttt-validate -"
awk 'BEGIN { printf "moves: "; for (i = 0; i < 60000; i++) printf "[";
    print "" }' >"$g/deep.yaml"
check gen:yaml-deep 1 1:9 yaml "$g/deep.yaml" "qttt-validate -"
awk 'BEGIN { for (i = 0; i < 10000; i++) printf "{\"a\":"; print "" }' \
    >"$g/deep.json"
check gen:json-deep 1 1:6 yaml "$g/deep.json" "qttt-validate -"
awk 'BEGIN { for (i = 0; i < 1000; i++) { for (j = 0; j < i; j++)
    printf " "; print "- " } }' >"$g/deep-block.yaml"
check gen:yaml-deep-block 1 2:2 yaml "$g/deep-block.yaml" "qttt-validate -"
awk 'BEGIN { for (i = 1; i <= 65; i++) print "k" i ": v"; print "moves: []" }' \
    >"$g/65-keys.yaml"
check gen:yaml-65-keys 1 65:1 yaml "$g/65-keys.yaml" "qttt-validate -"
awk 'BEGIN { for (i = 1; i <= 64; i++) print "k" i ": v"; print "moves: []" }' \
    >"$g/64-keys.yaml"
check gen:yaml-64-keys 0 - - "$g/64-keys.yaml" "qttt-validate -"
awk 'BEGIN { print "moves:"; for (i = 1; i <= 24; i++) print "- X1 a1 b1" }' \
    >"$g/24-moves.yaml"
check gen:yaml-24-moves 1 25:3 too-many-items "$g/24-moves.yaml" \
    "qttt-validate -"
awk 'BEGIN { printf "event: "; for (i = 0; i < 4097; i++) printf "x";
    print ""; print "moves: []" }' >"$g/long-value.yaml"
check gen:yaml-4097-value 1 1:8 yaml "$g/long-value.yaml" "qttt-validate -"
awk 'BEGIN { printf "event: "; for (i = 0; i < 4096; i++) printf "x";
    print ""; print "moves: []" }' >"$g/value.yaml"
check gen:yaml-4096-value 0 - - "$g/value.yaml" "qttt-validate -"
awk 'BEGIN { for (i = 0; i < 129; i++) printf "k"; print ": v";
    print "moves: []" }' >"$g/long-key.yaml"
check gen:yaml-129-key 1 1:1 yaml "$g/long-key.yaml" "qttt-validate -"
awk 'BEGIN { print "moves: []"
    for (i = 0; i < 20000; i++)
	printf "# line %05d of a document that goes on and on and on\n", i
    print "event: late"
    print "---"; print "moves: [X1 a1 a1]" }' >"$g/big-doc.yaml"
check gen:yaml-1mib 1 20002:1 yaml "$g/big-doc.yaml" "qttt-validate -"
check gen:yaml-1mib-next 1 - - "$g/big-doc.yaml" \
    "qttt-validate - 2>&1 |
    grep -q '^qttt-validate: <stdin>:20004:15: .*same-square' && exit 1"
# Blank and comment lines do not count toward a document's 1 MiB:
# not before it (at the start, after "...", between JSON values), not
# after it; nor do they hide the format of what follows them.
awk 'BEGIN { for (i = 0; i < 1048577; i++) print ""
    print "moves: [X1 a1 b1]" }' >"$g/blank-before.yaml"
check gen:yaml-blank-before 0 - - "$g/blank-before.yaml" \
    "qttt-validate -f yaml -"
awk 'BEGIN { print "moves: [X1 a1 b1]"; print "..."
    for (i = 0; i < 1048577; i++) print "#"
    print "moves: [X1 a1 b1]" }' >"$g/blank-after-end.yaml"
check gen:yaml-blank-after-end 0 - - "$g/blank-after-end.yaml" \
    "qttt-validate -s - 2>&1 | grep -q ' 2 games, 2 valid' || exit 9"
awk 'BEGIN { print "moves: [X1 a1 b1]"
    for (i = 0; i < 1048577; i++) print "# after"
    print "---"; print "moves: [X1 a1 b1]" }' >"$g/blank-after.yaml"
check gen:yaml-blank-after 0 - - "$g/blank-after.yaml" \
    "qttt-validate -s - 2>&1 | grep -q ' 2 games, 2 valid' || exit 9"
awk 'BEGIN { print "{\"moves\": [\"X1 a1 b1\"]}"
    for (i = 0; i < 1048577; i++) print ""
    print "{\"moves\": [\"X1 a1 b1\"]}" }' >"$g/blank-between.json"
check gen:json-blank-between 0 - - "$g/blank-between.json" \
    "qttt-validate -s - 2>&1 | grep -q ' 2 games, 2 valid' || exit 9"
awk 'BEGIN { for (i = 0; i < 140000; i++) print ""
    print "moves: [X1 a1 b1]" }' >"$g/detect-blank.yaml"
check gen:detect-after-blanks 0 - - "$g/detect-blank.yaml" \
    "qttt-validate -"
awk 'BEGIN { for (i = 0; i < 140000; i++) print "# comment " i
    print "{\"moves\": [\"X1 a1 b1\"]}"; print "X1 a1 b1" }' \
    >"$g/detect-comments.json"
check gen:detect-after-comments 1 140002:1 yaml "$g/detect-comments.json" \
    "qttt-validate -"
# In JSON Lines, a line with a byte the reader refuses at its end (a
# control character, U+0085, 0xff), or a byte-order mark at its start,
# is one bad game: the games around it are still read.
for bad in 'x:\001' 'nel:\302\205' 'ff:\377' 'bom:'; do
	name=${bad%%:*} bytes=${bad#*:}
	{ echo '{"moves": ["X1 a1 b1"]}'
	  if [ "$name" = bom ]; then
		printf '\357\273\277{"moves": ["X1 a1 b1"]}\n'
	  else
		printf '{"moves": ["X1 a1 b1"]}%b\n' "$bytes"
	  fi
	  echo '{"moves": ["X1 a1 b1"]}'; echo '{"moves": ["X1 a1 b1"]}'
	} >"$g/jsonl-$name.json"
	check "gen:jsonl-refused-$name" 1 - - "$g/jsonl-$name.json" \
	    "qttt-validate -s - 2>&1 |
	    grep -q ' 4 games, 3 valid, 1 invalid' && exit 1"
done
# Directives are bounded: 80,000 %TAG lines are refused at the ninth.
awk 'BEGIN { for (i = 0; i < 80000; i++)
	printf "%%TAG !t%d! tag:example.com,2000:\n", i
    print "---"; print "moves: []" }' >"$g/tags.yaml"
check gen:yaml-80000-tags 1 9:1 yaml "$g/tags.yaml" "qttt-validate -"
# A list of 50,000 games in one document: every game, in time.
awk 'BEGIN { print "---"; for (i = 0; i < 50000; i++)
	print "- moves: [X1 a1 b1]" }' >"$g/list.yaml"
check gen:yaml-list-50000 0 - - "$g/list.yaml" \
    "qttt-validate -s - 2>&1 | grep -q ' 50000 games, 50000 valid' || exit 9"
{ echo 'moves: [X1 a1 b1]'; echo '---'; printf 'event: '
  cat "$g/100mb"; printf '\n---\nmoves: [X1 a1 a1]\n'; } >"$g/100mb.yaml"
check gen:yaml-100mb-line 1 3:65537 line-too-long "$g/100mb.yaml" \
    "qttt-validate -"
check gen:json-noise 1 1:1 invalid-utf8 "$g/noise" "qttt-validate -f json -"

# Variations: 100,000 opening parentheses on a line (over the limit of
# a line), and 6000 nested on one (beyond the nesting), 6000 one after
# another (beyond the variations of a record), and a million small
# ones in 200,000 valid records: each refused at its place, or read, in
# time linear in the input.
{ printf 'X1 a1 b1 '; head -c 100000 /dev/zero | tr '\0' '('; echo; } \
    >"$g/100000-parens"
check gen:100000-parens 1 1:65537 line-too-long "$g/100000-parens" \
    "qttt-validate -"
awk 'BEGIN { printf "X1 a1 b1"; for (i = 0; i < 6000; i++)
	printf " (X1 a1 b1"; print "" }' >"$g/nested-parens"
check gen:nested-parens 1 1:90 too-many-items "$g/nested-parens" \
    "qttt-validate -"
awk 'BEGIN { printf "X1 a1 b1"; for (i = 0; i < 5900; i++)
	printf " (X1 a1 c1)"; print "" }' >"$g/many-variations"
check gen:many-variations 1 1:714 too-many-items "$g/many-variations" \
    "qttt-validate -"
awk 'BEGIN { for (i = 0; i < 200000; i++)
	print "X1 a1 b1 (X1 a1 c1) (X1 b1 c1) (X1 a1 c2) (X1 b1 c2) " \
	    "(X1 c1 c2); O2 a2 b2" }' >"$g/million-variations"
check gen:million-variations 0 - - "$g/million-variations" \
    "qttt-validate -"
# Variations in YAML and JSON (formats/yaml-record.md, section 3.1):
# 100,000 lists of variations inside one another (a document over
# 1 MiB, refused unread), 50,000 (refused at the ninth, as the line
# notation refuses it), 6000 one after another (refused at the 65th),
# and a million small ones in 200,000 valid records, in JSON and in
# YAML: each refused at its place, or read, in time linear in the input.
awk 'BEGIN { print "{\"moves\":["
	for (i = 0; i < 100000; i++) print "{\"variations\":[[" }' \
    >"$g/100000-variations.json"
check gen:json-100000-variations 1 61682:1 yaml \
    "$g/100000-variations.json" "qttt-validate -"
awk 'BEGIN { print "{\"moves\":["
	for (i = 0; i < 50000; i++) print "{\"variations\":[[" }' \
    >"$g/50000-variations.json"
check gen:json-50000-variations 1 10:15 too-many-items \
    "$g/50000-variations.json" "qttt-validate -"
awk 'BEGIN { print "{\"moves\":[{\"move\":\"X1 a1 b1\",\"variations\":["
	for (i = 0; i < 6000; i++) printf "%s[\"X1 a1 c1\"]", i ? ",\n" : ""
	print "]}]}" }' >"$g/many-variations.json"
check gen:json-many-variations 1 66:1 too-many-items \
    "$g/many-variations.json" "qttt-validate -"
awk 'BEGIN { for (i = 0; i < 200000; i++)
	print "{\"moves\":[{\"move\":\"X1 a1 b1\",\"variations\":[" \
	    "[\"X1 a1 c1\"],[\"X1 b1 c1\"],[\"X1 a1 c2\"],[\"X1 b1 c2\"]," \
	    "[\"X1 c1 c2\"]]},\"O2 a2 b2\"]}" }' >"$g/million-variations.json"
check gen:json-million-variations 0 - - "$g/million-variations.json" \
    "qttt-validate -"
awk 'BEGIN { for (i = 0; i < 200000; i++) {
	print "---"; print "moves:"; print "- move: X1 a1 b1"
	print "  variations:"
	print "  - [X1 a1 c1]"; print "  - [X1 b1 c1]"; print "  - [X1 a1 c2]"
	print "  - [X1 b1 c2]"; print "  - [X1 c1 c2]"; print "- O2 a2 b2" } }' \
    >"$g/million-variations.yaml"
check gen:yaml-million-variations 0 - - "$g/million-variations.yaml" \
    "qttt-validate -"
