#!/bin/sh
# tests/layers.sh catches what it is for: in a copy of what make all
# built, each case plants one fault and the check it names must fail
# (and only then: the copy as built must pass).  The arguments are the
# Makefile's LAYER_GRAPH, as for layers.sh.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
suite_begin layers-selftest
cc=${CC:-cc}

# plant NAME CHECK: copies the tree's lib/, man/ and the scripts into
# $out/NAME, lets the caller's plant_NAME change the copy, runs
# layers.sh there and expects "FAIL: CHECK" (or a pass for CHECK "-").
plant()
{
	dir=$out/$1
	mkdir -p "$dir/tests" "$dir/cmd"
	cp -R "$top/lib" "$top/man" "$dir/"
	cp "$top/tests/lib.sh" "$top/tests/layers.sh" "$dir/tests/"
	cp "$top"/cmd/*.o "$top"/cmd/*.[ch] "$dir/cmd/"
	(cd "$dir" && "plant_$1") || { echo "cannot plant $1"; fail=$((fail + 1)); return; }
	sh "$dir/tests/layers.sh" "$@" >"$dir.log" 2>&1
	if [ "$2" = - ]; then
		grep -q 'FAIL' "$dir.log" && { echo "$1: the tree as built fails:"; cat "$dir.log"; fail=$((fail + 1)); return; }
	elif ! grep -q "FAIL: $2\$" "$dir.log"; then
		echo "$1: layers.sh did not fail the $2 check:"
		cat "$dir.log"
		fail=$((fail + 1))
		return
	fi
	pass=$((pass + 1))
}

graph="$*"
run()
{
	plant "$1" "$2" $graph
}

plant_clean() { :; }
# The engine calls a private function of the render layer.
plant_upcall()
{
	cd lib/engine || return 1
	printf 'double qttt__render_width(const char *, unsigned long, int, double);\n%s\n' \
	    'double qttt__engine_up(void) { return qttt__render_width("x", 1, 0, 1); }' \
	    >up.c
	$cc -c up.c
}
# An analysis source includes notation's private header: a sibling.
plant_sibling()
{
	printf '#include "notation/notation.h"\n' >>lib/analysis/features.c
}
# A header named other than LAYER/LAYER.h.
plant_header_name()
{
	printf '#include "emit.h"\n' >>lib/output/replay.c
}
# libyaml outside its two files.
plant_yaml()
{
	printf '#include <yaml.h>\n' >>lib/notation/record.c
}
# A tool includes a private header.
plant_tool_private()
{
	printf '#include "engine/engine.h"\n' >>cmd/qttt-validate.c
}
# A private global without its layer's prefix.
plant_unprefixed()
{
	cd lib/render || return 1
	printf 'int helper_count(void) { return 1; }\n' >extra.c
	$cc -c extra.c
}

run clean -
run upcall layers
run sibling includes
run header_name includes
run yaml includes
run tool_private includes
run unprefixed private
suite_end layers-selftest
