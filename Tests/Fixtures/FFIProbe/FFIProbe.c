#include "FFIProbe.h"

#include <inttypes.h>
#include <stdio.h>

static char last[1024];

const char *ffi_probe_last(void) { return last; }

static const char *flag(bool value) { return value ? "true" : "false"; }

void ffi_probe_nothing(void) { snprintf(last, sizeof last, "nothing"); }

void ffi_probe_int64(int64_t value) { snprintf(last, sizeof last, "int64 %" PRId64, value); }

void ffi_probe_double(double value) { snprintf(last, sizeof last, "double %.17g", value); }

void ffi_probe_bool(bool value) { snprintf(last, sizeof last, "bool %s", flag(value)); }

void ffi_probe_string(const char *value) { snprintf(last, sizeof last, "string [%s]", value ? value : "(null)"); }

void ffi_probe_pointers(const void *first, const void *second, int64_t value) {
    snprintf(last, sizeof last, "pointers %s %s %" PRId64, first ? "set" : "null", second ? "set" : "null", value);
}

void ffi_probe_mixed(int64_t a, double b, bool c, const char *d, int64_t e, double f, bool g, const char *h) {
    snprintf(last, sizeof last, "mixed %" PRId64 " %.17g %s [%s] %" PRId64 " %.17g %s [%s]", a, b, flag(c), d, e, f,
             flag(g), h);
}

void ffi_probe_doubles(double a, double b, double c, double d, double e, double f, double g, double h) {
    snprintf(last, sizeof last, "doubles %g %g %g %g %g %g %g %g", a, b, c, d, e, f, g, h);
}

void ffi_probe_bools(bool a, bool b, bool c, bool d, bool e, bool f, bool g, bool h) {
    snprintf(last, sizeof last, "bools %s %s %s %s %s %s %s %s", flag(a), flag(b), flag(c), flag(d), flag(e), flag(f),
             flag(g), flag(h));
}

void ffi_probe_strings(const char *a, const char *b, const char *c, const char *d, const char *e, const char *f,
                       const char *g, const char *h) {
    snprintf(last, sizeof last, "strings %s %s %s %s %s %s %s %s", a, b, c, d, e, f, g, h);
}
