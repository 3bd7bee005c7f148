// The declaration in include/CFuzzerDriver.h is all this target provides; libFuzzer itself
// comes with -sanitize=fuzzer.
#include "CFuzzerDriver.h"
