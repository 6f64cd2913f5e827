#!/bin/sh
# Every manual page must pass mandoc -T lint with no warning.
status=0
for page in "$@"; do
	if ! mandoc -T lint -W warning "$page"; then
		status=1
	fi
done
[ $status = 0 ] && echo "mandoc lint: $# pages clean"
exit $status
