// Everything is inline in the header; SwiftPM needs one source file for a C target.
#include "CKeyPathShim.h"
