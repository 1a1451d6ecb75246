/*
 * apphost.h: the binary contract between the AppHost host and a feature library.
 *
 * Every feature library exports one C symbol, `apphost_feature_entry`, a
 * function that takes nothing and returns a pointer to a descriptor. The host
 * reads `abi_version` first and refuses the library if it differs from
 * APPHOST_ABI_VERSION; nothing else in the library is called before that.
 *
 * Memory: the descriptor and every string it points to are owned by the
 * feature and must stay valid for the life of the process (a static object is
 * the usual choice). The host never frees or writes them.
 */
#ifndef APPHOST_H
#define APPHOST_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI this header describes. Bump on any change to the structures below. */
#define APPHOST_ABI_VERSION 1

/* The name of the symbol every feature library exports. */
#define APPHOST_FEATURE_ENTRY_SYMBOL "apphost_feature_entry"

/* What a descriptor describes. */
typedef enum apphost_feature_kind {
    /* A Swift feature built against AppHostKit; it registers itself through `register_swift`. */
    APPHOST_FEATURE_KIND_SWIFT = 1
} apphost_feature_kind;

/* The descriptor a feature library hands to the host. */
typedef struct apphost_feature_descriptor {
    /* Always first, so that any host can read it: APPHOST_ABI_VERSION of the SDK the feature was built with. */
    uint32_t abi_version;
    /* One of apphost_feature_kind. */
    uint32_t kind;
    /* The feature's name, UTF-8, e.g. "character". */
    const char *name;
    /* Swift features: opaque to the host, handed back to `register_swift`. */
    void *context;
    /*
     * Swift features: registers the feature's destinations with the host's
     * registrar (an opaque handle). Returns 0 on success; on failure the
     * registrar holds the error.
     */
    int32_t (*register_swift)(void *context, void *registrar);
} apphost_feature_descriptor;

/* The type of `apphost_feature_entry`. */
typedef const apphost_feature_descriptor *(*apphost_feature_entry_fn)(void);

#ifdef __cplusplus
}
#endif

#endif /* APPHOST_H */
