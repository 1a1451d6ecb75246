/* C feature descriptors with one defect each, chosen by -DDEFECT=N when compiled. */
#include <stddef.h>
#include "apphost.h"

__attribute__((unused)) static void render(const apphost_host_api *api, apphost_screen *screen) { api->title(screen, "Broken"); }

__attribute__((unused)) static const apphost_parameter unknown_tag[] = {{"id", 9}};
__attribute__((unused)) static const apphost_parameter nine[] = {
    {"a", APPHOST_TYPE_INT64}, {"b", APPHOST_TYPE_INT64}, {"c", APPHOST_TYPE_INT64},
    {"d", APPHOST_TYPE_INT64}, {"e", APPHOST_TYPE_INT64}, {"f", APPHOST_TYPE_INT64},
    {"g", APPHOST_TYPE_INT64}, {"h", APPHOST_TYPE_INT64}, {"i", APPHOST_TYPE_INT64},
};
__attribute__((unused)) static const apphost_parameter one_id[] = {{"id", APPHOST_TYPE_INT64}};

#if DEFECT == 1 /* a null render function */
static const apphost_destination destinations[] = {{"main", 0, NULL, NULL}};
#elif DEFECT == 2 /* an unknown type tag */
static const apphost_destination destinations[] = {{"item", 1, unknown_tag, (apphost_render_fn)render}};
#elif DEFECT == 3 /* the same destination twice */
static const apphost_destination destinations[] = {
    {"main", 0, NULL, (apphost_render_fn)render},
    {"main", 0, NULL, (apphost_render_fn)render},
};
#elif DEFECT == 4 /* more parameters than the ABI allows */
static const apphost_destination destinations[] = {{"wide", 9, nine, (apphost_render_fn)render}};
#elif DEFECT == 5 /* a root that takes a parameter */
static const apphost_destination destinations[] = {{"main", 1, one_id, (apphost_render_fn)render}};
#elif DEFECT == 7 /* a name with no NUL within APPHOST_MAX_NAME_LENGTH bytes */
static const char long_name[APPHOST_MAX_NAME_LENGTH + 8] = {[0 ... APPHOST_MAX_NAME_LENGTH + 6] = 'a'};
static const apphost_destination destinations[] = {{long_name, 0, NULL, (apphost_render_fn)render}};
#else /* DEFECT 0: a valid feature whose route name clashes with the Character feature; 6, 8-13: defects of the descriptor itself */
static const apphost_destination destinations[] = {{"list", 0, NULL, (apphost_render_fn)render}};
#endif

#ifndef APPHOST_TEST_TOOLCHAIN
#define APPHOST_TEST_TOOLCHAIN "Swift 6.3.1"
#endif

/* How often the host called this feature's registration: a refused feature must never be registered. */
int broken_register_calls = 0;
__attribute__((unused)) static int32_t count_registration(void *context, void *registrar) {
    (void)context;
    (void)registrar;
    broken_register_calls += 1;
    return 1;
}

#if DEFECT == 13 /* it defines the kit's identity symbol itself, as a copy of the kit linked into it would */
const char *apphost_kit_identity(void) { return "AppHostKit 1.0.0, a copy"; }
#endif

static const apphost_feature_descriptor descriptor = {
    .abi_version = APPHOST_ABI_VERSION,
    .size = (uint32_t)sizeof(apphost_feature_descriptor),
#if DEFECT == 11 || DEFECT == 12 /* claims to be a Swift feature: built by another compiler, or against a fragile kit */
    .kind = APPHOST_FEATURE_KIND_SWIFT,
    .toolchain = DEFECT == 11 ? "Swift 5.10.1" : APPHOST_TEST_TOOLCHAIN,
    .flags = DEFECT == 11 ? APPHOST_FLAG_RESILIENT_KIT : 0,
    .context = &broken_register_calls,
    .register_swift = count_registration,
#else
    .kind = APPHOST_FEATURE_KIND_C,
#endif
#if DEFECT == 9 /* built against another major version of the SDK */
    .sdk_major = APPHOST_SDK_VERSION_MAJOR + 1,
#else
    .sdk_major = APPHOST_SDK_VERSION_MAJOR,
#endif
#if DEFECT == 10 /* built against a newer minor version than the kit */
    .sdk_minor = APPHOST_SDK_VERSION_MINOR + 3,
#else
    .sdk_minor = APPHOST_SDK_VERSION_MINOR,
#endif
    .name = "broken",
#if DEFECT == 0
    .route_name = "character",
#else
    .route_name = "broken",
#endif
#if DEFECT == 5
    .root_destination = "main",
#endif
#if DEFECT == 6 /* a count far beyond its array, and beyond APPHOST_MAX_DESTINATIONS */
    .destination_count = 1000000,
#else
    .destination_count = sizeof(destinations) / sizeof(destinations[0]),
#endif
#if DEFECT == 8 /* an array stride smaller than a destination */
    .destination_size = 4,
#else
    .destination_size = APPHOST_DESTINATION_SIZE,
#endif
    .destinations = destinations,
};

const apphost_feature_descriptor *apphost_feature_entry(void) { return &descriptor; }
