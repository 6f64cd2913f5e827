#!/bin/sh
# The library's layers and namespace, read from the symbol tables of
# what make all built and from the #include lines of the sources.  The
# arguments are the layers of lib/ as the Makefile's LAYER_GRAPH names
# them, each with the layers it may use directly ("output:notation,
# analysis"); a layer may use what those may use.  Nine checks, each
# failing when
#	layers	an object of a layer uses a symbol defined in a layer it
#		may not use;
#	includes	a source or header of a layer includes the private
#		header of a layer it may not use, or one not named as
#		"LAYER/LAYER.h"; a file other than lib/notation/yaml.c and
#		lib/output/yaml_write.c includes yaml.h; a file of cmd/
#		includes a private header of the library;
#	private	an object of layer L defines a global name that is
#		neither public nor qttt__L_something, L's private prefix;
#	prefix	libqttt.a or libqttt.so exports a name without qttt_, or
#		libqttt.so one of the private qttt__ names;
#	header	a public name (exported, not qttt__) that lib/qttt.h does
#		not declare;
#	public	an object of cmd/ uses a name of lib/ that is not public;
#	manual	an exported name has no .Fn entry in man/libqttt.3, or
#		the page describes a qttt_ function that is not exported;
#	quiet	an object of lib/ uses what prints on stdout or stderr,
#		exits, aborts or reads the environment: the library never
#		does (it returns a status and fills in a struct qttt_diag).
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
suite_begin layers
cd "$top" || exit 1

