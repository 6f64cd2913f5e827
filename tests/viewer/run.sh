#!/bin/sh
# The viewer page (qttt-render -T html, formats/viewer.md), checked in
# a real browser, headless Chromium, and by an HTML validator, tidy:
#	- the page of every kind of record in the examples (line, YAML,
#	  JSON, Goff's notation, state strings, a state on the command
#	  line, a collection) is valid HTML and refers to nothing outside;
#	- without scripts every position is in the page, in order;
#	- at a fragment (#g3p6) the page shows that position and marks
#	  its move; an unknown fragment shows the first position;
#	- the arrow keys, Home and End, the buttons and a click on a move
#	  step between plies and set the fragment; the back button steps
#	  back; the chooser changes the game;
#	- what the page shows is what -T svg draws for the same ply: a
#	  screenshot of the page against rsvg-convert's picture of the
#	  SVG, in the light, dark and mono themes (and unlike the ply
#	  before);
#	- the page makes no network request (Chromium's own log of the
#	  network, resource timing and the page's security policy), and
#	  a page that does make one is caught;
#	- a game of 13 plies is under 100 KB; print shows the current
#	  position on one page, or every position without scripts.
# Where Chromium or tidy is not installed the suite says so loudly and
# skips those checks; with QTTT_REQUIRE_BROWSER=1 (as .ci/run sets it)
# a missing one fails the suite.
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

# The pages: every kind of record the examples hold.
qttt-convert -t yaml "$EX" >"$out/worked.yaml" &&
qttt-convert -t json "$EX" >"$out/worked.json" &&
qttt-convert -t goff "$EX" >"$out/worked.goff" &&
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

# 13 plies under 100 KB: every such game of a sample of random games.
qttt-generate -n 2000 -s 15 | awk -F';' 'NF == 14' >"$out/g13.qttt"
n13=$(wc -l <"$out/g13.qttt")
[ "$n13" -ge 10 ] || bad "too few 13-ply games in the sample: $n13"
big=0
i=1
while [ "$i" -le "$n13" ]; do
	s=$(qttt-render -T html -g "$i" "$out/g13.qttt" | wc -c)
	[ "$s" -gt "$big" ] && big=$s
	i=$((i + 1))
done
if [ "$big" -lt 100000 ]; then ok; else
	bad "a 13-ply game takes $big bytes (100000 at most)"; fi

# HTML validity.
if command -v tidy >/dev/null 2>&1; then
	for p in $PAGES mono; do
		if tidy -q -e "$out/$p.html" >"$out/$p.tidy" 2>&1; then ok
		else bad "tidy: $p.html:"; cat "$out/$p.tidy"; fi
	done
else
	missing tidy "the pages' HTML validity"
fi

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

# browser ARGS...: headless Chromium, quiet, with its own profile and
# without the background requests it makes for itself.
browser() {
	"$CHROMIUM" --headless --no-sandbox --disable-gpu \
	    --user-data-dir="$out/profile" --no-first-run \
	    --disable-background-networking --disable-component-update \
	    --disable-sync --disable-default-apps --hide-scrollbars \
	    --force-device-scale-factor=1 --window-size=1280,900 \
	    --virtual-time-budget=20000 "$@" 2>/dev/null
}

# probe PAGE FRAGMENT SCRIPT [ARGS]: the page with SCRIPT run after
# load, which puts its findings with say(); prints them.  The script
# may wait (then()) for the page to answer an event.
probe() {
	{
		sed '/^<\/body>/,$d' "$1"
		cat <<EOF
<script>
var said = [], waits = [];
function say(s) { said.push(s); }
function then(f) { waits.push(f); }
function cur() {
	var c = document.querySelectorAll('.qttt-ply.qttt-current');
	var a = document.querySelectorAll('.qttt-moves a[aria-current]');
	return (c.length === 1 ? c[0].id : c.length + ' current') + ' ' +
	    location.hash + ' ' + (a.length === 1 ?
	    a[0].getAttribute('href') : a.length + ' marked');
}
function key(k) {
	document.body.dispatchEvent(new KeyboardEvent('keydown',
	    { key: k, bubbles: true }));
	say(k + ' ' + cur());
}
window.addEventListener('load', function () {
	$3
	/*
	 * A wait ends when the fragment changes (history.back() answers
	 * late on a busy machine), or after 400 polls.
	 */
	(function next() {
		var was = location.hash, polls = 0;
		if (waits.length) { (function poll() {
			if (location.hash === was && ++polls < 400) {
				setTimeout(poll, 10); return; }
			setTimeout(function () { waits.shift()(); next(); }, 50);
		})(); return; }
		var p = document.createElement('pre');
		p.id = 'qttt-probe';
		p.textContent = said.join('\n');
		document.body.appendChild(p);
	})();
});
</script>
</body>
</html>
EOF
	} >"$out/probe.html"
	shift 3
	browser "$@" --dump-dom "file://$out/probe.html$PROBE_FRAGMENT" |
	    sed -n '/<pre id="qttt-probe">/,/<\/pre>/p' |
	    sed 's/<pre id="qttt-probe">//; s/<\/pre>.*//' |
	    sed 's/&gt;/>/g; s/&lt;/</g; s/&amp;/\&/g'
}

