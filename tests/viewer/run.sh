#!/bin/sh
# The viewer page (qttt-render -T html, formats/viewer.md) and its
# WebAssembly module, each checked by something that is not it:
#	- the page of every kind of record in the examples (line, YAML,
#	  JSON, Goff's notation, state strings, a state on the command
#	  line, two inputs) is valid HTML for tidy and refers to nothing
#	  outside; a page of 1,000 games is at most 1.5 MB besides its
#	  module, one of 100,000 at most 1.3 times its records besides its
#	  module, written in flat memory under 4 MiB (peakrss);
#	- the module under node (module.test.js): the page carries
#	  lib/web/qttt.wasm as built, its shim gives what it imports, and
#	  every position of a collection, with the page's options, is what
#	  qttt-render -T svg draws, byte for byte (1,000 positions and
#	  more), and positions are analysed as qttt-analyze analyses them;
#	- the page in headless Chromium, driven as a user drives it
#	  (page.test.js, over the DevTools protocol): fragments, keys,
#	  buttons, the back button; moves and measurements played by
#	  clicks on the board, branches, illegal clicks explained with the
#	  library's diagnostic, the forced X9, typed actions; the analysis
#	  of 100 positions against qttt-analyze; perfect play as an
#	  opponent; the game list found by typing, by result, sorted,
#	  its rows labelled; a page of 5,000 games keeping few nodes;
#	  state strings read by -R's profile; a right-to-left override
#	  in a tag kept to it; Copy's word; the step buttons in reach at
#	  1280 by 900; invalid games listed, marked, with their
#	  diagnostics, played up to the error; the keyboard alone from
#	  the list of 1,000 games to the board, the moves, the analysis,
#	  Play and Copy; malformed fragments; words of 4,000
#	  characters that do not widen the page, whose headings name a
#	  file without its folders; no network request, the security
#	  policy with the hashes of the page's scripts (a script put in
#	  does not run; a page without 'wasm-unsafe-eval' falls back to
#	  its view without scripts); without scripts every record and the
#	  first games in full; print; a phone's width, and a phone's
#	  layout at 390 px measured (phone-390*.png); screenshots of the
#	  board against rsvg-convert's pictures of -T svg in three themes;
#	  the print.css example filling its picture.
# Where Chromium, node, tidy, eslint or rsvg-convert is not installed
# the suite says so loudly and skips those checks; with
# QTTT_REQUIRE_BROWSER=1 (as .ci/run sets it) a missing one fails the
# suite.  A test of time
# is only a timeout here: the page's timings are in make bench.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib.sh"
suite_begin viewer

EX=$top/formats/examples/worked.qttt
skipped=

ok() { pass=$((pass + 1)); }
bad() { echo "FAIL: $*"; fail=$((fail + 1)); }
# expect NAME WANT GOT
expect() {
	if [ "$2" = "$3" ]; then ok; else bad "$1: want '$2', got '$3'"; fi
}

missing() {
	echo "viewer: ********************************************************"
	echo "viewer: SKIPPED: $1 is not installed, so $2 are NOT tested."
	echo "viewer: Install it (sh .ci/deps as root installs it)."
	echo "viewer: ********************************************************"
	skipped="$skipped $1"
	if [ "${QTTT_REQUIRE_BROWSER:-0}" = 1 ]; then
		bad "$1 is required (QTTT_REQUIRE_BROWSER=1) but missing"
	fi
}

# tally OUTPUT: counts the "FAIL:" lines of a node test and its own
# tally line "NAME: P passed, F failed", and shows the rest.
tally() {
	grep -v 'passed, [0-9]* failed$' "$1"
	p=$(sed -n 's/.*: \([0-9]*\) passed, [0-9]* failed$/\1/p' "$1" |
	    tail -n 1)
	f=$(grep -c '^FAIL' "$1")
	if [ -z "$p" ]; then
		bad "$(basename "$1" .out): no tally (it stopped)"
	fi
	pass=$((pass + ${p:-0}))
	fail=$((fail + f))
}

