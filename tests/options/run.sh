#!/bin/sh
# One spelling for each concept (formats/options.md): every tool's
# --help against the table of that page, and against the tool's man
# page.  For each tool:
#	- its options in --help (letter, long name, whether it takes an
#	  argument) are those of its page's option list, and the letters
#	  and long names of its usage line those of its page's SYNOPSIS;
#	- a reserved concept of the table is spelled as the table says
#	  wherever its letter or its long name appears, and every tool the
#	  table names for it has it; a shared concept is spelled so
#	  wherever its long name appears, and every tool named has it.
#	- its old spellings, in the last line of its --help, are those
#	  the table of old spellings gives it, and those its page names
#	  in its sentence on old spellings.
# Then the check is shown to catch a fault of each kind, planted in a
# copy of a tool's help, its page or the table.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib.sh"
suite_begin options
TABLE=$top/formats/options.md
TOOLS="analyze convert engine generate match render replay select stats
validate"

# help_options HELP: "S L A" a line for each option of a --help: its
# letter (- if none), its long name, and 1 if it takes an argument.
help_options()
{
	awk '/^  -[A-Za-z0-9]|^      --[a-z]/ {
		s = "-"; a = 0; x = $0
		sub(/^ +/, "", x)
		if (x ~ /^-[A-Za-z0-9]/) {
			s = substr(x, 2, 1)
			x = substr(x, 3)
			sub(/^, /, "", x)
		}
		l = x
		sub(/^--/, "", l)
		sub(/[ =].*/, "", l)
		if (x ~ /^--[a-z-]+=/)
			a = 1
		print s, l, a
	}' "$1" | sort -u
}

# page_options PAGE: the same from the .It Fl items of a man page.
page_options()
{
	awk '/^\.Sh / { list = ($2 == "DESCRIPTION" || $2 == "OPTIONS") }
	list && /^\.It Fl / {
		s = "-"; l = "-"; a = 0
		if ($3 ~ /^-/) {
			l = substr($3, 2)
			a = $0 ~ /Ns = Ns Ar/
		} else {
			s = $3
			a = $4 == "Ar"
			for (i = 4; i < NF; i++)
				if ($i == "Fl" && $(i + 1) ~ /^-/) {
					l = substr($(i + 1), 2)
					break
				}
		}
		print s, l, a
	}' "$1" | sort -u
}

# usage_words HELP: the letters ("-x") and long names ("--name") that
# the usage lines of a --help name, one a line.
usage_words()
{
	awk '/^usage: / { u = 1 } u && !/^usage: / && !/^(\t|       )/ { u = 0 }
	u {
		gsub(/[][]/, " ")
		for (i = 1; i <= NF; i++)
			if ($i ~ /^--[a-z]/) {
				x = $i
				sub(/=.*/, "", x)
				print x
			} else if ($i ~ /^-[A-Za-z0-9]+$/)
				for (k = 2; k <= length($i); k++)
					print "-" substr($i, k, 1)
	}' "$1" | sort -u
}

# synopsis_words PAGE: the same from a man page's SYNOPSIS.
synopsis_words()
{
	awk '/^\.Sh / { syn = ($2 == "SYNOPSIS") }
	syn {
		for (i = 1; i < NF; i++) {
			if ($i != "Fl" && $i != ".Fl")
				continue
			x = $(i + 1)
			if (x ~ /^-/)
				print "-" x
			else if ($(i + 2) == "Ar")
				print "-" x
			else
				for (k = 1; k <= length(x); k++)
					print "-" substr(x, k, 1)
		}
	}' "$1" | sort -u
}

