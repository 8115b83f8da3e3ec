// Declarations only (see include/FuzzDriver.h); the definition comes from libFuzzer.
#include "FuzzDriver.h"