# The pages: every kind of record the examples hold.
qttt-convert -q -T yaml "$EX" >"$out/worked.yaml" &&
qttt-convert -q -T json "$EX" >"$out/worked.json" &&
qttt-convert -q -T goff "$EX" >"$out/worked.goff" &&
qttt-replay -a -g 3 "$EX" >"$out/states.txt" || exit 1
qttt-render -T html "$EX" >"$out/line.html" || bad "page: line notation"
for k in yaml json goff; do
	qttt-render -T html "$out/worked.$k" >"$out/$k.html" ||
	    bad "page: $k"
done
qttt-render -T html "$out/states.txt" >"$out/states.html" ||
    bad "page: state strings"
qttt-render -T html -S "$(sed -n 4p "$out/states.txt")" >"$out/arg.html" ||
    bad "page: -S"
qttt-render -T html -c a1 -t mono "$EX" "$out/worked.goff" \
    >"$out/two.html" || bad "page: two inputs"
qttt-render -T html -t mono "$EX" >"$out/mono.html" || bad "page: mono"
PAGES="line yaml json goff states arg two"

# Refers to nothing outside: no URL, no source, no style sheet, no
# link but to a fragment of the page itself.
for p in $PAGES; do
	n=$(grep -c -i -E 'https?:|src=|@import|url\(|<link|href="[^#]' \
	    "$out/$p.html")
	expect "$p: references outside the page" 0 "$n"
done

# HTML validity.
if command -v tidy >/dev/null 2>&1; then
	for p in $PAGES mono; do
		if tidy -q -e "$out/$p.html" >"$out/$p.tidy" 2>&1; then ok
		else bad "tidy: $p.html:"; cat "$out/$p.tidy"; fi
	done
else
	missing tidy "the pages' HTML validity"
fi

# Sizes, and the writer's memory: 1,000 and 100,000 generated games.
# The module is the page's one block of base64.
module_size() {
	sed -n '/^<script type="application\/octet-stream"/,/<\/script>/p' \
	    "$1" | wc -c
}
${CC:-cc} -O2 -o "$out/peakrss" "$top/tests/bench/peakrss.c" || exit 1
qttt-generate -n 100000 -s 23 >"$out/g100k.qttt"
head -n 1000 "$out/g100k.qttt" >"$out/g1k.qttt"
# The resident peak counts the program's own file pages, mapped around
# each fault, and so varies by machine and run: 3,512 to 3,696 KiB here
# in five runs, 4,096 KiB once on CI.  The module the page carries is
# copied from those clean, shared pages, so its size is allowed beside
# the 4 MiB, and the least of three runs counts.
for n in 1k 100k; do
	kib=
	for try in 1 2 3; do
		"$out/peakrss" -o "$out/$n.figures" qttt-render -T html \
		    "$out/g$n.qttt" >"$out/g$n.html" || bad "page of $n games"
		read -r _wall k <"$out/$n.figures"
		if [ -z "$kib" ] || [ "$k" -lt "$kib" ]; then kib=$k; fi
	done
	page=$(wc -c <"$out/g$n.html")
	module=$(module_size "$out/g$n.html")
	records=$(wc -c <"$out/g$n.qttt")
	cap=$((4096 + module / 1024))
	echo "viewer: a page of $n games: $page bytes, of which" \
	    "$module of module; the records $records bytes;" \
	    "qttt-render -T html's peak $kib KiB (least of three;" \
	    "under $cap KiB)"
	# A sanitizer's shadow memory is no measure of the writer's.
	if [ -n "$QTTT_SANITIZE" ] || [ "$kib" -lt "$cap" ]; then ok; else
		bad "page of $n games: peak $kib KiB, not under $cap KiB" \
		    "(4 MiB and the module)"; fi
	case $n in
	1k)	if [ $((page - module)) -le 1500000 ]; then ok; else
			bad "page of 1,000 games: $((page - module)) bytes" \
			    "besides its module (1,500,000 at most)"; fi ;;
	100k)	if [ $((10 * (page - module))) -le $((13 * records)) ]
		then ok; else
			bad "page of 100,000 games: $((page - module))" \
			    "bytes besides its module, more than 1.3 times" \
			    "$records"; fi ;;
	esac
