/*
 * apphost.h: the binary contract between the AppHost host and a feature library.
 *
 * Every feature library exports one C symbol, `apphost_feature_entry`, a
 * function that takes nothing and returns a pointer to a descriptor. The host
 * reads `abi_version` first and refuses the library if it differs from
 * APPHOST_ABI_VERSION, then checks the SDK version the feature was built
 * against (and, for a Swift feature, the compiler that built it); nothing
 * else in the library is called before that.
 *
 * The header compiles as C and as C++ (the declarations have C linkage), so a
 * C++ feature exports the unmangled entry symbol when it defines it inside
 * `extern "C"` or includes this header before defining it.
 *
 * Two kinds of feature share this entry:
 *  - Swift features, built against AppHostKit, register themselves through
 *    `register_swift` (AppHostKit's FeatureEntry fills the descriptor).
 *  - C features (or any language that exports C functions) describe their
 *    destinations as data: a route name, and for each destination a name, a
 *    typed parameter list and a render function. The host decodes a route's
 *    parameters into the declared C types and calls the render function
 *    through libffi. No Swift runtime is needed.
 *
 * Memory, in one rule: whoever allocates, frees.
 *  - The descriptor, the destination and parameter arrays and every string they
 *    point to are owned by the feature and must stay valid for the life of the
 *    process (static data is the usual choice). The host never writes or frees them.
 *  - Strings the host passes to a render function or an action (parameters of
 *    type APPHOST_TYPE_STRING) are owned by the host and valid only during that
 *    call; copy them to keep them.
 *  - Strings and values a feature passes to the host API (labels, routes, action
 *    arguments) are copied by the host before the call returns; the feature may
 *    free or reuse them afterwards.
 *  - `apphost_screen` and `apphost_router` handles are owned by the host and valid
 *    only during the call that received them.
 *
 * Threads: the host calls render functions and actions on its main thread, one
 * at a time. Render functions may be called more than once for the same route
 * (each time the screen is drawn) and should build the same screen for the same
 * feature state.
 */
#ifndef APPHOST_H
#define APPHOST_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The layout of the descriptor this header describes. A host reads `abi_version`
 * first and refuses any other value. Bump it only when a structure below changes
 * in a way the size fields cannot express (a field removed, moved or retyped).
 */
#define APPHOST_ABI_VERSION 2

/*
 * The SDK this header belongs to. A host refuses a feature built against another
 * major version, or against a newer minor version than the kit it runs.
 */
#define APPHOST_SDK_VERSION_MAJOR 1
#define APPHOST_SDK_VERSION_MINOR 0
#define APPHOST_SDK_VERSION_PATCH 0

/* The name of the symbol every feature library exports. */
#define APPHOST_FEATURE_ENTRY_SYMBOL "apphost_feature_entry"

/* The most parameters a C destination or action may declare. */
#define APPHOST_MAX_PARAMETERS 8

/* The most destinations one C feature may declare. */
#define APPHOST_MAX_DESTINATIONS 256

/* The longest name (feature, route, destination, parameter) a descriptor may hold, in bytes. */
#define APPHOST_MAX_NAME_LENGTH 128

/* Bits of `flags` in the descriptor. */
/* A Swift feature compiled against a kit built with library evolution (always, with this SDK). */
#define APPHOST_FLAG_RESILIENT_KIT 1u

/* What a descriptor describes. */
typedef enum apphost_feature_kind {
    /* A Swift feature built against AppHostKit; it registers itself through `register_swift`. */
    APPHOST_FEATURE_KIND_SWIFT = 1,
    /* A C feature; its destinations are described by `route_name` and `destinations`. */
    APPHOST_FEATURE_KIND_C = 2
} apphost_feature_kind;

/* The C type of a parameter, and the tag of an apphost_value. */
typedef enum apphost_type {
    APPHOST_TYPE_INT64 = 1,  /* int64_t; route text such as "42" */
    APPHOST_TYPE_DOUBLE = 2, /* double; route text such as "2.5" */
    APPHOST_TYPE_BOOL = 3,   /* bool; route text "true" or "false" (also "1"/"0", "yes"/"no") */
    APPHOST_TYPE_STRING = 4  /* const char *, UTF-8, NUL-terminated */
} apphost_type;

/* One declared parameter of a destination: its name in the route and its type. */
typedef struct apphost_parameter {
    const char *name;
    uint32_t type; /* an apphost_type */
} apphost_parameter;

/* A typed value, for the arguments of a button's action. */
typedef struct apphost_value {
    uint32_t type; /* an apphost_type */
    union {
        int64_t int64;
        double float64;
        bool boolean;
        const char *string;
    } value;
} apphost_value;

/* The screen being built by a render function (opaque, owned by the host).
   Handles are valid only during the call that hands them over, and only where they are expected:
   the host checks each one, and refuses (by name, doing nothing) a screen passed as a router, a
   handle kept from an earlier call, or any other pointer. */
typedef struct apphost_screen apphost_screen;
/* The router of the screen whose action runs (opaque, owned by the host); valid during that action only. */
typedef struct apphost_router apphost_router;

typedef struct apphost_host_api apphost_host_api;

/*
 * A render function is declared with no parameters here, because its real
 * signature depends on the destination. The host calls it as
 *
 *     void render(const apphost_host_api *api, apphost_screen *screen, T1 p1, ..., Tn pn);
 *
 * where T1 … Tn are the C types of the destination's parameters, in order.
 */
typedef void (*apphost_render_fn)(void);

/*
 * An action is declared the same way; the host calls it, when its button is tapped, as
 *
 *     void action(const apphost_host_api *api, apphost_router *router, T1 a1, ..., Tn an);
 *
 * with the arguments given to `button`, in order.
 */
