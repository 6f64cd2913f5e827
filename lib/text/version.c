/*
 * The version of the library, for a program to compare with the
 * QTTT_VERSION of the header it was compiled with.  It is in the
 * lowest layer so that every part of the library can be linked alone.
 */
#include "qttt.h"

const char *
qttt_version(void)
{
	return QTTT_VERSION;
}