done
rm -f "$out/g100k.html"

if ! command -v node >/dev/null 2>&1; then
	missing node "the module's exports and the page in a browser"
	suite_end viewer "skipped:$skipped"
	exit
fi

# The page's script is JavaScript that node parses, in strict mode,
# and that ESLint (Debian's eslint, whose modules are in
# /usr/share/nodejs) finds clean with eslint:recommended and the rules
# of tests/viewer/eslintrc.json.  Its style sheet the browser checks
# (page.test.js, styles()).
for j in module viewer; do
	if node --check "$top/lib/web/$j.js" >"$out/$j.check" 2>&1; then ok
	else bad "node --check lib/web/$j.js:"; cat "$out/$j.check"; fi
done
if command -v eslint >/dev/null 2>&1; then
	if NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH} eslint \
	    --no-eslintrc -c "$top/tests/viewer/eslintrc.json" \
	    "$top/lib/web/module.js" "$top/lib/web/viewer.js" \
	    >"$out/eslint.out" 2>&1; then ok
	else bad "eslint lib/web/module.js lib/web/viewer.js:"
		cat "$out/eslint.out"; fi
else
	missing eslint "the page's script against a linter"
fi

# The module under node: 1,000 positions and more, with the default
# options and with every option -T html passes to the module.
mkdir -p "$out/m1/svg" "$out/m2/svg"
qttt-generate -n 100 -s 5 -u >"$out/m1/games.qttt"
qttt-render -T svg -a -d "$out/m1/svg" "$out/m1/games.qttt" &&
qttt-render -T html "$out/m1/games.qttt" >"$out/m1/options.html" ||
    bad "module: the pictures of m1"
qttt-generate -n 12 -s 6 >"$out/m2/games.qttt"
set -- -c a1 -r 90 -F h -t dark -L -k 'fill=#0c0 a1' -k 'arrow b1 c3' \
    -C "$top/formats/examples/print.css"
qttt-render -T svg -a -d "$out/m2/svg" "$@" "$out/m2/games.qttt" &&
qttt-render -T html "$@" "$out/m2/games.qttt" >"$out/m2/options.html" ||
    bad "module: the pictures of m2"
set --
qttt-replay -T state -a "$out/m2/games.qttt" | awk 'NR % 3 == 1' \
    >"$out/m.states"
qttt-analyze -T json -f state "$out/m.states" >"$out/m.analysis"
# The best line of each mistake of m1's games, as qttt-analyze's
# report writes it after "best was" (without the value after it).
qttt-convert -q -T line "$out/m1/games.qttt" >"$out/m1/records.qttt"
qttt-analyze "$out/m1/games.qttt" | awk '
	/^game [0-9]+,/ { g = $2; sub(/,/, "", g) }
	/^ *[0-9]+  / { ply = $1 }
	/^ *best was / { sub(/^ *best was /, ""); sub(/; [^;]*$/, "")
		print g "\t" ply "\t" $0 }' >"$out/m1/best.tsv"
WASM_STATES=$out/m.states WASM_ANALYSIS=$out/m.analysis \
WASM_BEST=$out/m1/best.tsv WASM_BEST_RECORDS=$out/m1/records.qttt \
    timeout 300 node "$top/tests/viewer/module.test.js" \
    "$top/lib/web/qttt.wasm" "$out/line.html" "$out/m1" "$out/m2" \
    >"$out/module.out" 2>&1
