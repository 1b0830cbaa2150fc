/* Filling an edpd_error: one helper for every module that reports bad input or a failure. */
#ifndef EDPD_ERROR_H
#define EDPD_ERROR_H
#include "edpd/edpd.h"

/* Sets err (if not NULL) to code, field and "field: message"; returns code. */
edpd_code ed_set_error(edpd_error *err, edpd_code code, const char *field, const char *fmt, ...);

#endif
