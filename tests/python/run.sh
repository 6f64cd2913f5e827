#!/bin/sh
# The Python package (python/, formats/python.md): builds its extension
# against Debian's Python 3 (/usr/bin/python3, whatever python3 is
# first on the path) into this suite's own directory and runs its tests
# with that interpreter's pytest (python3-pytest).  Under make check
# SANITIZE=1 the extension is built with the library's sanitizers and
# the interpreter runs with libasan preloaded (ASan must come first;
# leak detection is off, since the interpreter keeps what it allocates
# until it exits).
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib.sh"
suite_begin python
py=${QTTT_PYTHON:-/usr/bin/python3}
if ! "$py" -c 'import setuptools, pytest' 2>/dev/null; then
	echo "python: $py lacks setuptools or pytest" \
	    "(python3-setuptools, python3-pytest; sh .ci/deps installs them)"
	exit 1
fi
# setup.py makes the archive itself when run alone; here make has.
if ! (cd "$top/python" && QTTT_ARCHIVE=$top/lib/libqttt.a \
    QTTT_SANFLAGS="$QTTT_SANFLAGS" "$py" setup.py -q build \
    --build-base "$out/build" --build-lib "$out/lib") >"$out/build.log" 2>&1
then
	cat "$out/build.log"
	echo "python: the extension did not build"
	exit 1
fi
# A warning of the compiler is a failure, as with the library.
if grep -v 'byte-compiling is disabled' "$out/build.log" | grep -n 'warning:'; then
	echo "python: the extension built with warnings"
	exit 1
fi
# A faulty engine for the engine client's tests (tests/match builds the
# same).
${CC:-cc} -std=c17 -D_POSIX_C_SOURCE=200809L -I"$top/lib" $QTTT_SANFLAGS \
    -o "$out/faulty" "$top/tests/engines/faulty.c" "$top/lib/libqttt.a" \
    $(pkg-config --libs yaml-0.1 2>/dev/null || echo -lyaml) ||
    { echo "python: cannot build tests/engines/faulty.c"; exit 1; }
preload=
if [ -n "$QTTT_SANFLAGS" ]; then
	preload=$(${CC:-cc} -print-file-name=libasan.so)
	ASAN_OPTIONS=detect_leaks=0
	export ASAN_OPTIONS
fi
if PYTHONPATH=$out/lib PYTHONDONTWRITEBYTECODE=1 QTTT_TOP=$top \
    QTTT_FAULTY=$out/faulty \
    LD_PRELOAD=$preload "$py" -m pytest -q -p no:cacheprovider \
    "$top/python/tests" >"$out/pytest.log" 2>&1; then
	pass=1
	tail -1 "$out/pytest.log"
else
	fail=1
	cat "$out/pytest.log"
fi
suite_end python "pytest, $py"
