#!/bin/sh
# Citations: whatever a file of the repository points at must be in the
# repository, so that a clone is complete.  Each problem is reported as
# file:line: message, and the suite fails if there is one.
#
#	paths	a path under formats/, man/, lib/, cmd/ or tests/ with a
#		source extension (.md .c .h .sh .1 to .9), a bare name.md
#		(beside the citing file, in formats/ or at the top), and a
#		Markdown link, must be a file or directory of the repository;
#		the documents kept outside it are never cited: the shared
#		folder one level up, and RULES.md, NOTATION.md and STYLE.md
#		(their content is formats/rules.md and the format pages)
#	rules	"rule N", "rules N and M", "rules N to M", "rules N-M" must
#		name rules that formats/rules.md numbers
#	examples "example N" and the like must name a worked example of
#		formats/rules.md (### Example N)
#	pages	.Xr NAME SEC and NAME(SEC), for a NAME with qttt in it, must
#		be a page man/NAME.SEC
#	golden	"golden test: NAME" must name a directory tests/golden/NAME
#		with a cmd; "golden test: NAME (exact)", in a manual page or
#		a Markdown file, says that the display after it shows that
#		test's commands ("$ ..." lines, comments left out) and what
#		they print (stdout, then stderr), byte for byte
#	README	names every package .ci/deps installs, and no fixed
#		path under /tmp in its commands
#	defaults qttt-analyze's -m defaults, as formats/analysis-output.md
#		and its manual page state them, are the code's
#
# Words in capitals inside a path (NAME, LAYER) are placeholders, not
# paths.  The repository's files are those git tracks, or, outside a git
# work tree, every file but tests/out.
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/lib.sh"
suite_begin citations
cd "$top" || exit 2

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git ls-files >"$out/files"
else
	find . -type f ! -path './tests/out/*' ! -path './.git/*' |
	    sed 's|^\./||' | sort >"$out/files"
fi
# Every directory of the repository, for paths that name one.
awk -F/ '{ p = ""; for (i = 1; i < NF; i++) { p = p $i "/"; print p } }' \
    "$out/files" | sort -u >"$out/dirs"
# The files to read: text, but not this script (its patterns would
# match themselves) nor the hostile and fuzzing inputs (arbitrary
# bytes, not citations).
grep -v -E '^tests/(citations\.sh|hostile/|fuzz/(corpus|crashes)/)' \
    "$out/files" | while read -r f; do
	[ -f "$f" ] && grep -I -q '' "$f" && echo "$f"
done >"$out/texts"

# What formats/rules.md has: its numbered rules (before the facts) and
# its worked examples.
awk '/^## Facts/ { exit } /^[0-9]+\. / { sub(/\..*/, ""); print }' \
    formats/rules.md >"$out/rules"
sed -n 's/^### Example \([0-9][0-9]*\).*/\1/p' formats/rules.md \
    >"$out/examples"
[ -s "$out/rules" ] && [ -s "$out/examples" ] || {
	echo "citations: formats/rules.md has no rules or no examples"
	exit 1
}

problem()
{
	echo "$1: $2"
	fail=$((fail + 1))
}

ok()
{
	pass=$((pass + 1))
}

# tracked PATH: whether PATH is a file or a directory of the repository.
tracked()
{
	grep -q -x -F -e "$1" "$out/files" ||
	    grep -q -x -F -e "${1%/}/" "$out/dirs"
}

# matches ERE: every match in the texts, as file:line:match.
matches()
{
	xargs grep -n -o -H -E -e "$1" <"$out/texts" 2>/dev/null
}

# Documents kept outside the repository.
matches '\.\./shared|/work/shared|(^|[^A-Za-z0-9_./-])(RULES|NOTATION|STYLE)\.md' \
    >"$out/outside"
