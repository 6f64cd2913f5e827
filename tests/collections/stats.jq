# What qttt-stats -T json counts, from qttt-replay -T json -a output
# (slurped): every state of every game of one input.
def sqtype: if . == "b2" then "centre"
	elif (. == "a1" or . == "c1" or . == "a3" or . == "c3") then "corner"
	else "edge" end;
def coords: . as $s | [("abc" | index($s[0:1])), ($s[1:2] | tonumber)];
def class($a; $b):
	([$a, $b] | map(sqtype) | sort) as $t |
	($a | coords) as $p | ($b | coords) as $q |
	((($p[0] - $q[0]) | fabs) + (($p[1] - $q[1]) | fabs)) as $d |
	($p[0] == $q[0] or $p[1] == $q[1]) as $line |
	if $t == ["corner", "corner"] then (if $line then "corners" else "diagonal" end)
	elif $t == ["corner", "edge"] then (if $d == 1 then "side" else "knight" end)
	elif $t == ["centre", "corner"] then "corner-centre"
	elif $t == ["edge", "edge"] then (if $line then "opposite" else "edges" end)
	else "edge-centre" end;
def count(f): map(select(f)) | length;
def points(f): map(select(.last.over) | .last.score[f]) | add // 0;

group_by(.game)
| map({last: .[-1], states: ., items: [.[].item | select(. != null)]})
| map(. + {measures: (.items | count(startswith("measure")))})
| map(. + {opening: (.items[0] | split(" ") | class(.[1]; .[2]))})
| . as $g
| {
	games: length,
	results: (reduce .[] as $x ({"1-0": 0, "0-1": 0, "1-1/2": 0,
	    "1/2-1": 0, "3/2-0": 0, "2-0": 0, "0-0": 0, "*": 0};
	    .[$x.last.result // "*"] += 1)),
	pending: count(.last.pending != null),
	finished: count(.last.over),
	points: {X: points("X"), O: points("O")},
	moves: [range(0; 10) as $n | $g | count(.items | length -
	    (map(select(startswith("measure"))) | length) == $n)],
	plies: [range(0; 15) as $n | $g | count(.last.ply == $n)],
	measurements: [range(0; 6) as $n | $g | count(.measures == $n)],
	cycles: ([.[].states[] | select(.pending != null and
	    (.item | startswith("measure") | not)) |
	    .pending.squares | length] as $c |
	    reduce range(2; 10) as $n ({}; .["\($n)"] =
	    ($c | map(select(. == $n)) | length))),
	two_cycle: count(any(.states[]; .pending != null and
	    (.pending.squares | length) == 2)),
	forced_x9: count(any(.items[]; test("^X9 [a-c][1-3]$"))),
	simultaneous: count(.last.lines | map(.player) | unique == ["O", "X"]),
	double_line: count(.last.lines | map(select(.player == "X")) |
	    length == 2),
	openings: (reduce ("side", "corners", "knight", "corner-centre",
	    "diagonal", "edges", "edge-centre", "opposite") as $o ({};
	    .[$o] = ($g | map(select(.opening == $o)) | {games: length,
	    finished: count(.last.over), points: {X: points("X"),
	    O: points("O")}})))
}
