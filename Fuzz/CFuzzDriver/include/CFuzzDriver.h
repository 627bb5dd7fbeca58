/*
 * CFuzzDriver.h — how behave-fuzz reaches libFuzzer. The driver is a weak symbol: a build with
 * -sanitize=fuzzer links libFuzzer and gets it; any other build (swift build, the tests) links
 * without it, and behave-fuzz replays the inputs it is given instead of fuzzing.
 */
#ifndef CFUZZDRIVER_H
#define CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

typedef int (*behave_fuzz_callback)(const uint8_t *data, size_t size);

/* libFuzzer's driver when it is linked in (see LLVMFuzzerRunDriver); -1 when it is not. */
int behave_fuzz_run_driver(int *argc, char ***argv, behave_fuzz_callback callback);

#endif
