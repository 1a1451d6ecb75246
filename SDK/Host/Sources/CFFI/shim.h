// libffi, as the system's libffi-dev installs it, plus accessors for its
// built-in type descriptors (global variables Swift cannot take the address of safely).
#ifndef APPHOST_CFFI_SHIM_H
#define APPHOST_CFFI_SHIM_H

#include <ffi.h>

static inline ffi_type *apphost_ffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *apphost_ffi_type_pointer(void) { return &ffi_type_pointer; }
static inline ffi_type *apphost_ffi_type_sint64(void) { return &ffi_type_sint64; }
static inline ffi_type *apphost_ffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type *apphost_ffi_type_uint8(void) { return &ffi_type_uint8; }

#endif
