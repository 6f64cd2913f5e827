#!/bin/sh
# What the toolkit writes, read by another YAML reader: Python's yaml
# module (PyYAML, Debian's python3-yaml), when the machine has it.
# Every key and value of the records that qttt-convert writes, keys
# that YAML 1.1 or 1.2 would take for something else among them, must
# come back as the same strings; the JSON Lines output must read back
# with Python's json module as the same mappings.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib.sh"
suite_begin interop
if ! python3 -c 'import yaml' 2>/dev/null; then
	echo "interop: skipped, no python3 with the yaml module" \
	    "(python3-yaml)"
	rm -rf "$out"
	exit 0
fi

# Keys (and values) that a plain scalar would turn into a merge, a
# boolean, a null, a number, a date or a time.
keys='<< = true True FALSE yes No on OFF y n null Null ~ 123 -1 +2 0x1f
0o17 1_000 1.5 .inf -.Inf .nan 2024-01-01 2024-01-01T10:00:00Z 12:30
1e3 a-b'
{
	for k in $keys; do
		printf '"%s": "%s"\n' "$k" "$k"
	done
	echo 'moves: [X1 a1 b1, {move: O2 b2 c2, "null": "~", "<<": "1"}]'
} >"$out/keys.yaml"
qttt-convert -T yaml "$out/keys.yaml" >"$out/out.yaml" &&
    qttt-convert -T json "$out/keys.yaml" >"$out/out.json" || {
	echo "interop: qttt-convert failed"
	exit 1
}
# Each check prints what it found wrong, or nothing.
check() {
	name=$1
	shift
	if python3 -c "$@" >"$out/why" 2>&1 && [ ! -s "$out/why" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $name:"
		sed 's/^/	/' "$out/why" | head -5
	fi
}
expect="$keys"
export expect
check "YAML keys read by PyYAML" '
import os, sys, yaml
docs = list(yaml.safe_load_all(open(sys.argv[1])))
want = os.environ["expect"].split()
game = docs[0]
for k in want:
    if k not in game:
        print("key %r missing: %r" % (k, sorted(map(repr, game))))
    elif game[k] != k:
        print("key %r holds %r" % (k, game[k]))
if list(game)[:len(want)] != want:
    print("keys %r" % list(game))
move = game["moves"][1]
if move != {"move": "O2 b2 c2", "null": "~", "<<": "1"}:
    print("move %r" % move)
' "$out/out.yaml"
check "JSON read by Python" '
import json, os, sys, yaml
a = json.loads(open(sys.argv[1]).read())
b = list(yaml.safe_load_all(open(sys.argv[2])))[0]
if a != b:
    print("JSON %r\nYAML %r" % (a, b))
' "$out/out.json" "$out/out.yaml"

# Many games with comments, as the line notation keeps them.
qttt-generate -n 200 -s 7 | awk '{ print $0 " # game " NR ": yes" }' \
    >"$out/games.qttt"
qttt-convert -T yaml "$out/games.qttt" >"$out/games.yaml"
check "200 games with comments read by PyYAML" '
import sys, yaml
docs = list(yaml.safe_load_all(open(sys.argv[1])))
if len(docs) != 200:
    print("%d documents" % len(docs))
for i, d in enumerate(docs):
    if d.get("comment") != "game %d: yes" % (i + 1):
        print("game %d: comment %r" % (i + 1, d.get("comment")))
        break
    if not all(isinstance(m, str) for m in d["moves"]):
        print("game %d: moves %r" % (i + 1, d["moves"]))
        break
' "$out/games.yaml"
suite_end interop
