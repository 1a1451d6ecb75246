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
#else /* a valid feature whose route name clashes with the Character feature */
static const apphost_destination destinations[] = {{"list", 0, NULL, (apphost_render_fn)render}};
#endif

static const apphost_feature_descriptor descriptor = {
    .abi_version = APPHOST_ABI_VERSION,
    .kind = APPHOST_FEATURE_KIND_C,
    .name = "broken",
#if DEFECT == 0
    .route_name = "character",
#else
    .route_name = "broken",
#endif
#if DEFECT == 5
    .root_destination = "main",
#endif
    .destination_count = sizeof(destinations) / sizeof(destinations[0]),
    .destinations = destinations,
};

const apphost_feature_descriptor *apphost_feature_entry(void) { return &descriptor; }
