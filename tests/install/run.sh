#!/bin/sh
# make install into a scratch DESTDIR, then build a program against the
# installed library through pkg-config and check what it plays with the
# installed qttt-validate.
set -e
top=$(cd "$(dirname "$0")/../.." && pwd)
dest=$top/tests/out/install
rm -rf "$dest"
make -s -C "$top" install DESTDIR="$dest" PREFIX=/usr >/dev/null
for f in include/qttt.h lib/libqttt.a lib/pkgconfig/qttt.pc \
    $(cd "$top" && ls cmd/qttt-*.c | sed 's|cmd/\(.*\)\.c|bin/\1|') \
    $(cd "$top" && ls man/*.1 2>/dev/null | sed 's|man/|share/man/man1/|') \
    $(cd "$top" && ls man/*.5 2>/dev/null | sed 's|man/|share/man/man5/|') \
    $(cd "$top" && ls man/*.7 2>/dev/null | sed 's|man/|share/man/man7/|'); do
	[ -f "$dest/usr/$f" ] || { echo "install: $f missing"; exit 1; }
done
PKG_CONFIG_PATH=$dest/usr/lib/pkgconfig
PKG_CONFIG_SYSROOT_DIR=$dest
export PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR
${CC:-cc} $QTTT_SANFLAGS -o "$dest/bot" "$top/tests/install/bot.c" \
    $(pkg-config --cflags --libs qttt)
"$dest/bot" | "$dest/usr/bin/qttt-validate" -l -
make -s -C "$top" uninstall DESTDIR="$dest" PREFIX=/usr >/dev/null
left=$(find "$dest/usr" -type f | wc -l)
[ "$left" = 0 ] || { echo "uninstall left $left files"; exit 1; }
echo "install: 1 passed, 0 failed"
