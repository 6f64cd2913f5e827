# Sourced by run.sh and merge.sh.  options NAME prints the flags of
# tests/fuzz/NAME.options, one "flag=value" a line: the [libfuzzer]
# section of "flag = value" lines that OSS-Fuzz takes.
options() {
	[ -f "$top/tests/fuzz/$1.options" ] || return 0
	sed -n '/^\[libfuzzer\]/,/^\[/{
	    s/^\([a-z_]*\)[[:space:]]*=[[:space:]]*\(.*[^[:space:]]\).*/\1=\2/p
	    }' "$top/tests/fuzz/$1.options"
}
