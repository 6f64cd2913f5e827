#!/bin/sh
# The examples of the pages: every example command that a page shows
# runs, and prints what the page shows after it.  The commands and their
# output are read from the pages themselves, so that a page cannot drift
# from what the tools do.
#
#	sh tests/examples/run.sh [page ...]
#
# reads the pages named, by default README.md, every manual page in man/
# and every Markdown file in formats/.  An example is
#
#	in a manual page, a display (.Bd ... .Ed) whose first line starts
#		with "$ ", or a .Dl line that does (a command that shows no
#		output); roff's escapes \&, \e, \-, \(aq are undone;
#	in Markdown, an indented block, or a fenced one, whose first line
#		starts with "$ ".
#
# In an example, a line that starts with "$ " is a command, which goes
# on on the next line after a trailing backslash, pipe or &&; the lines
# after it, up to the next command, are what it prints: its standard
# output, then its standard error, blank lines at the end left out.  An
# output line that ends in a backslash goes on on the next, as the pages
# say where they fold a long line.  Displays of other text (records,
# code, instructions such as "make check") are not examples.
#
# A display whose first line starts with "> " is a conversation of the
# engine protocol with qttt-engine(1) (its default level and seed): a
# line "> MESSAGE" is what it is sent, each line "< MESSAGE" after it,
# up to the next "> ", what it answers to that message; a line that
# ends in a backslash goes on on the next, blanks at that one's start
# left out.  Each "> " line makes a command, which sends every message
# up to it and keeps the answers that come after the earlier ones: so
# the answers must come where the page shows them.
#
# The commands of an example run one after another in one shell, so that
# a variable set by one is there for the next, in a fresh copy of
# formats/examples (the files the pages use), with the tools first on
# PATH, LC_ALL=C and TMPDIR in the copy.  An example that calls a program
# that is not installed is skipped, and counted as such.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib.sh"
suite_begin examples
cd "$top" || exit 2
skip=0

if [ $# = 0 ]; then
	set -- README.md man/*.[1-9] formats/*.md
fi

# extract PAGE DIR: writes each example of PAGE into DIR as N.where
# (page:line), N.cmd.K (the K-th command) and N.out.K (what it shows).
extract()
{
	awk -v page="$1" -v dir="$2" '
	function flush_block(   i, first, k, line, inout, cont, joined, f) {
		first = 0
		for (i = 1; i <= nb; i++)
			if (b[i] != "") { first = i; break }
		if (first > 0 && b[first] ~ /^> /) { conversation(first); return }
		if (first == 0 || b[first] !~ /^\$ /) { nb = 0; return }
		n++
		print page ":" bline[first] >(dir "/" n ".where")
		close(dir "/" n ".where")
		k = 0; cont = 0; joined = ""
		for (i = first; i <= nb; i++) {
			line = b[i]
			if (cont) {
				print line >f
				cont = line ~ /(\\|\||&&)$/
				continue
			}
			if (line ~ /^\$ /) {
				if (f != "") close(f)
				k++
				f = dir "/" n ".cmd." k
				print substr(line, 3) >f
				cont = line ~ /(\\|\||&&)$/
				o = dir "/" n ".out." k
				printf "" >o
				continue
			}
			if (f != "") { close(f); f = "" }
			line = joined line
			if (line ~ /\\$/) {
				joined = substr(line, 1, length(line) - 1)
				continue
			}
			joined = ""
			print line >o
		}
		if (f != "") close(f)
		f = ""
		if (o != "") close(o)
		o = ""
		nb = 0
	}
	function quote(s) {
		gsub(/\047/, "\047\\\047\047", s)
		return "\047" s "\047"
	}
	function conversation(first,   i, m, line, k, j, nout, c, sent, f,
	    o) {
		n++
		print page ":" bline[first] >(dir "/" n ".where")
		close(dir "/" n ".where")
		m = 0
		for (i = first; i <= nb; i++) {
			line = b[i]
			if (m > 0 && c[m] ~ /\\$/) {
				sub(/^[ \t]+/, "", line)
				c[m] = substr(c[m], 1, length(c[m]) - 1) line
			} else if (line ~ /^[<>] /)
				c[++m] = line
		}
		k = 0; nout = 0; sent = ""; o = ""
		for (i = 1; i <= m; i++) {
			if (c[i] ~ /^> /) {
				if (o != "") close(o)
				k++
				sent = sent " " quote(substr(c[i], 3))
				f = dir "/" n ".cmd." k
				print "printf \047%s\\n\047" sent \
				    " | qttt-engine | tail -n +" nout + 1 >f
				close(f)
				o = dir "/" n ".out." k
				printf "" >o
			} else if (o != "") {
				print substr(c[i], 3) >o
				nout++
			}
		}
		if (o != "") close(o)
		nb = 0
	}
	function unroff(s) {
		gsub(/\\&/, "", s)
		gsub(/\\\(aq/, "\047", s)
		gsub(/\\-/, "-", s)
		gsub(/\\e/, "\\", s)
		return s
	}
	BEGIN { md = page ~ /\.md$/; nb = 0; n = 0; prevblank = 1 }
	!md && /^\.Bd / { inbd = 1; nb = 0; next }
	!md && inbd && /^\.Ed/ { inbd = 0; flush_block(); next }
	!md && inbd && /^\.\\"/ { next }
	!md && inbd { b[++nb] = unroff($0); bline[nb] = NR; next }
	!md && /^\.Dl \$ / {
		nb = 1; b[1] = unroff(substr($0, 5)); bline[1] = NR
		flush_block(); next
	}
	md && /^ *```/ {
		if (fence) { fence = 0; flush_block() }
		else { fence = 1; nb = 0 }
		next
	}
	md && fence { b[++nb] = $0; bline[nb] = NR; next }
	md && (/^    / || /^\t/) && (nb > 0 || prevblank) {
		s = $0; sub(/^(    |\t)/, "", s)
		b[++nb] = s; bline[nb] = NR; prevblank = 0; next
	}
	md && /^[ \t]*$/ {
		if (nb > 0) { b[++nb] = ""; bline[nb] = NR }
		prevblank = 1; next
	}
	md { if (nb > 0) flush_block(); prevblank = 0 }
	END { if (nb > 0) flush_block() }
	' "$1"
}

# The programs a command calls that are not installed: the first word
# of each of its pipelines and lists, quoted strings left out, but
# assignments.
missing()
{
	sed -e "s/'[^']*'//g" -e 's/"[^"]*"//g' "$1" |
	    tr '|;&()' '\n\n\n\n\n' | awk '{ sub(/^[ \t]*/, "") }
	    $1 != "" && $1 !~ /=/ && $1 ~ /^[A-Za-z_][A-Za-z0-9_.-]*$/ &&
	    $1 != "then" && $1 != "do" && $1 != "else" { print $1 }' |
	    sort -u | while read -r p; do
		command -v "$p" >/dev/null 2>&1 || echo "$p"
	done
}