tally "$out/module.out"

CHROMIUM=
for c in chromium chromium-browser google-chrome; do
	command -v "$c" >/dev/null 2>&1 && { CHROMIUM=$c; break; }
done
if [ -z "$CHROMIUM" ]; then
	missing chromium "the pages in a browser"
	suite_end viewer "skipped:$skipped"
	exit
fi
if ! command -v rsvg-convert >/dev/null 2>&1; then
	missing rsvg-convert "screenshots against the SVG output"
fi

# What the browser test compares the page with.
qttt-render -T svg -g 3 -p 6 "$EX" >"$out/g3p6.svg"
qttt-render -T svg -g 3 -p 5 "$EX" >"$out/g3p5.svg"
qttt-render -T svg -g 4 -p 8 "$EX" >"$out/g4p8.svg"
echo 'X1 a1 b1; O2 b1 b2; X3 a1 c3; O4 b1 c3; measure O4->b1' |
    qttt-render -T svg >"$out/branch.svg"
# The forced X9 due after ply 9.
echo 'X1 a1 b1; O2 b1 c1; X3 c1 c2; O4 c2 c3; X5 b3 c3; O6 a3 b3;' \
    'X7 a2 a3; O8 a1 a2; measure O8->a2' | qttt-render -T html \
    >"$out/forced.html"
# The signs of the values along game 3, as qttt-analyze gives them.
qttt-replay -a -g 3 -T state "$EX" | qttt-analyze -T json -f state |
    jq -r '.value' | awk -F- '
	function half(s) { return s == "1/2" ? 1 : s == "3/2" ? 3 : 2 * s }
	{ d = half($1) - half($2); v = v (NR > 1 ? "," : "") \
	    (d > 0 ? 1 : d < 0 ? -1 : 0) }
	END { print "[" v "]" }' >"$out/g3.values"
# What qttt-analyze says of game 3: the numbers of mistakes and blunders
# of X and O, as the page's words give them ("no mistake" none); the
# marks of its plies.
qttt-analyze -s -g 3 "$EX" | sed -n 1p | awk '{
	for (i = 1; i <= NF; i++) { gsub(/[,;]/, "", $i); w[i] = $i }
	for (i = 1; i <= NF; i++) if (w[i] == "X" || w[i] == "O") {
		m = w[i + 1]; b = w[i + 3]
		s = s " " w[i] (m + b == 0 ? "" : (m ? " " m : "") (b ? " " b : ""))
	} print substr(s, 2) }' >"$out/g3.judged"
qttt-analyze -T json -g 3 "$EX" |
    jq -s -c '[.[] | select(.mark != null and .mark != "") | .mark]' \
    >"$out/g3.marks"
# A club's games: players, events and dates as tags.
qttt-generate -n 500 -s 11 -u | awk '
	BEGIN { split("Alice Bob Carol Dave Erin Frank Grace Heidi Ivan Judy",
		    n, " ")
		split("Club night|Spring open|Summer cup|Class 4B", e, "|") }
	{ printf "[x %s] [o %s] [event \"%s\"] [date 2026-%02d-%02d] %s\n",
	    n[NR % 10 + 1], n[(NR * 3) % 10 + 1], e[NR % 4 + 1], NR % 12 + 1,
	    NR % 28 + 1, $0 }' >"$out/club.qttt"
qttt-render -T html "$out/club.qttt" >"$out/club.html"
qttt-convert -T line "$out/club.qttt" >"$out/club.records"
awk -F'; ' 'NR == 3 { n = NF; if ($NF ~ /^[0-9\/]+-[0-9\/]+$/) n--
	print n + 1 }' "$out/club.qttt" >"$out/club.g3plies"
