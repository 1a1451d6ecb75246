/* A C feature whose action navigates to a route nothing provides and shows what navigate returned;
   and misuses of handles: a screen handle passed to navigate, a router handle kept past its call. */
#include <stddef.h>
#include "apphost.h"

static void go_nowhere(const apphost_host_api *api, apphost_router *router) {
    bool moved = api->navigate(router, "nowhere/x");
    api->alert(router, moved ? "Moved" : "Refused", moved ? "navigate returned true" : "navigate returned false");
}

static apphost_router *kept;

static void keep_router(const apphost_host_api *api, apphost_router *router) {
    (void)api;
    kept = router;
}

static void use_kept_router(const apphost_host_api *api, apphost_router *router) {
    (void)router;
    api->navigate(kept, "navigator/main");
    api->go_back(kept);
}

static void render_main(const apphost_host_api *api, apphost_screen *screen) {
    api->title(screen, "Navigator");
    api->button(screen, "Go nowhere", (apphost_action_fn)go_nowhere, 0, NULL);
    api->link(screen, "Misuse", "navigator/misuse");
    api->button(screen, "Keep the router", (apphost_action_fn)keep_router, 0, NULL);
    api->button(screen, "Use the kept router", (apphost_action_fn)use_kept_router, 0, NULL);
}

static void render_misuse(const apphost_host_api *api, apphost_screen *screen) {
    api->title(screen, "Misuse");
    /* The screen handle, where a router handle is expected. */
    api->navigate((apphost_router *)screen, "navigator/main");
    api->text(screen, "Still drawing");
}

static const apphost_destination destinations[] = {
    {"main", 0, NULL, (apphost_render_fn)render_main},
    {"misuse", 0, NULL, (apphost_render_fn)render_misuse},
};

static const apphost_feature_descriptor descriptor = {
    APPHOST_C_FEATURE_HEADER,
    .name = "navigator",
    .route_name = "navigator",
    .root_destination = "main",
    .destination_count = sizeof(destinations) / sizeof(destinations[0]),
    .destination_size = APPHOST_DESTINATION_SIZE,
    .destinations = destinations,
};

const apphost_feature_descriptor *apphost_feature_entry(void) { return &descriptor; }
