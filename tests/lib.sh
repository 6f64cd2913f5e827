# What the shell test suites share; a suite sets top (the repository's
# top directory) and sources this file.
#
# suite_begin NAME: makes $out, a directory of the suite's own under
# tests/out (make check may run in several copies at once), puts the
# tools first on PATH, sets LC_ALL=C and zeroes pass and fail.
suite_begin()
{
	mkdir -p "$top/tests/out"
	out=$(mktemp -d "$top/tests/out/$1.XXXXXX") || exit 1
	PATH=$top/cmd:$PATH
	LC_ALL=C
	export PATH LC_ALL
	pass=0
	fail=0
}

# suite_end NAME [DETAIL]: prints the tally; removes $out if every case
# passed, else keeps it, says where, and exits 1.
suite_end()
{
	echo "$1: $pass passed, $fail failed${2:+ ($2)}"
	if [ "$fail" = 0 ]; then
		rm -rf "$out"
		return 0
	fi
	echo "$1: files kept in $out"
	exit 1
}
