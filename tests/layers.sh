#!/bin/sh
# The library's layers and namespace, read from the symbol tables of
# what make all built.  The arguments are the layers of lib/, lowest
# first (the Makefile's LAYERS).  Six checks, each failing when
#	layers	an object of a layer uses a symbol defined in a higher one;
#	prefix	libqttt.a or libqttt.so exports a name without qttt_;
#	header	either exports a name that lib/qttt.h does not declare;
#	public	an object of cmd/ (the tools link the library's objects)
#		uses a name of lib/ that libqttt.a does not export;
#	manual	an exported name has no .Fn entry in man/libqttt.3, or
#		the page describes a qttt_ function that is not exported;
#	quiet	an object of lib/ uses what prints on stdout or stderr,
#		exits, aborts or reads the environment: the library never
#		does (it returns a status and fills in a struct qttt_diag).
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
suite_begin layers
cd "$top" || exit 1

# Uses of a higher layer that are known and tolerated, one
# "OBJECT OBJECT" pair a line, the user first, under lib/: none.
allowed=''

[ $# -gt 0 ] || { echo "usage: layers.sh layer ..." >&2; exit 2; }
for f in lib/libqttt.a lib/libqttt.so; do
	[ -f "$f" ] || { echo "layers: build first: $f"; exit 1; }
done

# nm reads fat LTO objects through the LTO plugin by default, whose
# symbol table leaves out calls to builtins (printf, exit, abort):
# read the objects' own ELF tables.
first=$(for l in "$@"; do ls lib/"$l"/*.o 2>/dev/null; done | head -n 1)
target=$(objdump -f "$first" | sed -n 's/.*file format //p')
nm_elf()
{
	nm --target="$target" "$@"
}

# verdict NAME: counts the check as passed if $out/NAME is empty,
# else shows what it holds and counts it as failed.
verdict()
{
	if [ -s "$out/$1" ]; then
		echo "layers: FAIL: $1"
		sed 's/^/	/' "$out/$1"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
}

# Each object's defined and undefined symbols, with its layer's rank:
# "D rank object symbol", "U rank object symbol".
rank=0
for l in "$@"; do
	for o in lib/"$l"/*.o; do
		[ -f "$o" ] || continue
		nm_elf -g --defined-only "$o" |
		    awk -v r=$rank -v o="${o#lib/}" 'NF == 3 {
			print "D", r, o, $3 }'
		nm_elf -u "$o" | awk -v r=$rank -v o="${o#lib/}" '{
			print "U", r, o, $NF }'
	done
	rank=$((rank + 1))
done >"$out/symbols"

# layers: a use resolved by a definition in a higher layer (the
# definitions read first, the uses then).
printf '%s\n' "$allowed" >"$out/allowed"
grep '^D' "$out/symbols" >"$out/defined"
grep '^U' "$out/symbols" >"$out/used"
awk '
	FILENAME == ARGV[1] { if (NF == 2) ok[$1 " " $2] = 1; next }
	$1 == "D" { rank[$4] = $2; where[$4] = $3; next }
	($4 in rank) && rank[$4] > $2 && !(($3 " " where[$4]) in ok) {
		print $3 " uses " $4 " of " where[$4] ", a higher layer"
	}' "$out/allowed" "$out/defined" "$out/used" >"$out/layers"
verdict layers

# The names the libraries export.
nm -g --defined-only lib/libqttt.a | awk 'NF == 3 { print $3 }' |
    sort -u >"$out/exported.a"
nm -D --defined-only lib/libqttt.so | awk 'NF == 3 { print $3 }' |
    sort -u >"$out/exported.so"

# prefix: every exported name starts with qttt_.
for lib in a so; do
	grep -v '^qttt_' "$out/exported.$lib" |
	    sed "s/^/libqttt.$lib exports /"
done >"$out/prefix"
verdict prefix

# public: the tools use the library as any program would.
awk '{ print $4 }' "$out/defined" | sort -u >"$out/libnames"
for o in cmd/*.o; do
	nm_elf -u "$o" | awk -v o="$o" '{ print o, $NF }'
done | sort -k2 | join -1 2 -2 1 -o 1.1,1.2 - "$out/libnames" |
    awk 'FILENAME == ARGV[1] { pub[$1] = 1; next }
	!($2 in pub) { print $1 " uses " $2 ", which libqttt.a does not export" }' \
    "$out/exported.a" - >"$out/public"
verdict public

# header: the compiler, given lib/qttt.h alone, knows every exported
# name as a function or an object (a name it does not know is an
# error that names it).
{
	echo '#include "qttt.h"'
	echo 'const void *const exported[] = {'
	sort -u "$out/exported.a" "$out/exported.so" |
	    sed 's/.*/	(const void *)\&&,/'
	echo '};'
} >"$out/exported.c"
if ! ${CC:-cc} -std=c17 -fsyntax-only -Ilib "$out/exported.c" \
    >"$out/exported.log" 2>&1; then
	sed -n "s/.*error: '\\([A-Za-z0-9_]*\\)' undeclared.*/\\1/p" \
	    "$out/exported.log" | sort -u |
	    sed 's/^/lib\/qttt.h does not declare /' >"$out/header"
	[ -s "$out/header" ] || cat "$out/exported.log" >"$out/header"
else
	: >"$out/header"
fi
verdict header

# manual: libqttt(3) describes every exported name, and no other.
sed -n 's/.*Fn \(qttt_[A-Za-z0-9_]*\).*/\1/p' man/libqttt.3 | sort -u \
    >"$out/documented"
{
	comm -23 "$out/exported.so" "$out/documented" |
	    sed 's/^/man\/libqttt.3 does not describe /'
	comm -13 "$out/exported.so" "$out/documented" |
	    sed 's/^/man\/libqttt.3 describes /; s/$/, which is not exported/'
} >"$out/manual"
verdict manual

# quiet: nothing in the library prints on the standard streams, exits,
# aborts (assert() included) or reads the environment.
forbidden='printf vprintf puts putchar perror psignal __printf_chk
__vprintf_chk stdout stderr err errx verr verrx warn warnx vwarn vwarnx
error error_at_line exit _exit _Exit quick_exit abort __assert_fail
getenv secure_getenv environ __environ'
{
	awk '$1 == "U" { print $3, $4 }' "$out/symbols"
	nm -D -u lib/libqttt.so | awk '{ print "libqttt.so", $NF }'
} | sed 's/@.*//' | awk -v list="$forbidden" '
	BEGIN {
		n = split(list, f, /[ \n]+/)
		for (i = 1; i <= n; i++)
			bad[f[i]] = 1
	}
	$2 in bad { print $1 " uses " $2 }' >"$out/quiet"
verdict quiet

suite_end layers "$(wc -l <"$out/exported.so") names exported"
