/* C functions the libffi invoker's tests call: each writes what it received into a buffer. */
#ifndef FFI_PROBE_H
#define FFI_PROBE_H

#include <stdbool.h>
#include <stdint.h>

/* What the last probe received, e.g. "int64 -42". */
const char *ffi_probe_last(void);

void ffi_probe_nothing(void);
void ffi_probe_int64(int64_t value);
void ffi_probe_double(double value);
void ffi_probe_bool(bool value);
void ffi_probe_string(const char *value);
void ffi_probe_pointers(const void *first, const void *second, int64_t value);
void ffi_probe_mixed(int64_t a, double b, bool c, const char *d, int64_t e, double f, bool g, const char *h);
void ffi_probe_doubles(double a, double b, double c, double d, double e, double f, double g, double h);
void ffi_probe_bools(bool a, bool b, bool c, bool d, bool e, bool f, bool g, bool h);
void ffi_probe_strings(const char *a, const char *b, const char *c, const char *d, const char *e, const char *f,
                       const char *g, const char *h);

#endif
