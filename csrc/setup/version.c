/* The library's version, which the Python package checks on import (python/edpd/_lib.py): a
 * package and a library of different versions could disagree on a layout. */
#include "edpd/edpd.h"

const char *edpd_version(void) { return EDPD_VERSION; }
