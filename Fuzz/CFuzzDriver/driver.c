/*
 * driver.c — libFuzzer's entry, when the build has one (CFuzzDriver.h).
 */
#include "CFuzzDriver.h"

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size))
    __attribute__((weak));

int behave_fuzz_run_driver(int *argc, char ***argv, behave_fuzz_callback callback) {
    if (LLVMFuzzerRunDriver == NULL) return -1;
    return LLVMFuzzerRunDriver(argc, argv, callback);
}
