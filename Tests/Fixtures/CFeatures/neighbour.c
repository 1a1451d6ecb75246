/* Two features that are healthy alone: built with -DPOISON, loading it leaves the process in a
   state in which the feature built with -DVICTIM crashes as it loads (as a neighbour's fault can).
 */
#include <signal.h>
#include <stdlib.h>
#include "apphost.h"

#ifdef POISON
__attribute__((constructor)) static void poison(void) { setenv("APPHOST_TEST_POISONED", "1", 1); }
#define NAME "poison"
#else
__attribute__((constructor)) static void victim(void) {
    if (getenv("APPHOST_TEST_POISONED")) raise(SIGSEGV);
}
#define NAME "victim"
#endif

static void render_main(const apphost_host_api *api, apphost_screen *screen) {
    api->title(screen, NAME);
}

static const apphost_destination destinations[] = {
    {"main", 0, NULL, (apphost_render_fn)render_main},
};

static const apphost_feature_descriptor descriptor = {
    APPHOST_C_FEATURE_HEADER,
    .name = NAME,
    .route_name = NAME,
    .root_destination = "main",
    .destination_count = 1,
    .destination_size = APPHOST_DESTINATION_SIZE,
    .destinations = destinations,
};

const apphost_feature_descriptor *apphost_feature_entry(void) { return &descriptor; }
