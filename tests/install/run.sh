#!/bin/sh
# make install into a scratch DESTDIR, then build programs against the
# installed library through pkg-config, as programs outside the tree
# would be built, and run them:
#	bot.c	a perfect player, linked with libqttt.so, and again with
#		libqttt.a: what it plays must pass the installed
#		qttt-validate, end 1-1/2 (the solved value) against itself,
#		and show no mistake of X in qttt-analyze against a random O;
#	cxx.cc	C++, with g++ -Wall -Wextra -pedantic, against libqttt.so;
#	engine.c	the engine alone, against libqttt.a and nothing else
#		(no libyaml): it must link, take only engine objects, be
#		small and play a valid game;
#	clash.c	its own functions under the names of the library's
#		private functions less their prefix, against both
#		libraries: it must link and run;
#	the program of libqttt(3) EXAMPLES, which must print what the
#		page says it prints.
# The shared library must be named libqttt.so.MAJOR, export only qttt_
# names, and be the version pkg-config names; make uninstall must
# leave nothing behind.
set -e
top=$(cd "$(dirname "$0")/../.." && pwd)
dest=$top/tests/out/install
rm -rf "$dest"
make -s -C "$top" install DESTDIR="$dest" PREFIX=/usr >/dev/null
version=$(sed -n 's/^#define QTTT_VERSION[[:space:]]*"\([^"]*\)".*/\1/p' \
    "$top/lib/qttt.h")