[ $# -gt 0 ] || { echo "usage: layers.sh layer:uses ..." >&2; exit 2; }
for f in lib/libqttt.a lib/libqttt.so; do
	[ -f "$f" ] || { echo "layers: build first: $f"; exit 1; }
done

# The graph closed under "uses": one line per layer, the layer first,
# then every layer it may use, itself included.
for arg in "$@"; do
	echo "$arg"
done | awk -F: '
	{ order[++n] = $1; m = split($2, u, ","); for (i = 1; i <= m; i++)
		if (u[i] != "") uses[$1, u[i]] = 1 }
	END {
		# Warshall: uses of uses, in the order given.
		for (k = 1; k <= n; k++) for (i = 1; i <= n; i++)
			for (j = 1; j <= n; j++)
				if ((order[i], order[k]) in uses &&
				    (order[k], order[j]) in uses)
					uses[order[i], order[j]] = 1
		for (i = 1; i <= n; i++) {
			line = order[i] " " order[i]
			for (j = 1; j <= n; j++)
				if ((order[i], order[j]) in uses)
					line = line " " order[j]
			print line
		}
	}' >"$out/may"
layers=$(awk '{ print $1 }' "$out/may")

# nm reads fat LTO objects through the LTO plugin by default, whose
# symbol table leaves out calls to builtins (printf, exit, abort):
# read the objects' own ELF tables.
first=$(for l in $layers; do ls lib/"$l"/*.o 2>/dev/null; done | head -n 1)
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

# Each object's defined and undefined symbols, with its layer:
# "D layer object symbol", "U layer object symbol".
for l in $layers; do
	for o in lib/"$l"/*.o; do
		[ -f "$o" ] || continue
		nm_elf -g --defined-only "$o" |
		    awk -v l="$l" -v o="${o#lib/}" 'NF == 3 {
			print "D", l, o, $3 }'
		nm_elf -u "$o" | awk -v l="$l" -v o="${o#lib/}" '{
			print "U", l, o, $NF }'
	done
done >"$out/symbols"

# layers: a use resolved by a definition in a layer the user may not
# use (the graph read first, the definitions then, the uses last).
grep '^D' "$out/symbols" >"$out/defined"
grep '^U' "$out/symbols" >"$out/used"
awk '
	FILENAME == ARGV[1] { for (i = 2; i <= NF; i++) may[$1, $i] = 1; next }
	$1 == "D" { layer[$4] = $2; where[$4] = $3; next }
	($4 in layer) && !(($2, layer[$4]) in may) {
		print $3 " uses " $4 " of " where[$4] ", in layer " \
		    layer[$4] ", which " $2 " may not use"
	}' "$out/may" "$out/defined" "$out/used" >"$out/layers"
verdict layers

# includes: what each file of lib/ and cmd/ includes, by its quoted
# #include lines (and yaml.h, libyaml's).
for l in $layers; do
	for f in lib/"$l"/*.[ch]; do
		[ -f "$f" ] || continue
		sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*\(["<][^">]*[">]\).*/\1/p' \
		    "$f" | awk -v l="$l" -v f="$f" '{ print l, f, $0 }'
	done
done >"$out/inclines"
awk '
	FILENAME == ARGV[1] { for (i = 2; i <= NF; i++) may[$1, $i] = 1; next }
	$3 == "<yaml.h>" {
		if ($2 != "lib/notation/yaml.c" && $2 != "lib/output/yaml_write.c")
			print $2 " includes yaml.h: libyaml is for yaml.c and yaml_write.c"
		next
	}
	$3 ~ /^</ || $3 == "\"qttt.h\"" { next }
	{
		h = substr($3, 2, length($3) - 2)
		n = split(h, p, "/")
		if (n != 2 || p[2] != p[1] ".h")
			print $2 " includes " $3 ": a private header is named \"LAYER/LAYER.h\""
		else if (!(($1, p[1]) in may))
			print $2 " includes " $3 ", the private header of " p[1] \
			    ", which " $1 " may not use"
	}' "$out/may" "$out/inclines" >"$out/includes"
for f in cmd/*.[ch]; do
	sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\/[^"]*\)".*/\1/p' "$f" |
	    sed "s|^|$f includes the library's private header |"
	grep -l '^[[:space:]]*#[[:space:]]*include[[:space:]]*<yaml.h>' "$f" |
	    sed 's/$/ includes yaml.h/'
done >>"$out/includes"
verdict includes

# private: a global name of layer L is public or qttt__L_...; the
# public names are those lib/qttt.h declares (the header check below
# holds them to it).
grep -o '\<qttt_[a-z][a-z0-9_]*' lib/qttt.h | sort -u >"$out/declared"
awk '
	FILENAME == ARGV[1] { pub[$1] = 1; next }
	# (GCC marks an object of link-time code with a weak name of
	# its file, "json.c.e7ecc488": no C name has a dot.)
	!($4 in pub) && index($4, ".") == 0 &&
	    index($4, "qttt__" $2 "_") != 1 {
		print $3 " defines " $4 ": neither public nor qttt__" $2 "_"
	}' "$out/declared" "$out/defined" >"$out/private"
verdict private

# The names the libraries export.
nm -g --defined-only lib/libqttt.a | awk 'NF == 3 { print $3 }' |
    sort -u >"$out/exported.a"
nm -D --defined-only lib/libqttt.so | awk 'NF == 3 { print $3 }' |
    sort -u >"$out/exported.so"

# prefix: every exported name starts with qttt_; the shared library
# keeps the private ones (qttt__) to itself.
{
	for lib in a so; do
		grep -v '^qttt_' "$out/exported.$lib" |
		    sed "s/^/libqttt.$lib exports /"
	done
	grep '^qttt__' "$out/exported.so" |
	    sed 's/^/libqttt.so exports the private name /'
} >"$out/prefix"
verdict prefix
grep -v '^qttt__' "$out/exported.a" >"$out/public.a"

# public: the tools use the library as any program would: its public
# names only.
awk '{ print $4 }' "$out/defined" | sort -u >"$out/libnames"
for o in cmd/*.o; do
	nm_elf -u "$o" | awk -v o="$o" '{ print o, $NF }'
done | sort -k2 | join -1 2 -2 1 -o 1.1,1.2 - "$out/libnames" |
    awk 'FILENAME == ARGV[1] { pub[$1] = 1; next }
	!($2 in pub) { print $1 " uses " $2 ", which is not public" }' \
    "$out/public.a" - >"$out/public"
verdict public

# header: the compiler, given lib/qttt.h alone, knows every public
# name as a function or an object (a name it does not know is an
# error that names it).
{
	echo '#include "qttt.h"'
	echo 'const void *const exported[] = {'
	sort -u "$out/public.a" "$out/exported.so" |
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