typedef void (*apphost_action_fn)(void);

/*
 * One destination of a C feature, reached by the route `<route_name>/<name>?<parameters>`.
 * The host steps through the array by the descriptor's `destination_size`, so a
 * later SDK may add fields at the end and older hosts still read the array.
 */
typedef struct apphost_destination {
    const char *name;
    uint32_t parameter_count; /* at most APPHOST_MAX_PARAMETERS */
    const apphost_parameter *parameters;
    apphost_render_fn render;
} apphost_destination;

/*
 * The functions the host offers a C feature. Every string argument is copied.
 * Functions are only ever added at the end: a feature that needs one added in a
 * later SDK checks `size` first (`offsetof(apphost_host_api, name) < api->size`).
 */
struct apphost_host_api {
    uint32_t abi_version;
    /* sizeof(apphost_host_api) as the host was built: which functions this host has. */
    uint32_t size;
    /* The screen's title, shown in its header and breadcrumbs. */
    void (*title)(apphost_screen *screen, const char *text);
    /* A paragraph of text. */
    void (*text)(apphost_screen *screen, const char *text);
    /* A numbered element that goes to a route, e.g. "character/detail?identifier=1". */
    void (*link)(apphost_screen *screen, const char *label, const char *route);
    /* A numbered element that calls `action` with `arguments` (up to APPHOST_MAX_PARAMETERS). */
    void (*button)(apphost_screen *screen, const char *label, apphost_action_fn action,
                   uint32_t argument_count, const apphost_value *arguments);
    /* Rows: everything added until `end_list` is one row a line. */
    void (*begin_list)(apphost_screen *screen);
    void (*end_list)(apphost_screen *screen);
    /* A titled group (header may be NULL): everything added until `end_section`. */
    void (*begin_section)(apphost_screen *screen, const char *header);
    void (*end_section)(apphost_screen *screen);
    /* A horizontal rule. */
    void (*divider)(apphost_screen *screen);
    /* A failure shown in place of content. */
    void (*error)(apphost_screen *screen, const char *message);
    /* From an action: push a route onto the stack. Returns false (and reports why) if it does not resolve. */
    bool (*navigate)(apphost_router *router, const char *route);
    /* From an action: pop the top screen. */
    void (*go_back)(apphost_router *router);
    /* From an action: show an alert with a title, a message and an OK button. */
    void (*alert)(apphost_router *router, const char *title, const char *message);
};

/*
 * The descriptor a feature library hands to the host.
 *
 * It may grow: new fields are only ever added at the end, and `size` says how
 * much of it the feature was built with. A host reads no field beyond `size`
 * and treats a missing one as zero. C features fill the first fields with
 * APPHOST_C_FEATURE_HEADER; Swift features get theirs from AppHostKit's FeatureEntry.
 */
typedef struct apphost_feature_descriptor {
    /* Always first, so that any host can read it: APPHOST_ABI_VERSION of the SDK the feature was built with. */
    uint32_t abi_version;
    /* sizeof(apphost_feature_descriptor) as the feature was built. */
    uint32_t size;
    /* One of apphost_feature_kind. */
    uint32_t kind;
    /* APPHOST_FLAG_* bits. */
    uint32_t flags;
    /* The SDK version the feature was built against (APPHOST_SDK_VERSION_*). */
    uint32_t sdk_major;
    uint32_t sdk_minor;
    uint32_t sdk_patch;
    uint32_t reserved;
    /*
     * Swift features: the Swift compiler that built the feature, e.g. "Swift 6.3.1";
     * a host runs only Swift features built by its own compiler. NULL for C features,
     * whose ABI does not depend on the compiler.
     */
    const char *toolchain;
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

    /* C features: the first segment of every route of this feature, e.g. "about". */
    const char *route_name;
    /* C features: the destination `--start <route_name>` opens; it must take no parameters. May be NULL. */
    const char *root_destination;
    /* C features: the destinations, with unique names; at most APPHOST_MAX_DESTINATIONS. */
    uint32_t destination_count;
    /* C features: sizeof(apphost_destination) as the feature was built (the array's stride). */
    uint32_t destination_size;
    const apphost_destination *destinations;
} apphost_feature_descriptor;

/*
 * The first fields of a C feature's descriptor, for a designated initializer:
 *
 *     static const apphost_feature_descriptor descriptor = {
 *         APPHOST_C_FEATURE_HEADER,
 *         .name = "hello",
 *         ...
 *     };
 */
#define APPHOST_C_FEATURE_HEADER                                 \
    .abi_version = APPHOST_ABI_VERSION,                          \
    .size = (uint32_t)sizeof(apphost_feature_descriptor),        \
    .kind = APPHOST_FEATURE_KIND_C,                              \
    .flags = 0,                                                  \
    .sdk_major = APPHOST_SDK_VERSION_MAJOR,                      \
    .sdk_minor = APPHOST_SDK_VERSION_MINOR,                      \
    .sdk_patch = APPHOST_SDK_VERSION_PATCH

/* The array-stride field of a C feature's descriptor, for the same initializer. */
#define APPHOST_DESTINATION_SIZE ((uint32_t)sizeof(apphost_destination))

/* The type of `apphost_feature_entry`. */
typedef const apphost_feature_descriptor *(*apphost_feature_entry_fn)(void);

/*
 * The entry every C or C++ feature library defines. Declared here with C linkage,
 * so that a C++ definition after this header exports the unmangled symbol.
 */
const apphost_feature_descriptor *apphost_feature_entry(void);

#ifdef __cplusplus
}
#endif

#endif /* APPHOST_H */
