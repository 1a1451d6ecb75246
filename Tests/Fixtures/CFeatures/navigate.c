/* A C feature whose action navigates to a route nothing provides and shows what navigate returned. */
#include <stddef.h>
#include "apphost.h"

static void go_nowhere(const apphost_host_api *api, apphost_router *router) {
    bool moved = api->navigate(router, "nowhere/x");
    api->alert(router, moved ? "Moved" : "Refused", moved ? "navigate returned true" : "navigate returned false");
}

static void render_main(const apphost_host_api *api, apphost_screen *screen) {
    api->title(screen, "Navigator");
    api->button(screen, "Go nowhere", (apphost_action_fn)go_nowhere, 0, NULL);
}

static const apphost_destination destinations[] = {{"main", 0, NULL, (apphost_render_fn)render_main}};

static const apphost_feature_descriptor descriptor = {
    APPHOST_C_FEATURE_HEADER,
    .name = "navigator",
    .route_name = "navigator",
    .root_destination = "main",
    .destination_count = 1,
    .destination_size = APPHOST_DESTINATION_SIZE,
    .destinations = destinations,
};

const apphost_feature_descriptor *apphost_feature_entry(void) { return &descriptor; }