awk '{ moves = 0
	for (i = 1; i <= NF; i++) if ($i ~ /^[XO][1-9]$/ && $(i - 1) != "measure")
		moves++
	if ($0 ~ /\[x Alice\]/) { alice++; if ($NF == "1-0") alice10++ }
	if ($0 ~ /Summer/) summer++
	if (moves > 8) nine++
	x = $2; sub(/\]$/, "", x)
	if (min == "" || x < min) min = x; if (x > max) max = x }
	END { printf "{\"alice\":%d,\"alice10\":%d,\"summer\":%d,\"nine\":%d," \
	    "\"firstx\":\"%s\",\"lastx\":\"%s\"}\n", alice, alice10, summer,
	    nine, min, max }' "$out/club.qttt" >"$out/club.counts"
# 100 positions of the club's games, picked at random (seeded), and
# what qttt-analyze says of each.
qttt-replay -a -T json "$out/club.qttt" | jq -r '[.game, .ply, .state] |
    @tsv' | awk 'BEGIN { x = 7 } { x = (x * 1103515245 + 12345) % 2147483648
	print int(x / 65536) % 65536 "\t" $0 }' | sort -n | cut -f2- |
    head -n 100 >"$out/positions.tsv"
cut -f3 "$out/positions.tsv" | qttt-analyze -T json -f state \
    >"$out/positions.json"
# An annotated record, as qttt-analyze writes it, in the line notation,
# best lines included; the glyphs of its main line's moves.
qttt-analyze -T yaml "$EX" | qttt-convert -T line >"$out/annotated.qttt"
qttt-render -T html "$out/annotated.qttt" >"$out/annotated.html"
qttt-select --novars "$out/annotated.qttt" |
    awk '!/^#/ && NF { if (++g != 3) next; n = split($0, it, "; ")
	for (i = 1; i <= n; i++) { s = it[i]; sub(/ *\[.*/, "", s)
		if (s ~ /^[0-9\/]+-[0-9\/]+$/) continue
		print match(s, /[!?]+$/) ? substr(s, RSTART) : "-" } }' \
    >"$out/annotated.glyphs"
qttt-generate -n 5000 -s 9 | qttt-render -T html >"$out/big.html"
# Variations, nested; a line with two blunders (qttt-analyze: plies 6
# and 7, best X5 b2 a3 and O6 b2 a3).
printf '%s\n' 'X1 a1 c3; O2 a1 c1 (O2 b2 b3; X3 a2 b2 (X3 a1 a2;'\
' O4 b1 c2)); X3 a1 c1; *' 'X1 a1 c3; O2 a1 c1; X3 a1 c1; measure'\
' X3->a1; O4 b2 a3; X5 a2 b3; O6 b1 b3' >"$out/nested.qttt"
qttt-render -T html "$out/nested.qttt" >"$out/nested.html"
# A variation's move written with its squares in the other order.
echo 'X1 a1 c3; O2 a1 c1 (O2 b3 b2); X3 a1 c1' |
    qttt-render -T html >"$out/order.html"
# Words of 4,000 characters: a tag, a comment after a game, a comment
# after a ply; written from the file's absolute path ($out is one).
long=$(awk 'BEGIN { while (n++ < 4000) printf "w" }')
{ echo "[event \"$long\"] X1 a1 b1; O2 b1 b2; X3 b2 c3"
  echo "X1 a1 b1; O2 b1 b2 # $long"
  echo "[site $long] X1 a1 b1 [comment \"$long\"]; O2 b1 b2"; } \
    >"$out/long.qttt"
qttt-render -T html "$out/long.qttt" >"$out/long.html"
expect "a page written from an absolute path names no folder" 0 \
    "$(grep -c -F "$out" "$out/long.html")"
# State strings read by a profile (-R): rules.md's record from the
# Android app at its end, which only ksmanis reads (2-0; Goff's rules
# give 3/2-0), and the empty board.
printf '%s\n' 'X1,O6,O8/X3,X5,X9/X7,O4,O2 - - 2-0' '.,.,./.,.,./.,.,. X1 - *' \
    >"$out/ksmanis.txt"
