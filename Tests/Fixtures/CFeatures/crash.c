/* A C feature whose screens misbehave once they are drawn: one crashes, one never returns. */
#include <stddef.h>
#include "apphost.h"

static void render_main(const apphost_host_api *api, apphost_screen *screen) {
    api->title(screen, "Crash");
    api->link(screen, "Fine", "crash/fine");
    api->link(screen, "Segfault", "crash/segfault");
    api->link(screen, "Hang", "crash/hang");
}

static void render_fine(const apphost_host_api *api, apphost_screen *screen) {
    api->title(screen, "Fine");
    api->link(screen, "Segfault", "crash/segfault");
}

static void render_segfault(const apphost_host_api *api, apphost_screen *screen) {
    volatile int *nowhere = NULL;
    api->title(screen, "Never drawn");
    *nowhere = 1;
}

static void render_hang(const apphost_host_api *api, apphost_screen *screen) {
    api->title(screen, "Never drawn");
    for (volatile int spinning = 1; spinning;) {
    }
}

static const apphost_destination destinations[] = {
    {"main", 0, NULL, (apphost_render_fn)render_main},
    {"fine", 0, NULL, (apphost_render_fn)render_fine},
    {"segfault", 0, NULL, (apphost_render_fn)render_segfault},
    {"hang", 0, NULL, (apphost_render_fn)render_hang},
};

static const apphost_feature_descriptor descriptor = {
    APPHOST_C_FEATURE_HEADER,
    .name = "crash",
    .route_name = "crash",
    .root_destination = "main",
    .destination_count = sizeof(destinations) / sizeof(destinations[0]),
    .destination_size = APPHOST_DESTINATION_SIZE,
    .destinations = destinations,
};

const apphost_feature_descriptor *apphost_feature_entry(void) { return &descriptor; }