while IFS= read -r m; do
	problem "${m%:*}" "cites a document outside the repository:\
 $(echo "${m##*:}" | sed 's/^[^./A-Z]*//')"
done <"$out/outside"

# Paths from the top.
matches '(^|[^A-Za-z0-9_./$-])(formats|man|lib|cmd|tests)/[A-Za-z0-9_./-]*\.(md|cc|c|h|sh|[1-9])([^A-Za-z0-9_]|$)' |
    sed -e 's/^\([^:]*:[0-9]*:\)[^a-z]*/\1/' -e 's/[^A-Za-z0-9_]$//' >"$out/paths"
while IFS= read -r m; do
	p=${m#*:*:}
	case $p in
	*[A-Z][A-Z]*)	continue ;;
	esac
	if tracked "$p"; then ok; else
		problem "${m%:*}" "no such file in the repository: $p"
	fi
done <"$out/paths"

# Bare names of Markdown files: beside the citing file, in formats/ or
# at the top.
matches '(^|[^A-Za-z0-9_./-])[a-z][a-z0-9-]*\.md' |
    sed 's/^\([^:]*:[0-9]*:\)[^a-z]*/\1/' >"$out/mdnames"
while IFS= read -r m; do
	f=${m%%:*} p=${m#*:*:} d=$(dirname "${m%%:*}")
	if tracked "$d/$p" || tracked "formats/$p" || tracked "$p"; then
		ok
	else
		problem "${m%:*}" "no such file in the repository: $p"
	fi
done <"$out/mdnames"

# Markdown links, from the linking file's directory.
grep '\.md$' "$out/texts" | xargs grep -n -o -H -E '\]\([^)]+\)' |
    grep -v -E '\]\((https?:|mailto:|#)' >"$out/links"
while IFS= read -r m; do
	f=${m%%:*} p=${m#*:*:](} d=$(dirname "${m%%:*}")
	p=${p%)} p=${p%%#*}
	case $d in
	.)	q=$p ;;
	*)	q=$d/$p ;;
	esac
	# Resolve the ../ of a link from a folder.
	while case $q in */../*) true ;; *) false ;; esac; do
		q=$(echo "$q" | sed 's|[^/]*/\.\./||')
	done
	if tracked "$q"; then ok; else
		problem "${m%:*}" "link to a file not in the repository: $p"
	fi
done <"$out/links"

# Rules and worked examples: each number must be on formats/rules.md.
# A range (to, a hyphen or an en dash) names the numbers between too.
numbers()
{
	sed 's/^[^:]*:[0-9]*:[A-Za-z]* //' | awk '{
		gsub(/\342\200\223/, " to ")
		gsub(/-/, " to ")
		gsub(/,/, " ")
		n = split($0, w, " ")
		prev = ""
		for (i = 1; i <= n; i++) {
			if (w[i] == "to") { range = 1; continue }
			if (w[i] !~ /^[0-9]+$/) continue
			if (range && prev != "")
				for (k = prev + 1; k < w[i]; k++) print k
			print w[i]
			prev = w[i]
			range = 0
		}
	}'
}

# cited KIND ERE LIST: every number that a KIND citation names is in LIST.
cited()
{
	matches "$2" >"$out/cited"
	while IFS= read -r m; do
		for n in $(echo "$m" | numbers); do
			if grep -q -x -e "$n" "$3"; then ok; else
				problem "${m%:*}" "formats/rules.md has no $1 $n"
			fi
		done
	done <"$out/cited"
}

cited rule '\b[Rr]ules? [0-9]+((, | and | or | to |-|–)[0-9]+)*' \
    "$out/rules"
cited example '\b[Ee]xamples? [0-9]+((, | and | or | to |-|–)[0-9]+)*' \
    "$out/examples"

# Manual pages.
matches '^\.Xr [A-Za-z0-9_-]*qttt[A-Za-z0-9_-]* [1-9]|(^|[^A-Za-z0-9_.-])[a-z]*qttt[a-z0-9-]*\([1-9]\)' \
    >"$out/pages"
while IFS= read -r m; do
	page=$(echo "${m#*:*:}" | sed -e 's/^\.Xr //' -e 's/^[^a-z]*//' \
	    -e 's/[ (]\([1-9]\))*$/.\1/')
	if tracked "man/$page"; then ok; else
		problem "${m%:*}" "no manual page man/$page"
	fi
done <"$out/pages"

# display FILE LINE: the display after line LINE of FILE, unescaped:
# the next .Bd ... .Ed of a manual page, or the next indented block of
# a Markdown file.
display()
{
	case $1 in
	*.md)
		awk -v from="$2" 'NR <= from { next }
		    !started && /^[ \t]*$/ { next }
		    /^    / { started = 1; sub(/^    /, ""); print; next }
		    started && /^[ \t]*$/ { print ""; next }
		    { exit }' "$1" | awk '{ a[NR] = $0 } $0 != "" { n = NR }
		    END { for (i = 1; i <= n; i++) print a[i] }'
		;;
	*)
		awk -v from="$2" 'NR <= from { next }
		    /^\.Bd / { on = 1; next }
		    on && /^\.Ed/ { exit }
		    on { gsub(/\\&/, ""); gsub(/\\\(aq/, "\047")
			gsub(/\\-/, "-"); gsub(/\\e/, "\\"); print }' "$1"
		;;
	esac
}

# Splits a display into its commands ("$ " lines, and the lines that
# continue them after a trailing backslash or pipe) and their output, in
# which a line ending in a backslash goes on on the next.
split_display()
{
	awk -v cmds="$out/shown.cmd" -v outs="$out/shown.out" '
	cont { print >cmds; cont = /(\\|\||&&)$/; next }
	/^\$ / { sub(/^\$ /, ""); print >cmds; cont = /(\\|\||&&)$/; next }
	joined != "" || /\\$/ {
		line = joined $0
		if (line ~ /\\$/) { joined = substr(line, 1, length(line) - 1)
			next }
		joined = ""; print line >outs; next }
	{ print >outs }
	END { close(cmds); close(outs) }'
}

