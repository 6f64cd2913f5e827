#!/bin/sh
# A native build on gcc alone: in a copy of the tree (its files in git,
# or all of it cleaned), make with the WebAssembly toolchain hidden
# (WASM_CC a clang that is not there, WASI_INCLUDE a folder without
# wasi-libc's headers) must build the library and every tool without
# running clang, say in one line of its own what the viewer page needs,
# and the tools must work but qttt-render -T html, which must exit 2
# with the same sentence, naming the packages; make check must refuse
# to run without the toolchain.  The copy builds at -O0 without
# link-time optimisation, which the build does not depend on, to keep
# the suite short.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib.sh"
suite_begin native

tree=$out/tree
mkdir "$tree" || exit 1
if git -C "$top" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	(cd "$top" && git ls-files -z | xargs -0 cp --parents -t "$tree")
else
	(cd "$top" && tar cf - --exclude=./tests/out .) |
	    (cd "$tree" && tar xf - && make -s clean >/dev/null)
fi || { echo "native: cannot copy the tree"; exit 1; }
hide="WASM_CC=$out/no-clang WASI_INCLUDE=$out/no-wasi"
# The copy's make is one of its own, not a part of make check's.
unset MAKEFLAGS MAKELEVEL MFLAGS
packages='clang, lld, wasi-libc and libclang-rt-14-dev-wasm32'

# check NAME: counts a pass if $why is empty, else a failure.
check()
{
	if [ -z "$why" ]; then
		pass=$((pass + 1))
	else
		echo "FAIL: $1: $why"
		fail=$((fail + 1))
	fi
	why=
}
why=

# 1. make builds the library and every tool, without clang, and says
# what the page needs in one line.
make -C "$tree" $hide CFLAGS=-O0 >"$out/make.out" 2>"$out/make.err" ||
    why="make: status $?: $(tail -n 3 "$out/make.err")"
check "make without the toolchain"
grep -q -- '--target=wasm32' "$out/make.out" &&
    why="ran the WebAssembly toolchain: $(grep -m 1 -- '--target=wasm32' \
	"$out/make.out")"
check "no clang run"
[ "$(grep -c . "$out/make.err")" = 1 ] &&
    grep -qx "make: qttt-render -T html: this build has no viewer page: \
its WebAssembly module needs the packages $packages (sh .ci/deps \
installs them, then make again)" "$out/make.err" ||
    why="not the one line: $(cat "$out/make.err")"
check "the one line"
for t in "$top"/cmd/qttt-*.c; do
	t=$(basename "$t" .c)
	"$tree/cmd/$t" --version >/dev/null 2>&1 || why="$why $t"
done
[ -n "$why" ] && why="tools not built or not running:$why"
check "every tool"
for f in libqttt.a libqttt.so; do
	[ -f "$tree/lib/$f" ] || why="$why $f"
done
[ -n "$why" ] && why="not built:$why"
check "the libraries"

# 2. The tools work, the page's writer says what it needs.
cd "$tree/formats/examples" || exit 1
"$tree/cmd/qttt-validate" -s worked.qttt >"$out/validate.out" 2>&1 ||
    why="qttt-validate: status $?: $(cat "$out/validate.out")"
"$tree/cmd/qttt-render" -g 3 worked.qttt >"$out/render.out" 2>&1 &&
    "$top/cmd/qttt-render" -g 3 worked.qttt | cmp -s - "$out/render.out" ||
    why="qttt-render draws otherwise than the full build"
check "the tools work"
"$tree/cmd/qttt-render" -T html worked.qttt >"$out/html.out" \
    2>"$out/html.err"
st=$?
[ "$st" = 2 ] && [ ! -s "$out/html.out" ] &&
    [ "$(cat "$out/html.err")" = "qttt-render: -T html: this build has \
no viewer page: its WebAssembly module needs the packages $packages (sh \
.ci/deps installs them, then make again)" ] ||
    why="status $st, $(wc -c <"$out/html.out") bytes out: \
$(cat "$out/html.err")"
check "qttt-render -T html"
cd "$top" || exit 1

# 3. make check needs the toolchain, and says so.
make -C "$tree" $hide CFLAGS=-O0 check >"$out/check.out" 2>&1 &&
    why="make check ran"
grep -q "this build has no viewer page" "$out/check.out" ||
    why="${why:+$why; }$(tail -n 2 "$out/check.out")"
check "make check refuses"

suite_end native