# The ABI version (man/libqttt.3): the major number, or 0.MINOR in 0.x.
major=${version%%.*}
case $major in
0)	minor=${version#0.}; major=0.${minor%%.*} ;;
esac
lib=$dest/usr/lib
for f in include/qttt.h lib/libqttt.a lib/libqttt.so.$version \
    lib/pkgconfig/qttt.pc \
    $(cd "$top" && ls cmd/qttt-*.c | sed 's|cmd/\(.*\)\.c|bin/\1|') \
    $(cd "$top" && ls man/*.[1357] |
    sed 's|man/\(.*\)\.\(.\)$|share/man/man\2/\1.\2|'); do
	[ -f "$dest/usr/$f" ] || { echo "install: $f missing"; exit 1; }
done
for l in libqttt.so.$major libqttt.so; do
	[ "$(readlink "$lib/$l")" = "libqttt.so.$version" ] ||
	    { echo "install: $l is not a link to libqttt.so.$version"; exit 1; }
done
soname=$(readelf -d "$lib/libqttt.so.$version" |
    sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libqttt.so.$major" ] ||
    { echo "install: the soname is '$soname', not libqttt.so.$major"; exit 1; }
foreign=$(nm -D --defined-only "$lib/libqttt.so.$version" |
    awk 'NF == 3 && $3 !~ /^qttt_/ { print $3 }')
[ -z "$foreign" ] ||
    { echo "install: libqttt.so exports" $foreign; exit 1; }

PKG_CONFIG_PATH=$lib/pkgconfig
PKG_CONFIG_SYSROOT_DIR=$dest
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
[ "$(pkg-config --modversion qttt)" = "$version" ] ||
    { echo "install: qttt.pc is not version $version"; exit 1; }
cflags=$(pkg-config --cflags qttt)
libs=$(pkg-config --libs qttt)
# Linked statically: the archive, and what it needs (libyaml).
static=$(pkg-config --static --libs qttt |
    sed 's/-lqttt/-Wl,-Bstatic -lqttt -Wl,-Bdynamic/')

# needs PROGRAM: the shared libraries it needs.
needs()
{
	readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p'
}

${CC:-cc} $QTTT_SANFLAGS -o "$dest/bot" "$top/tests/install/bot.c" \
    $cflags $libs
needs "$dest/bot" | grep -qx "libqttt.so.$major" ||
    { echo "install: bot does not need libqttt.so.$major"; exit 1; }
LD_LIBRARY_PATH=$lib "$dest/bot" > "$dest/bot.qttt"
"$dest/usr/bin/qttt-validate" -l "$dest/bot.qttt"
case $(cat "$dest/bot.qttt") in
*"; 1-1/2") ;;
*)	echo "install: bot against itself: $(cat "$dest/bot.qttt")"; exit 1 ;;
esac
# Perfect play makes no mistake, as qttt-analyze judges it, against
# itself or against random moves of O.
for seed in 1 2 3 4 5 6 7 8; do
	LD_LIBRARY_PATH=$lib "$dest/bot" -r $seed
done >> "$dest/bot.qttt"
LD_LIBRARY_PATH=$lib "$dest/usr/bin/qttt-analyze" -s "$dest/bot.qttt" |
    tail -n 1 | grep -q "9 games analysed, 0 invalid: X 0 mistakes, 0 blunders;" ||
    { echo "install: the perfect bot made a mistake"; exit 1; }

${CC:-cc} $QTTT_SANFLAGS -o "$dest/bot-static" "$top/tests/install/bot.c" \
    $cflags $static
! needs "$dest/bot-static" | grep -q libqttt ||
    { echo "install: bot-static needs libqttt.so"; exit 1; }
"$dest/bot-static" | "$dest/usr/bin/qttt-validate" -l -

# A program that uses the engine alone links with the archive and
# nothing else (no libyaml): it takes only the objects it calls, and
# is small.
${CC:-cc} -Wall -Wextra $QTTT_SANFLAGS -o "$dest/engine" \
    "$top/tests/install/engine.c" $cflags "$lib/libqttt.a"
! needs "$dest/engine" | grep -q 'libqttt\|libyaml' ||
    { echo "install: engine needs" $(needs "$dest/engine"); exit 1; }
if ! nm "$dest/engine" | grep -q ' qttt_game_play$' ||
    nm "$dest/engine" | grep -q 'yaml\|qttt__notation\|qttt__render'; then
	echo "install: engine took more than the engine from libqttt.a"
	exit 1
fi
"$dest/engine" | "$dest/usr/bin/qttt-validate" -l -
[ -n "$QTTT_SANFLAGS" ] || [ "$(size "$dest/engine" | awk 'NR == 2 { print $1 }')" -lt 65536 ] ||
    { echo "install: engine is $(size "$dest/engine" | awk 'NR == 2 { print $1 }') bytes of code"; exit 1; }

${CXX:-g++} -Wall -Wextra -pedantic -Werror $QTTT_SANFLAGS \
    -o "$dest/cxx" "$top/tests/install/cxx.cc" $cflags $libs
LD_LIBRARY_PATH=$lib "$dest/cxx" | "$dest/usr/bin/qttt-validate" -l -
[ "$(LD_LIBRARY_PATH=$lib "$dest/cxx" -V)" = "$version" ] ||
    { echo "install: qttt_version() is not $version"; exit 1; }

# The library's private names are its own, in either library: a
# program may use the names its modules use without the layer's
# prefix; it draws the game as qttt-render does and writes its record.
game="X1 a1 b1; O2 a1 b1; measure O2->a1"
{ echo "$game" | "$dest/usr/bin/qttt-render" - && echo "$game"; } \
    >"$dest/clash.want"
${CC:-cc} -Wall -Wextra $QTTT_SANFLAGS -o "$dest/clash" \
    "$top/tests/install/clash.c" $cflags $libs
${CC:-cc} -Wall -Wextra $QTTT_SANFLAGS -o "$dest/clash-static" \
    "$top/tests/install/clash.c" $cflags $static
for p in clash clash-static; do
	echo "$game" | LD_LIBRARY_PATH=$lib "$dest/$p" >"$dest/$p.out" ||
	    { echo "install: $p failed"; exit 1; }
	cmp "$dest/clash.want" "$dest/$p.out" ||
	    { echo "install: $p printed otherwise"; exit 1; }
done

# The EXAMPLES of the installed libqttt(3): its first display is the
# program, its second what the program prints.
awk -v dir="$dest" '
	/^\.Sh / { inex = ($2 == "EXAMPLES"); next }
	inex && /^\.Bd / { n++; file = dir "/example." n; next }
	inex && /^\.Ed/ { file = ""; next }
	file != "" {
		gsub(/\\e/, "\\"); gsub(/\\&/, "")
		print > file
	}' "$dest/usr/share/man/man3/libqttt.3"
mv "$dest/example.1" "$dest/example.c"
${CC:-cc} -Wall -Wextra -Werror $QTTT_SANFLAGS -o "$dest/example" \
    "$dest/example.c" $cflags $libs
LD_LIBRARY_PATH=$lib "$dest/example" >"$dest/example.out"
cmp "$dest/example.2" "$dest/example.out" ||
    { echo "install: libqttt(3) EXAMPLES prints otherwise"; exit 1; }

make -s -C "$top" uninstall DESTDIR="$dest" PREFIX=/usr >/dev/null
left=$(find "$dest/usr" ! -type d | wc -l)
[ "$left" = 0 ] || { echo "uninstall left $left files"; exit 1; }
echo "install: 7 passed, 0 failed"
