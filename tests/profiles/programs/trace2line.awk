# Converts traces of games played by another program into the line
# notation (formats/line-notation.md), one game a line.  A trace is
# items joined by "; ": "p A B", a move's two squares numbered 0-8 in
# reading order (a1 = 0, c3 = 8); "c S", the square the cycle-closing
# move takes; and last "r X 1", "r O 1" (that player's line scores 1,
# the other's 0), "r draw" (every square filled, no line: 0-0) or
# "r stuck" (the program ends no game there: *).  A trace holding
# anything else is reported and the conversion fails.
function sq(i)
{
	if (i !~ /^[0-8]$/)
		bad("square " i)
	return substr("abc", i % 3 + 1, 1) (int(i / 3) + 1)
}
function bad(what)
{
	printf "trace2line: line %d: bad %s\n", NR, what >"/dev/stderr"
	failed = 1
	exit 1
}
BEGIN { FS = "; " }
{
	out = ""
	k = 0
	res = ""
	for (f = 1; f <= NF; f++) {
		n = split($f, w, " ")
		if (res != "")
			bad("item after the result")
		if (w[1] == "p" && n == 3) {
			k++
			out = out (k % 2 ? "X" : "O") k " " sq(w[2]) " " sq(w[3]) "; "
		} else if (w[1] == "c" && n == 2 && k > 0) {
			out = out "measure " (k % 2 ? "X" : "O") k "->" sq(w[2]) "; "
		} else if ($f == "r X 1") {
			res = "1-0"
		} else if ($f == "r O 1") {
			res = "0-1"
		} else if ($f == "r draw") {
			res = "0-0"
		} else if ($f == "r stuck") {
			res = "*"
		} else
			bad("item '" $f "'")
	}
	if (res == "")
		bad("trace: no result")
	print out res
}
END { exit failed }