# Without scripts: every position, in order, with its two outcomes at
# a pending measurement, as qttt-replay -a counts them.
# (A page without its script stands for a browser that runs none.)
sed '/^<script>/,/^<\/script>/d' "$out/line.html" >"$out/nojs.html"
browser --dump-dom "file://$out/nojs.html#g3p6" >"$out/nojs.dom"
ids=$(grep -o '<figure class="qttt-ply" id="[^"]*"' "$out/nojs.dom" |
    sed 's/.*id="//; s/"//' | tr '\n' ' ')
want=$(awk '/^#/ || NF == 0 { next }
	{ g++; n = split($0, it, ";"); p = it[n] ~ /^ *[0-9\/]+-[0-9\/]+ *$/ ? n - 1 : n
	  for (i = 0; i <= p; i++) printf "g%dp%d ", g, i }' "$EX")
expect "no script: every position in order" "$want" "$ids"
n=$(grep -c 'class="js' "$out/nojs.dom")
expect "no script: the page is not scripted" 0 "$n"
pend=$(qttt-replay -a -T json "$EX" | grep -c '"pending":{')
n=$(grep -c '<div class="qttt-outcomes">' "$out/nojs.dom")
expect "no script: the outcomes of every pending measurement" "$pend" "$n"

# Fragments.
for f in g1p0 g3p6 g6p10 g4p8; do
	got=$(PROBE_FRAGMENT="#$f" probe "$out/line.html" "" '
	    say(cur());
	    say(document.querySelectorAll(".qttt-game.qttt-shown").length);
	    say(document.querySelector(".qttt-shown .qttt-at").textContent);
	    ' | tr '\n' '|')
	g=${f%p*}
	item=$(awk -v g="${g#g}" -v p="${f#*p}" '
	    /^#/ || NF == 0 { next }
	    ++n == g { split($0, it, "; "); print p == 0 ? "start" : it[p] }' \
	    "$EX")
	total=$(grep -o "id=\"${g}p[0-9]*\"" "$out/line.html" | wc -l)
	expect "fragment #$f" \
	    "$f #$f #$f|1|Ply ${f#*p} of $((total - 1)): $item|" "$got"
done
got=$(PROBE_FRAGMENT="#g9p99" probe "$out/line.html" "" 'say(cur());')
expect "an unknown fragment shows the first position" "g1p0 #g9p99 #g1p0" \
    "$got"
got=$(PROBE_FRAGMENT="#f2g3p2" probe "$out/two.html" "" 'say(cur());')
expect "a fragment into the second input" "f2g3p2 #f2g3p2 #f2g3p2" "$got"

# Keys, buttons, clicks, the back button and the chooser.
got=$(PROBE_FRAGMENT="#g3p2" probe "$out/line.html" "" '
	say("load " + cur());
	key("ArrowRight"); key("ArrowRight"); key("End"); key("ArrowRight");
	key("ArrowLeft"); key("Home"); key("ArrowLeft");
	document.querySelector("a[href=\"#g3p4\"]").click();
	say("click " + cur());
	document.querySelector(".qttt-shown [data-go=next]").click();
	say("next " + cur());
	document.querySelector(".qttt-shown [data-go=last]").click();
	say("last " + cur());
	history.back();
	then(function () { say("back " + cur()); history.back(); });
	then(function () { say("back " + cur());
		var c = document.getElementById("qttt-game");
		c.value = "g5"; c.dispatchEvent(new Event("change"));
		say("chooser " + cur() + " " +
		    document.querySelector(".qttt-shown").id); });
	')
expect "keys, buttons, clicks and the back button" "load g3p2 #g3p2 #g3p2
ArrowRight g3p3 #g3p3 #g3p3
ArrowRight g3p4 #g3p4 #g3p4
End g3p7 #g3p7 #g3p7
ArrowRight g3p7 #g3p7 #g3p7
ArrowLeft g3p6 #g3p6 #g3p6
Home g3p0 #g3p0 #g3p0
ArrowLeft g3p0 #g3p0 #g3p0
click g3p4 #g3p4 #g3p4
next g3p5 #g3p5 #g3p5
last g3p7 #g3p7 #g3p7
back g3p5 #g3p5 #g3p5
back g3p4 #g3p4 #g3p4
chooser g5p0 #g5p0 #g5p0 g5" "$got"

# A focused control has a visible outline; the board is named by its
# ply and described in words; the theme chooser restyles the page.
got=$(PROBE_FRAGMENT="#g4p8" probe "$out/line.html" "" '
	var b = document.querySelector(".qttt-shown [data-go=prev]");
	b.focus();
	say("outline " + getComputedStyle(b).outlineStyle);
	var svg = document.querySelector(".qttt-current svg");
	say("name " + document.getElementById(
	    svg.getAttribute("aria-labelledby")).textContent);
	say("words " + document.getElementById(
	    svg.getAttribute("aria-describedby")).textContent);
	var t = document.getElementById("qttt-theme"), bg = [];
	["light", "dark", "mono"].forEach(function (v) {
		t.value = v; t.dispatchEvent(new Event("change"));
		bg.push(getComputedStyle(document.body).backgroundColor);
	});
	say("themes " + bg.join(" "));
	')
expect "focus, text alternatives, themes" "outline solid
name Ply 8 of 8: measure X7->a1
words a1 X7 (classical); c1 O2 (classical); a2 X3 (classical); b2 X1 (classical); c2 O4 (classical); a3 X5 (classical); c3 O6 (classical); empty: b1 b3.
themes rgb(255, 255, 255) rgb(17, 24, 39) rgb(255, 255, 255)" "$got"

# In an <iframe> the page runs as it does alone; one as wide as a
# phone (360 px) holds it with nothing wider than itself.
cat >"$out/frame.html" <<EOF
<!DOCTYPE html><html lang="en"><head><title>f</title></head><body>
<iframe src="line.html#g2p3" title="viewer" width="360" height="1400"></iframe>
<script>
window.addEventListener('load', function () { setTimeout(function () {
	var w = document.querySelector('iframe').contentWindow;
	var d = w.document, wide = 0;
	d.querySelectorAll('body *').forEach(function (e) {
		var b = e.getBoundingClientRect();
		if (b.width > 0 && b.right > w.innerWidth + 0.5) wide++;
	});
	var p = document.createElement('pre');
	p.id = 'framed';
	p.textContent = d.querySelector('.qttt-ply.qttt-current').id + ' ' +
	    w.innerWidth + ' ' + d.documentElement.scrollWidth + ' ' + wide;
	document.body.appendChild(p);
}, 100); });
</script></body></html>
EOF
got=$(browser --allow-file-access-from-files \
    --dump-dom "file://$out/frame.html" |
    sed -n 's/.*<pre id="framed">\([^<]*\)<.*/\1/p')
expect "in an iframe at phone width" "g2p3 360 360 0" "$got"

# No network request: Chromium's log of the network names the page
# (file://) as the site of every request the page makes; resource
# timing and the page's security policy see none either.  A page that
# loads an image is caught, so the check can fail.
netlog() {
	rm -f "$out/net.json"
	PROBE_FRAGMENT="#g3p6" probe "$1" "" '
		document.addEventListener("securitypolicyviolation",
		    function (e) { say("blocked " + e.blockedURI); });
		key("ArrowRight"); key("End"); key("Home");
		then(function () { say("resources " +
		    performance.getEntriesByType("resource").length); });
		' --log-net-log="$out/net.json" | grep -v '^Arrow\|^End\|^Home'
	echo "requests $(grep -c '_dk_file://' "$out/net.json")"
}
got=$(netlog "$out/line.html" | tr '\n' ' ')
expect "no network request" "resources 0 requests 0 " "$got"
# With its policy, a request the page tries is blocked but seen by
# resource timing; without, the request reaches the network log.
sed 's|^<main>|&<img src="http://example.invalid/x.png" alt="">|' \
    "$out/line.html" >"$out/leaky.html"
got=$(netlog "$out/leaky.html" | tr '\n' ' ')
case $got in
"resources 1 requests 0 ") ok ;;
*)	bad "a page that loads an image is not caught: $got" ;;
esac
sed '/Content-Security-Policy/d' "$out/leaky.html" >"$out/leaky-open.html"
got=$(netlog "$out/leaky-open.html" | tr '\n' ' ')
case $got in
"resources 1 requests "[1-9]*) ok ;;
*)	bad "a request is not in the network log: $got" ;;
esac

# Print: the current position alone on one page; without scripts,
# every position.
pages() {
	grep -a -o '/Count [0-9]*' "$1" | sort -k2n | tail -n 1 | cut -c8-
}
browser --print-to-pdf="$out/print.pdf" --no-pdf-header-footer \
    "file://$out/line.html#g3p6" >/dev/null
browser --no-pdf-header-footer --print-to-pdf="$out/print-all.pdf" \
    "file://$out/nojs.html" >/dev/null
n=$(pages "$out/print.pdf")
expect "print: the current position on one page" 1 "$n"
n=$(pages "$out/print-all.pdf")
if [ "$n" -ge 10 ]; then ok; else
	bad "print without scripts: $n pages for every position"; fi

# Screenshots against the SVG: the board of the current position, as
# the page shows it, and as rsvg-convert draws -T svg of the same ply.
# Both pictures go into a page that compares them pixel by pixel: the
# share of pixels that differ by more than a quarter of full scale
# must be small, and large against the ply before.
# compare SCREENSHOT BOX PNG ...: prints the share of each PNG, in
# thousandths, from one browser.
compare() {
	shot=$1 box=$2
	shift 2
	{
		echo '<!DOCTYPE html><html><head><title>c</title></head><body>'
		echo '<script>var box = ['"$box"'], left = '$(($# + 1))';'
		printf 'var a = img("data:image/png;base64,%s"), b = [];\n' \
		    "$(base64 -w 0 "$shot")"
		for png in "$@"; do
			printf 'b.push(img("data:image/png;base64,%s"));\n' \
			    "$(base64 -w 0 "$png")"
		done
		cat <<'EOF'
function img(src) {
	var i = new Image();
	i.onload = compare;
	i.src = src;
	return i;
}
function compare() {
	if (--left > 0)
		return;
	var w = box[2], h = box[3], c = document.createElement('canvas');
	c.width = w; c.height = h;
	var x = c.getContext('2d');
	x.drawImage(a, box[0], box[1], w, h, 0, 0, w, h);
	var p = x.getImageData(0, 0, w, h).data, shares = [];
	b.forEach(function (im) {
		x.clearRect(0, 0, w, h);
		x.drawImage(im, 0, 0, w, h);
		var q = x.getImageData(0, 0, w, h).data, n = 0, i, k;
		for (i = 0; i < p.length; i += 4)
			for (k = 0; k < 3; k++)
				if (Math.abs(p[i + k] - q[i + k]) > 64) {
					n++;
					break;
				}
		shares.push(Math.round(1000 * n / (w * h)));
	});
	var r = document.createElement('pre');
	r.id = 'share';
	r.textContent = shares.join(' ');
	document.body.appendChild(r);
}
</script></body></html>
EOF
	} >"$out/compare.html"
	browser --dump-dom "file://$out/compare.html" |
	    sed -n 's/.*<pre id="share">\([0-9 ]*\)<\/pre>.*/\1/p'
}

# shot PAGE FRAGMENT GAME PLY THEME [ARGS]: a screenshot of the page
# at the fragment against -T svg -t THEME of the ply, and of the ply
# before; prints the two shares.
shot() {
	page=$1 frag=$2 game=$3 ply=$4 theme=$5
	shift 5
	box=$(PROBE_FRAGMENT="$frag" probe "$page" "" '
	    then(function () {
		var r = document.querySelector(".qttt-current svg")
		    .getBoundingClientRect();
		say([Math.round(r.left + scrollX), Math.round(r.top + scrollY),
		    Math.round(r.width), Math.round(r.height)].join(","));
	    });' "$@")
	browser "$@" --screenshot="$out/shot.png" "file://$page$frag" \
	    >/dev/null
	# The box is x,y,width,height.
	w=$(echo "$box" | cut -d, -f3)
	for p in "$ply" $((ply - 1)); do
		qttt-render -T svg -t "$theme" -g "$game" -p "$p" "$EX" |
		    rsvg-convert -w "$w" -o "$out/svg$p.png"
	done
	printf "%s " $(compare "$out/shot.png" "$box" "$out/svg$ply.png" \
	    "$out/svg$((ply - 1)).png")
	cp "$out/shot.png" "$out/shot-${theme}-$game-$ply.png"
}
if command -v rsvg-convert >/dev/null 2>&1; then
	for c in "line.html #g3p6 3 6 light" "line.html #g5p5 5 5 light" \
	    "line.html #g6p10 6 10 dark --force-dark-mode" \
	    "mono.html #g4p7 4 7 mono"; do
		set -- $c
		page=$1 frag=$2 game=$3 ply=$4 theme=$5
		shift 5
		got=$(shot "$out/$page" "$frag" "$game" "$ply" "$theme" "$@")
		same=${got%% *} other=${got#* }
		other=${other% }
		echo "viewer: $page$frag ($theme): $same/1000 of the" \
		    "pixels differ from -T svg, $other/1000 from the ply before"
		if [ -n "$same" ] && [ -n "$other" ] && [ "$same" -le 15 ] &&
		    [ "$other" -ge $((same + 10)) ]; then
			ok
		else
			bad "screenshot $page$frag ($theme) against -T svg:" \
			    "differs by $same/1000 (the ply before: $other/1000)"
		fi
	done
fi

suite_end viewer "${skipped:+skipped:$skipped}"