matches 'golden test: [a-z0-9]+-[a-z0-9-]+( \(exact\))?' >"$out/golden"
while IFS= read -r m; do
	f=${m%%:*} line=${m#*:} line=${line%%:*} name=${m##*: }
	exact=
	case $name in
	*' (exact)')	name=${name% (exact)} exact=1 ;;
	esac
	dir=tests/golden/$name
	if ! tracked "$dir/cmd"; then
		problem "${m%:*}" "no golden test $dir"
		continue
	fi
	if [ -z "$exact" ]; then
		ok
		continue
	fi
	case $f in
	man/*|*.md)	;;
	*)	problem "$f:$line" "(exact) is for a display of a page"
		continue ;;
	esac
	display "$f" "$line" >"$out/shown"
	if ! head -n 1 "$out/shown" | grep -q '^\$ '; then
		problem "$f:$line" "no command display after the note"
		continue
	fi
	: >"$out/shown.cmd"
	: >"$out/shown.out"
	split_display <"$out/shown"
	grep -v '^[ \t]*#' "$dir/cmd" >"$out/want.cmd"
	cat "$dir/stdout" "$dir/stderr" 2>/dev/null >"$out/want.out"
	if ! cmp -s "$out/want.cmd" "$out/shown.cmd"; then
		problem "$f:$line" "the commands shown are not those of $dir/cmd"
		diff -u "$out/want.cmd" "$out/shown.cmd" | sed 's/^/	/' |
		    head -20
	elif ! cmp -s "$out/want.out" "$out/shown.out"; then
		problem "$f:$line" "the output shown is not that of $dir"
		diff -u "$out/want.out" "$out/shown.out" | sed 's/^/	/' |
		    head -20
	else
		ok
	fi
done <"$out/golden"

# The README's first command installs .ci/deps's packages: it names each
# (as `name`).  And its commands write into no fixed path under /tmp,
# where two users of one machine would collide (mktemp -d makes one).
pkgs=$(sed -n '/^pkgs="/,/"$/p' .ci/deps | sed 's/^pkgs="//; s/"$//')
for p in $pkgs; do
	if grep -q "\`$p\`" README.md; then
		ok
	else
		problem README.md "does not name $p, which .ci/deps installs"
	fi
done
# And it says how many they are.
n=$(echo $pkgs | wc -w)
if tr '\n' ' ' <README.md | grep -q "The packages, $n of them,"; then
	ok
else
	problem README.md "does not say 'The packages, $n of them,':\
 .ci/deps installs $n"
fi
grep -n '^    .*/tmp/' README.md >"$out/tmp" || :
while IFS= read -r m; do
	problem "README.md:${m%%:*}" "a fixed path under /tmp: ${m#*:}"
done <"$out/tmp"

# The defaults of qttt-analyze -m, the solver's table and the count's,
# as formats/analysis-output.md, the manual page and the code give
# them: the page once said 16 MiB where the tool used 1 (issue 25).
flat() { tr '\n' ' ' <"$1"; }
doc=$(flat formats/analysis-output.md |
    sed -n 's/.*of at most `-m` MiB *(default \([0-9]*\)).*/\1/p')
docc=$(flat formats/analysis-output.md |
    sed -n 's/.*`-m` bounds the table of the count *instead (default \([0-9]*\) MiB.*/\1/p')
man=$(sed -n '/^\.It Fl m Ar MiB/,/^\.It /p' man/qttt-analyze.1 |
    sed -n 's/^\.Pq default \([0-9]*\) ;.*/\1/p' | sed -n 1p)
manc=$(sed -n '/^\.It Fl m Ar MiB/,/^\.It /p' man/qttt-analyze.1 |
    sed -n 's/^\.Pq default \([0-9]*\), of which.*/\1/p')
code=$(sed -n 's/^#define[[:space:]]*TABLE_MIB[[:space:]]*\([0-9]*\).*/\1/p' \
    cmd/qttt-analyze.c)
codec=$(sed -n 's/^#define[[:space:]]*QTTT_COUNT_MEMORY[[:space:]]*((size_t)1 << \([0-9]*\)).*/\1/p' \
    lib/qttt.h)
[ -n "$codec" ] && codec=$((1 << (codec - 20)))
if [ -n "$code" ] && [ "$doc" = "$code" ] && [ "$man" = "$code" ]; then
	ok
else
	problem formats/analysis-output.md "qttt-analyze -m defaults to\
 ${code:-?} MiB (TABLE_MIB); this page says ${doc:-nothing},\
 man/qttt-analyze.1 ${man:-nothing}"
fi
if [ -n "$codec" ] && [ "$docc" = "$codec" ] && [ "$manc" = "$codec" ]; then
	ok
else
	problem formats/analysis-output.md "qttt-analyze -c -m defaults\
 to ${codec:-?} MiB (QTTT_COUNT_MEMORY); this page says\
 ${docc:-nothing}, man/qttt-analyze.1 ${manc:-nothing}"
fi

suite_end citations
