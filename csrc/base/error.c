/* Filling an edpd_error (error.h). */
#include "base/error.h"
#include <stdarg.h>
#include <stdio.h>

edpd_code ed_set_error(edpd_error *err, edpd_code code, const char *field, const char *fmt, ...) {
    if (err) {
        err->code = code;
        snprintf(err->field, sizeof err->field, "%s", field ? field : "");
        va_list ap;
        va_start(ap, fmt);
        char msg[EDPD_MESSAGE_SIZE - 50];
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        if (field && *field) snprintf(err->message, sizeof err->message, "%s: %s", field, msg);
        else snprintf(err->message, sizeof err->message, "%s", msg);
    }
    return code;
}
