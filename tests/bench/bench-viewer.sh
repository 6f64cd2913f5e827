#!/bin/sh
# The viewer page (formats/viewer.md): the size of its module, raw and
# gzipped (target: 400 KB gzipped at most); the pages of 1,000, 10,000
# and 100,000 generated games, their sizes (targets: 1.5 MB besides the
# module; 1.3 times the records besides the module) and qttt-render
# -T html's time and peak memory (target: under 4 MiB, flat); and, in
# headless Chromium, what the page measures of itself with
# performance.now() (tests/viewer/page.test.js bench): how long after
# navigation it is interactive and its game list ready (target 2 s
# each for 100,000 games), the nodes it keeps, a step,
# a click, a filter (target 50 ms), the values of the 36 first moves
# (target 2 s) and of positions after move 2 (target 200 ms).  The
# timings are this machine's, noisy when it is busy: they are shown,
# not asserted.
. "$(cd "$(dirname "$0")" && pwd)/common.sh"

status=0
wasm=$top/lib/web/qttt.wasm
raw=$(wc -c <"$wasm")
gz=$(gzip -9n <"$wasm" | wc -c)
echo "module: $raw bytes, $gz gzipped (target: 400000 gzipped at most)"
[ "$gz" -le 400000 ] || { echo "MISSED: the module"; status=1; }

big=$(bench_data 100000)
small=$data/games-1000.qttt
mid=$data/games-10000.qttt
head -n 1000 "$big" >"$small"
head -n 10000 "$big" >"$mid"
for f in "$small" "$mid" "$big"; do
	n=$(wc -l <"$f")
	bench_run 1 qttt-render -T html "$f" ||
	    { echo "qttt-render -T html failed"; status=1; }
	qttt-render -T html "$f" >"$data/page-$n.html"
	page=$(wc -c <"$data/page-$n.html")
	module=$(sed -n '/^<script type="application\/octet-stream"/,/<\/script>/p' \
	    "$data/page-$n.html" | wc -c)
	records=$(wc -c <"$f")
	echo "$n games: records $records bytes, page $page bytes" \
	    "($((page - module)) besides the module: $(bench_ratio \
	    $((page - module)) "$records") times the records);" \
	    "qttt-render -T html ${bench_wall} s, peak ${bench_kib} KiB"
	if [ "$bench_kib" -ge 4096 ]; then
		echo "MISSED: peak ${bench_kib} KiB is 4 MiB or more"
		status=1
	fi
done

chromium=
for c in chromium chromium-browser google-chrome; do
	command -v "$c" >/dev/null 2>&1 && { chromium=$c; break; }
done
if [ -z "$chromium" ] || ! command -v node >/dev/null 2>&1; then
	echo "viewer: no chromium or node: the page's own timings are not measured"
	exit $status
fi
profile=$(mktemp -d) || exit 2
trap 'rm -rf "$profile"' EXIT
nice -n 10 node "$top/tests/viewer/page.test.js" "$chromium" "$profile" \
    bench "$data/page-1000.html" "$data/page-10000.html" \
    "$data/page-100000.html" || status=1
exit $status
