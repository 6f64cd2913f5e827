# Text as the lines of a C string literal, one per line of input, its
# newline kept: backslashes, quotes and question marks (no trigraph)
# escaped, character by character, the same in every awk.
{
	out = ""
	n = length($0)
	for (i = 1; i <= n; i++) {
		c = substr($0, i, 1)
		if (c == "\\" || c == "\"" || c == "?")
			out = out "\\" c
		else
			out = out c
	}
	printf "\t\"%s\\n\"\n", out
}
