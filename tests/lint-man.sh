#!/bin/sh
# Every manual page must pass mandoc -T lint with no warning, and show
# its quotes whole.  mandoc's quoting macros (Sq, Dq, Qq, Ql) enclose
# the rest of their line, so ".Pq Sq 0 , Sq 1" nests the second quote
# in the first, and a quote called after a phrase swallows the words
# after it: as the page reads (mandoc -T utf8), no single quote opens
# inside another, and no two quotes close or open at once; and in the
# source, no quoting macro comes after four words of text on its line.
lq=$(printf '\342\200\230')	# U+2018, U+2019
rq=$(printf '\342\200\231')
status=0
for page in "$@"; do
	if ! mandoc -T lint -W warning "$page"; then
		status=1
	fi
	# The quotes as two bytes, \001 to open and \002 to close.
	if ! mandoc -T utf8 "$page" | sed -e "s/$lq/$(printf '\001')/g" \
	    -e "s/$rq/$(printf '\002')/g" | awk -v page="$page" '
	{
		line = line $0 "\n"
	}
	END {
		n = length(line)
		for (i = 1; i <= n; i++) {
			ch = substr(line, i, 1)
			if (ch == "\001" && depth++ > 0) {
				print page ": a quote opens inside a quote"
				exit 1
			} else if (ch == "\002" && depth > 0)
				depth--
		}
		if (index(line, "\"\"") > 0 || index(line, "\001\001") > 0 ||
		    index(line, "\002\002") > 0) {
			print page ": two quotes at once"
			exit 1
		}
	}'; then
		status=1
	fi
	if ! awk -v page="$page" '
	/^\.[A-Z][a-z]/ {
		n = 0
		for (i = 2; i <= NF; i++) {
			if ($i ~ /^(Sq|Dq|Qq|Ql)$/) {
				if (n >= 4) {
					print page ":" FNR ": " $i " after a " \
					    "phrase encloses the rest of the " \
					    "line: give it a line of its own"
					bad = 1
				}
				break
			}
			if ($i ~ /^[A-Z][a-z]$/)
				n = 0
			else if ($i !~ /^[,.;:()]$/)
				n++
		}
	}
	END { exit bad }' "$page"; then
		status=1
	fi
done
[ $status = 0 ] && echo "mandoc lint: $# pages clean"
exit $status
