/*
 * stdout.c — the flush of the process's buffered stdout, which Swift's print writes through. In
 * C because Swift 6 sees C's `stdout` as shared mutable state.
 */
#include "CBehave.h"
#include <stdio.h>

int behave_flush_stdout(void) { return fflush(stdout) == 0 && !ferror(stdout); }
