#!/bin/sh
# Rule profiles in records and tools (formats/rules.md, "Rule
# profiles"; formats/line-notation.md, the rules tag):
#	- qttt-generate -R P plays games by P: they carry [rules P], are
#	  valid as they are, valid without the tag under -R P, and read
#	  back the same through YAML and JSON (qttt-convert) and through
#	  qttt-validate -p;
#	- a game of P that only P allows is refused without its tag (by
#	  Goff's rules) with the code the rule it needs gives: the
#	  records are the engine's (generated), picked by their result;
#	- Goff's rules refuse nothing a record of Goff's rules holds: a
#	  generated game of Goff's rules with [rules goff] is written
#	  the same, and -R goff changes nothing;
#	- a record that names another profile than -R's is judged by
#	  its own, with the note own-rules, which changes no exit status;
#	- qttt-convert -T goff refuses a game of another profile;
#	- qttt-select -u and -U keep the same moves under two profiles
#	  apart, -r takes 1/2-1/2, qttt-stats counts it.
#	- the games other programs played (programs/README.md) are
#	  valid under their presets, and Goff's rules refuse exactly the
#	  ones each preset exists for.
top=$(cd "$(dirname "$0")/../.." && pwd)
. "$top/tests/lib.sh"
suite_begin profiles

ok()
{
	pass=$((pass + 1))
}

bad()
{
	echo "FAIL: $*"
	fail=$((fail + 1))
}

N=400
for p in goff-tie complete-win ksmanis typescript typescript-2 python flash \
    cpp-solver; do
	g=$out/$p.qttt
	qttt-generate -R "$p" -n $N -s 7 >"$g" || bad "$p: generate"
	[ "$(grep -c "^\[rules $p\] X1 " "$g")" = $N ] ||
	    bad "$p: every record carries [rules $p]"
	qttt-validate -q "$g" && ok || bad "$p: generated games valid"
	sed 's/^\[rules [^]]*\] //' "$g" >"$out/$p.bare"
	qttt-validate -q -R "$p" "$out/$p.bare" && ok ||
	    bad "$p: valid without the tag under -R $p"
	# What -p writes is the record, tag and all; so do the others.
	qttt-validate -R "$p" -p "$out/$p.bare" >"$out/$p.p" &&
	    cmp -s "$g" "$out/$p.p" && ok || bad "$p: -p adds the tag"
	for t in yaml json; do
		qttt-convert -T $t "$g" >"$out/$p.$t" &&
		    qttt-convert -T line "$out/$p.$t" >"$out/$p.$t.qttt" &&
		    cmp -s "$g" "$out/$p.$t.qttt" && ok ||
		    bad "$p: line -> $t -> line"
	done
	if qttt-convert -T goff "$g" >/dev/null 2>"$out/$p.goff.err"; then
		bad "$p: Goff's notation took a game of $p"
	else
		grep -q "Goff's notation holds no rules" "$out/$p.goff.err" &&
		    ok || bad "$p: Goff's notation's refusal"
	fi
done

# need P RESULT CODE [qttt-select criteria | -e PATTERN]: a generated
# game of P that ends RESULT and meets the criteria (or matches the
# grep -E pattern) is refused by Goff's rules with CODE (the first of
# its diagnostics), and is valid under P.
need()
{
	p=$1 r=$2 c=$3
	shift 3
	qttt-generate -R "$p" -r "$r" -n 2000 -s 3 >"$out/need.all"
	if [ "$1" = -e ]; then
		grep -E -- "$2" "$out/need.all"
	else
		qttt-select "$@" "$out/need.all"
	fi | head -n 1 | sed 's/^\[rules [^]]*\] //' >"$out/need.qttt"
	if ! [ -s "$out/need.qttt" ]; then
		bad "$p: no game ending $r that meets $*"
		return
	fi
	qttt-validate -q -R "$p" "$out/need.qttt" && ok ||
	    bad "$p: $(cat "$out/need.qttt") valid under $p"
	qttt-validate -j "$out/need.qttt" >"$out/need.json"
	code=$(sed -n '1s/.*"code":"\([^"]*\)".*/\1/p' "$out/need.json")
	[ "$code" = "$c" ] && ok ||
	    bad "$p: $(cat "$out/need.qttt"): Goff's rules say $code, not $c"
	qttt-validate -q -R goff "$out/need.qttt" &&
	    bad "$p: -R goff took it" || ok
}
# python: a draw with one square left, before X9.
need python 0-0 result-mismatch -e '^([^X]|X[1-8])*$'
# python, typescript, typescript-2: X's double line scores 1-0.
need python 1-0 result-mismatch -F double-line
need typescript 1-0 result-mismatch -F double-line
need typescript-2 1-0 result-mismatch -F double-line
# python, typescript, typescript-2: of lines of both players made at
# once, the earlier scores 1-0 or 0-1 (Goff's rules: 1-1/2 or 1/2-1).
need python 0-1 result-mismatch -F simultaneous
need typescript 1-0 result-mismatch -F simultaneous
need typescript-2 0-1 result-mismatch -F simultaneous
# cpp-solver: X's double line 1-0, a draw with one square left 1/2-1/2.
need cpp-solver 1-0 result-mismatch -F double-line
need cpp-solver 1/2-1/2 bad-result -e '^([^X]|X[1-8])*$'
# ksmanis: 2-0 for lines of different times (Goff's rules: 3/2-0).
need ksmanis 2-0 result-mismatch -e 'measure X9|X9 [a-c][1-3] [a-c][1-3]'
qttt-generate -R ksmanis -r 2-0 -n 300 -s 3 | sed 's/^\[rules [^]]*\] //' \
    >"$out/ksmanis.2-0"
