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

# The installation formats/python.md and the README show, offline: a
# venv that sees the system's packages, pip with no index and no build
# isolation, the package then imported from outside the repository.
# Not under the sanitizers: the package would need libasan preloaded.
if [ -z "$QTTT_SANFLAGS" ]; then
	if "$py" -m venv --system-site-packages "$out/venv" \
	    >"$out/install.log" 2>&1 &&
	    (cd "$top" && env -u MAKEFLAGS -u MFLAGS PIP_NO_INDEX=1 \
	    "$out/venv/bin/pip" install --no-build-isolation --no-index \
	    ./python) >>"$out/install.log" 2>&1 &&
	    (cd "$out" && VIRTUAL=$out/venv "$out/venv/bin/python3" -c '
import os, qttt
assert os.path.dirname(qttt.__file__).startswith(os.environ["VIRTUAL"])
assert qttt.analyse(qttt.State()).value == "1-1/2"
print(qttt.State())' >"$out/installed.txt" 2>>"$out/install.log") &&
	    grep -q 'X to move (X1)' "$out/installed.txt"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		cat "$out/install.log"
		echo "python: the package did not install into a venv"
	fi
fi
suite_end python "pytest, $py"
