/* A C feature whose screens misbehave once they are drawn: one crashes, one never returns, one
   calls exit(3), one has a thread call exit(7). */
#include <pthread.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>
#include "apphost.h"

static void render_main(const apphost_host_api *api, apphost_screen *screen) {
    api->title(screen, "Crash");
    api->link(screen, "Fine", "crash/fine");
    api->link(screen, "Segfault", "crash/segfault");
    api->link(screen, "Hang", "crash/hang");
    api->link(screen, "Exit", "crash/exit");
    api->link(screen, "Exit in a thread", "crash/threadexit");
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

static void render_exit(const apphost_host_api *api, apphost_screen *screen) {
    api->title(screen, "Never drawn");
    exit(3);
}

static void *exit_later(void *unused) {
    (void)unused;
    exit(7);
}

static void render_thread_exit(const apphost_host_api *api, apphost_screen *screen) {
    pthread_t thread;
    api->title(screen, "Exiting");
    pthread_create(&thread, NULL, exit_later, NULL);
    pthread_join(thread, NULL);
}

static const apphost_destination destinations[] = {
    {"main", 0, NULL, (apphost_render_fn)render_main},
    {"fine", 0, NULL, (apphost_render_fn)render_fine},
    {"segfault", 0, NULL, (apphost_render_fn)render_segfault},
    {"hang", 0, NULL, (apphost_render_fn)render_hang},
    {"exit", 0, NULL, (apphost_render_fn)render_exit},
    {"threadexit", 0, NULL, (apphost_render_fn)render_thread_exit},
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