# Each with the note that names ksmanis (the first preset that takes it).
qttt-validate -j "$out/ksmanis.2-0" | grep -v -e '"code":"result-mismatch"' \
    -e '"message":"the record is valid under the preset ksmanis (-R ksmanis)"' |
    grep -q . && bad "ksmanis: a 2-0 refused otherwise" || ok
# goff-tie, cpp-solver: 1/2-1/2, not a result of Goff's rules.
need goff-tie 1/2-1/2 bad-result -e .
# complete-win: both players' lines in one collapse end the game 0-0.
need complete-win 0-0 result-mismatch -F simultaneous
# typescript-2: a game of Goff's rules with a 2-cycle is refused.
qttt-generate -n 50 -s 9 >"$out/goff.qttt"
qttt-validate -j -R typescript-2 "$out/goff.qttt" >"$out/ts2.json"
grep -q '"code":"two-cycle"' "$out/ts2.json" && ok ||
    bad "typescript-2: no 2-cycle refused among 50 games of Goff's rules"

# The games of the programs the presets stand for
# (programs/README.md): the converter gives each record from its
# trace; every game is valid under its preset; Goff's rules refuse
# exactly the games with X's double line or a line of each player
# made by one collapse (result-mismatch), and take the others.
pg=$top/tests/profiles/programs
for p in typescript typescript-2; do
	awk -f "$pg/trace2line.awk" "$pg/$p.trace" >"$out/$p.prog" &&
	    cmp -s "$out/$p.prog" "$pg/$p.qttt" && ok ||
	    bad "$p: trace2line.awk does not give $p.qttt"
	g=$pg/$p.qttt
	qttt-validate -q -R "$p" "$g" && ok ||
	    bad "$p: a game of the program refused under -R $p"
	{
		qttt-select -R "$p" -F double-line "$g"
		qttt-select -R "$p" -F simultaneous "$g"
	} | sort -u >"$out/$p.own"
	qttt-select -R "$p" -v -F double-line "$g" |
	    qttt-select -R "$p" -v -F simultaneous >"$out/$p.rest"
	n=$(grep -c . "$out/$p.own")
	qttt-validate -j "$out/$p.own" >"$out/$p.json"
	[ "$n" -gt 0 ] &&
	    [ "$(sed -n 's/.*"game":\([0-9]*\),.*"code":"result-mismatch".*/\1/p' \
	    "$out/$p.json" | sort -u | grep -c .)" = "$n" ] && ok ||
	    bad "$p: Goff's rules do not refuse all $n games the preset is for"
	[ $(($(grep -c . "$out/$p.rest") + n)) = "$(grep -c . "$g")" ] &&
	    qttt-validate -q "$out/$p.rest" && ok ||
	    bad "$p: Goff's rules refuse a game the preset is not for"
done
# The newer program plays no 2-cycle; the older one does, and
# typescript-2 refuses such games (two-cycle).
[ "$(qttt-select -R typescript-2 -F 2-cycle -c "$pg/typescript-2.qttt")" = 0 ] &&
    ok || bad "typescript-2: the program's games hold a 2-cycle"
qttt-validate -j -R typescript-2 "$pg/typescript.qttt" >"$out/ts1.json"
grep -q '"code":"two-cycle"' "$out/ts1.json" && ok ||
    bad "typescript-2: no game of the older program refused"

# Goff's rules: nothing new.  The tag goff is kept as it is written.
qttt-validate -p "$out/goff.qttt" >"$out/goff.p" &&
    cmp -s "$out/goff.qttt" "$out/goff.p" && ok || bad "goff: -p"
qttt-validate -R goff -p "$out/goff.qttt" >"$out/goff.p" &&
    cmp -s "$out/goff.qttt" "$out/goff.p" && ok || bad "goff: -R goff -p"
sed 's/^/[rules goff] /' "$out/goff.qttt" >"$out/goff.tagged"
qttt-validate -p "$out/goff.tagged" >"$out/goff.p" &&
    cmp -s "$out/goff.tagged" "$out/goff.p" && ok || bad "goff: [rules goff]"

# A record's own profile over -R's, with a note; the status unchanged.
qttt-validate -R goff "$out/python.qttt" 2>"$out/own.err" && ok ||
    bad "own profile: status"
[ "$(grep -c 'note: the record names its rules, python: it is judged by them, not by goff \[own-rules\]' "$out/own.err")" = $N ] &&
    ok || bad "own profile: one note a record"
qttt-validate "$out/python.qttt" 2>"$out/own.err" && [ ! -s "$out/own.err" ] &&
    ok || bad "own profile: no note without -R"

# Collections: the same moves under two profiles are two games to -u
# and -U; -r takes 1/2-1/2; qttt-stats counts it.
# Goff's games are flash's too (the line notation does not say who
# measures), with the same results.
sed 's/^/[rules flash] /' "$out/goff.qttt" >"$out/flash.tagged"
cat "$out/goff.qttt" "$out/flash.tagged" "$out/goff.qttt" >"$out/two.qttt"
for u in -u -U; do
	[ "$(qttt-select $u -c "$out/two.qttt")" = 100 ] && ok ||
	    bad "select $u: two profiles, one game"
done
[ "$(qttt-select -R flash -u -c "$out/two.qttt")" = 50 ] && ok ||
    bad "select -u: one profile, by the tag and by -R"
ties=$(grep -c '; 1/2-1/2$' "$out/goff-tie.qttt")
[ "$ties" -gt 0 ] && [ "$(qttt-select -c -r 1/2-1/2 "$out/goff-tie.qttt")" = "$ties" ] &&
    ok || bad "select -r 1/2-1/2"
qttt-stats "$out/goff-tie.qttt" | grep -Eq "^  1/2-1/2 +$ties " && ok ||
    bad "stats: the 1/2-1/2 row"

suite_end profiles