qttt-render -R ksmanis -T html "$out/ksmanis.txt" >"$out/ksmanis.html" ||
    bad "page: state strings under -R ksmanis"
# A right-to-left override (U+202E) in a tag, which nothing closes.
printf '[x "\342\200\256Alice"] [o Bob] [event Club] X1 a1 b1; O2 b1 b2\n%s\n' \
    'X1 a1 b1' >"$out/rlo.qttt"
qttt-render -T html "$out/rlo.qttt" >"$out/rlo.html" ||
    bad "page: a right-to-left override in a tag"
# Pages that ask for what the policy forbids, or forbid WebAssembly.
sed 's|^<main id="qttt-static">|&<img src="http://example.invalid/x.png" alt="">|' \
    "$out/line.html" >"$out/leaky.html"
sed '/Content-Security-Policy/d' "$out/leaky.html" >"$out/leaky-open.html"
sed "s/ 'wasm-unsafe-eval'//" "$out/line.html" >"$out/nowasm.html"
# Invalid games among valid ones, one drawn in full (game 2), one in
# the list (game 12): the page holds them, marked, with qttt-validate's
# diagnostics, as far as they are valid; status 1.
{ echo 'X1 a1 b1; O2 b1 c1'
  echo 'X1 a1 b1; O2 b1 b2; X3 b2 b2; O4 a1 a2'
  qttt-generate -n 9 -s 3
  echo '[x Ann] X1 a1 b1; O2 b1 b2; X3 a1 zz; 1-0'; } >"$out/invalid.qttt"
( cd "$out" && { qttt-validate invalid.qttt; } >invalid.diags 2>&1
  qttt-render -T html invalid.qttt >invalid.html 2>invalid.stderr
  echo $? >invalid.status )
expect "a page with invalid games: its status" 1 "$(cat "$out/invalid.status")"
expect "a page with invalid games: standard error as qttt-validate's" "" \
    "$(diff "$out/invalid.diags" "$out/invalid.stderr")"
if command -v tidy >/dev/null 2>&1; then
	if tidy -q -e "$out/invalid.html" >"$out/invalid.tidy" 2>&1; then ok
	else bad "tidy: invalid.html:"; cat "$out/invalid.tidy"; fi
fi
# A script put into the page, as a fault of escaping would put it.
sed 's|^<main id="qttt-static">|&<script>window.injected = 1</script>|' \
    "$out/line.html" >"$out/injected.html"
cat >"$out/frame.html" <<EOF
<!DOCTYPE html><html lang="en"><head><title>f</title></head><body>
<iframe src="line.html#g2p3" title="viewer" width="360" height="1400"></iframe>
</body></html>
EOF
# Screenshots against rsvg-convert's pictures of -T svg: the ply, and
# the ply before.
if command -v rsvg-convert >/dev/null 2>&1; then
	i=0
	for c in "line.html #g3p6 3 6 light" "line.html #g5p5 5 5 light" \
	    "line.html #g6p10 6 10 dark" "mono.html #g4p7 4 7 mono"; do
		set -- $c
		i=$((i + 1))
		echo "$1 $2 $5" >"$out/shot-$i.case"
		qttt-render -T svg -t "$5" -g "$3" -p "$4" "$EX" |
		    rsvg-convert -o "$out/shot-$i.same.png"
		qttt-render -T svg -t "$5" -g "$3" -p $(($4 - 1)) "$EX" |
		    rsvg-convert -o "$out/shot-$i.before.png"
	done
	set --
fi
( cd "$top/formats/examples" &&
    qttt-render -T svg -C print.css fig7.qttt ) >"$out/styled.svg"

timeout 600 node "$top/tests/viewer/page.test.js" "$CHROMIUM" "$out" \
    >"$out/page.out" 2>&1
tally "$out/page.out"

suite_end viewer "${skipped:+skipped:$skipped}"
