// libFuzzer's entry point for programs that have their own main (provided by -sanitize=fuzzer).
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));