# concepts: "KIND S L TOOLS" a line for each concept of the table, KIND
# reserved or shared, TOOLS the tools that have it, joined by commas.
concepts()
{
	awk -v all="$(echo $TOOLS)" '
	/^## Reserved/ { kind = "reserved"; next }
	/^## Shared/ { kind = "shared"; next }
	/^## / { kind = "" }
	kind != "" && /^\| [^-]/ && !/^\| concept/ {
		n = split($0, c, "|")
		s = c[3]; gsub(/[ `-]/, "", s)
		l = c[4]; sub(/^ *`--/, "", l); sub(/`.*/, "", l)
		t = c[5]; gsub(/qttt-/, "", t); gsub(/^ +| +$/, "", t)
		out = ""
		if (t ~ /^all/) {
			m = split(all, w, " ")
			for (i = 1; i <= m; i++)
				if (t == "all" || index(" " t " ", " " w[i] " ") == 0)
					out = out (out == "" ? "" : ",") w[i]
		} else {
			gsub(/ *, */, ",", t)
			out = t
		}
		print kind, s, l, out
	}' "$TABLE"
}

# help_old HELP: the old spellings that a --help names ("-t", "--to"),
# one a line.
help_old()
{
	sed -n 's/^Old spellings, still taken with a note://p' "$1" |
	    tr ', ' '\n\n' | grep . | sort -u
}

# table_old TOOL: the same from the table of old spellings.
table_old()
{
	awk -v tool="qttt-$1" '/^## / { old = ($0 ~ /^## Old spellings/) }
	old && /^\| qttt-/ {
		split($0, c, "|")
		t = c[2]; gsub(/ /, "", t)
		if (t != tool)
			next
		n = split(c[3], w, "`")
		for (i = 2; i <= n; i += 2)
			print w[i]
	}' "$TABLE" | sort -u
}

# page_old PAGE: the same from a man page's sentence on old spellings,
# from "old spelling" to "still taken", the new spellings (.Pq now ...)
# left out.
page_old()
{
	awk 'tolower($0) ~ /old spelling/ { old = 1 }
	old && !/^\.Pq now/ {
		for (i = 1; i < NF; i++)
			if ($i == "Fl" || $i == ".Fl")
				print "-" $(i + 1)
	}
	old && /still taken/ { old = 0 }' "$1" | sort -u
}

# differ WHAT KEY LEFT RIGHT: if the lists LEFT and RIGHT differ, says
# so (WHAT, then KEY: which is which) and how; returns 0 if they do.
differ()
{
	cmp -s "$3" "$4" && return 1
	echo "$1 $2:"
	diff "$3" "$4" | grep '^[<>]'
	return 0
}

# check TOOL HELP PAGE: the checks of one tool; prints what is wrong.
# Returns 0 if all hold.
check()
{
	_ok=0
	help_options "$2" >"$out/h"
	page_options "$3" >"$out/p"
	differ "qttt-$1: --help and its page list other options" \
	    "(< help, > page)" "$out/h" "$out/p" && _ok=1
	usage_words "$2" >"$out/u"
	synopsis_words "$3" >"$out/s"
	differ "qttt-$1: the usage line and the SYNOPSIS differ" \
	    "(< usage, > SYNOPSIS)" "$out/u" "$out/s" && _ok=1
	help_old "$2" >"$out/oh"
	table_old "$1" >"$out/ot"
	page_old "$3" >"$out/op"
	differ "qttt-$1: --help and formats/options.md name other old" \
	    "spellings (< help, > table)" "$out/oh" "$out/ot" && _ok=1
	differ "qttt-$1: --help and its page name other old spellings" \
	    "(< help, > page)" "$out/oh" "$out/op" && _ok=1
	concepts >"$out/c"
	while read -r kind s l tools; do
		case ",$tools," in
		*",$1,"*)
			grep -q "^$s $l " "$out/h" || {
				echo "qttt-$1: no -$s, --$l (formats/options.md)"
				_ok=1
			} ;;
		esac
		if [ "$kind" = reserved ]; then
			_bad=$(awk -v s="$s" -v l="$l" '($1 == s) != ($2 == l)' \
			    "$out/h")
		else
			_bad=$(awk -v s="$s" -v l="$l" '$2 == l && $1 != s' \
			    "$out/h")
		fi
		if [ -n "$_bad" ]; then
			echo "qttt-$1: -$s, --$l is the $kind spelling" \
			    "(formats/options.md), not: $_bad"
			_ok=1
		fi
	done <"$out/c"
	return $_ok
}

# The table is read: a concept or two of each kind at least.
if [ "$(concepts | grep -c '^reserved ')" -ge 9 ] &&
    [ "$(concepts | grep -c '^shared ')" -ge 8 ]; then
	pass=$((pass + 1))
else
	echo "FAIL: formats/options.md: the tables were not read:"
	concepts
	fail=$((fail + 1))
fi

for t in $TOOLS; do
	if ! "qttt-$t" --help >"$out/$t.help"; then
		echo "FAIL: qttt-$t --help"
		fail=$((fail + 1))
	elif check "$t" "$out/$t.help" "$top/man/qttt-$t.1" >"$out/$t.why"
	then
		pass=$((pass + 1))
	else
		echo "FAIL: qttt-$t:"
		sed 's/^/	/' "$out/$t.why"
		fail=$((fail + 1))
	fi
done

# planted NAME TOOL HELP PAGE: the check of TOOL must fail on this help
# and page, saying why.
planted()
{
	if check "$2" "$3" "$4" >"$out/planted.why"; then
		echo "FAIL: not caught: $1"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
}
sed 's/^  -T, --type=/  -T, --output=/' "$out/stats.help" >"$out/bad.help"
planted "a reserved concept spelled otherwise" stats "$out/bad.help" \
    "$top/man/qttt-stats.1"
sed 's/^  -s, --seed=/  -S, --seed=/' "$out/engine.help" >"$out/bad.help"
planted "a shared concept spelled otherwise" engine "$out/bad.help" \
    "$top/man/qttt-engine.1"
sed 's/^  -q, --quiet/  -Q, --silent/' "$out/render.help" >"$out/bad.help"
planted "a tool without a concept the table gives it" render \
    "$out/bad.help" "$top/man/qttt-render.1"
grep -v '^\.It Fl q , Fl -quiet' "$top/man/qttt-replay.1" >"$out/bad.1"
planted "an option the page leaves out" replay "$out/replay.help" \
    "$out/bad.1"
sed 's/^\.Op Fl ahqVv$/.Op Fl ahVv/' "$top/man/qttt-replay.1" >"$out/bad.1"
planted "a SYNOPSIS short of a letter" replay "$out/replay.help" \
    "$out/bad.1"

sed 's/^\(Old spellings, still taken with a note: -t\), --to$/\1/' \
    "$out/convert.help" >"$out/bad.help"
planted "an old spelling the help leaves out" convert "$out/bad.help" \
    "$top/man/qttt-convert.1"
grep -v '^\.Fl -count$' "$top/man/qttt-generate.1" >"$out/bad.1"
planted "an old spelling the page leaves out" generate \
    "$out/generate.help" "$out/bad.1"
grep -v '^| qttt-stats | `--output` |' "$TABLE" >"$out/bad.md"
TABLE=$out/bad.md
planted "an old spelling the table leaves out" stats "$out/stats.help" \
    "$top/man/qttt-stats.1"
TABLE=$top/formats/options.md

suite_end options
