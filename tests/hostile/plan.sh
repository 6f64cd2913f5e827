# Sourced by run.sh, and by tests/fuzz/seed.sh, which takes the inputs
# for seeds of the fuzz harnesses.  plan BASE splits $here/BASE.cases
# into input files in $out and prints a plan: one line per case,
# NAME STATUS POS CODE INPUT COMMAND separated by tabs.
plan() {
	awk -F '\t' -v out="$out" -v here="$here" -v base="$1" '
	function hexval(h,   i, v) {
		v = 0
		for (i = 1; i <= 2; i++)
			v = v * 16 + index("0123456789abcdef",
			    tolower(substr(h, i, 1))) - 1
		return v
	}
	function decode(s, file,   i, n, c) {
		printf "" > file
		n = length(s)
		for (i = 1; i <= n; i++) {
			c = substr(s, i, 1)
			if (c == "\\" && i < n) {
				c = substr(s, ++i, 1)
				if (c == "x") {
					printf "%c", hexval(substr(s, i + 1, 2)) \
					    > file
					i += 2
					continue
				}
				if (c == "n") c = "\n"
				else if (c == "r") c = "\r"
				else if (c == "t") c = "\t"
			}
			printf "%s", c > file
		}
		close(file)
	}
	/^#/ || /^$/ { next }
	/^command / { cmd = substr($0, 9); next }
	NF != 4 {
		printf "%s:%d: expected 4 fields\n", FILENAME, NR \
		    > "/dev/stderr"
		bad = 1
		next
	}
	{
		name = base ":" NR
		if (substr($1, 1, 1) == "@")
			file = here "/" substr($1, 2)
		else {
			file = out "/" base "-" NR ".in"
			decode($1, file)
		}
		printf "%s\t%s\t%s\t%s\t%s\t%s\n", name, $2, $3, $4, file, cmd
	}
	END { exit bad }' "$here/$1.cases"
}