# Drops the blank lines at the end of a file.
trim()
{
	awk '{ a[NR] = $0 } $0 != "" { n = NR }
	    END { for (i = 1; i <= n; i++) print a[i] }' "$1"
}

for page in "$@"; do
	[ -f "$page" ] || { echo "examples: no page $page"; exit 2; }
	ex=$out/$(echo "$page" | tr '/' '_')
	mkdir -p "$ex"
	extract "$page" "$ex"
	for where in "$ex"/*.where; do
		[ -f "$where" ] || continue
		n=${where%.where}
		at=$(cat "$where")
		absent=$(cat "$n".cmd.* | missing /dev/stdin | tr '\n' ' ')
		if [ -n "$absent" ]; then
			echo "skip: $at: not installed: $absent"
			skip=$((skip + 1))
			continue
		fi
		run=$n.dir
		rm -rf "$run"
		cp -R "$top/formats/examples" "$run"
		# One shell for the example's commands, each one's output
		# kept apart.
		k=1
		while [ -f "$n.cmd.$k" ]; do
			printf '{\n%s\n} >%s 2>%s\n' "$(cat "$n.cmd.$k")" \
			    "'$n.got.$k'" "'$n.err.$k'"
			k=$((k + 1))
		done >"$n.sh"
		(cd "$run" && TMPDIR=$run && export TMPDIR && . "$n.sh") \
		    >/dev/null 2>"$n.shell" </dev/null
		k=1
		ok=1
		while [ -f "$n.cmd.$k" ]; do
			cat "$n.got.$k" "$n.err.$k" 2>/dev/null >"$n.all.$k"
			trim "$n.all.$k" >"$n.have.$k"
			trim "$n.out.$k" >"$n.want.$k"
			if ! cmp -s "$n.want.$k" "$n.have.$k"; then
				[ $ok = 1 ] && printf 'FAIL: %s: $ %s\n' \
				    "$at" "$(head -n 1 "$n.cmd.$k")"
				ok=0
				diff -u "$n.want.$k" "$n.have.$k" |
				    sed 's/^/	/' | head -20
				sed 's/^/	shell: /' "$n.shell" | head -5
			fi
			k=$((k + 1))
		done
		if [ $ok = 1 ]; then
			pass=$((pass + 1))
			rm -rf "$run"
		else
			fail=$((fail + 1))
		fi
	done
done
suite_end examples "$skip skipped"
