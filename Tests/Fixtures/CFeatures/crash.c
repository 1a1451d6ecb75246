/* A C feature whose screens misbehave once they are drawn: one crashes, one never returns, one
   calls exit(3), one has a thread call exit(7), one overflows its stack, and one takes almost
   as long as the watchdog allows (SLOW_MS, 900 ms by default) and then returns. */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include "apphost.h"

#ifndef SLOW_MS
#define SLOW_MS 900
#endif

static void render_main(const apphost_host_api *api, apphost_screen *screen) {
    api->title(screen, "Crash");
    api->link(screen, "Fine", "crash/fine");
    api->link(screen, "Segfault", "crash/segfault");
    api->link(screen, "Hang", "crash/hang");
    api->link(screen, "Exit", "crash/exit");
    api->link(screen, "Exit in a thread", "crash/threadexit");
    api->link(screen, "Overflow", "crash/overflow");
    api->link(screen, "Slow", "crash/slow");
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

/* Recursion that ends only when the stack does (the depth it needs is far beyond any stack), each
   frame holding a buffer the compiler cannot drop. */
static int descend(volatile char *previous, long depth) {
    volatile char frame[512];
    frame[0] = previous ? previous[0] + 1 : 0;
    if (depth <= 0) return frame[0];
    return descend(frame, depth - 1) + frame[1];
}

static void render_overflow(const apphost_host_api *api, apphost_screen *screen) {
    api->title(screen, "Never drawn");
    descend(NULL, 1L << 40);
}

/* Busy until SLOW_MS have passed, then drawn: a command that ends just inside its limit. */
static void render_slow(const apphost_host_api *api, apphost_screen *screen) {
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    do {
        clock_gettime(CLOCK_MONOTONIC, &now);
    } while ((now.tv_sec - start.tv_sec) * 1000 + (now.tv_nsec - start.tv_nsec) / 1000000 < SLOW_MS);
    api->title(screen, "Slow");
}

/* Writes to standard output, as feature code that logs with printf does: a line that looks like
   the protocol, and more than a pipe holds at once. Reached by `open crash/print`. */
static void render_print(const apphost_host_api *api, apphost_screen *screen) {
    printf("{\"screen\":\"not from the host\"}\n");
    for (int i = 0; i < 2000; i++) printf("noise %d ", i);
    fflush(stdout);
    api->title(screen, "Printed");
}

/* Writes to standard error from a thread of its own while it crashes: what the host says of the
   crash must still be the line that names the library. Reached by `open crash/noisy`. */
static void *chatter(void *unused) {
    (void)unused;
    for (;;) fprintf(stderr, "chatter from a feature thread\n");
    return NULL;
}

static void render_noisy(const apphost_host_api *api, apphost_screen *screen) {
    pthread_t thread;
    pthread_create(&thread, NULL, chatter, NULL);
    usleep(20000);
    volatile int *nowhere = NULL;
    api->title(screen, "Never drawn");
    *nowhere = 1;
}

/* A screen of HUGE_COUNT elements (2,000,000 by default): more than a session draws. Reached by
   `open crash/huge`. */
#ifndef HUGE_COUNT
#define HUGE_COUNT 2000000
#endif

static void render_huge(const apphost_host_api *api, apphost_screen *screen) {
    api->title(screen, "Huge");
    for (int i = 0; i < HUGE_COUNT; i++) api->text(screen, "row");
}

/* Closes standard output, as a careless feature might. Reached by `open crash/closeout`. */
static void render_close_output(const apphost_host_api *api, apphost_screen *screen) {
    close(1);
    api->title(screen, "Closed");
}

static const apphost_destination destinations[] = {
    {"main", 0, NULL, (apphost_render_fn)render_main},
    {"fine", 0, NULL, (apphost_render_fn)render_fine},
    {"segfault", 0, NULL, (apphost_render_fn)render_segfault},
    {"hang", 0, NULL, (apphost_render_fn)render_hang},
    {"exit", 0, NULL, (apphost_render_fn)render_exit},
    {"threadexit", 0, NULL, (apphost_render_fn)render_thread_exit},
    {"overflow", 0, NULL, (apphost_render_fn)render_overflow},
    {"slow", 0, NULL, (apphost_render_fn)render_slow},
    {"print", 0, NULL, (apphost_render_fn)render_print},
    {"closeout", 0, NULL, (apphost_render_fn)render_close_output},
    {"noisy", 0, NULL, (apphost_render_fn)render_noisy},
    {"huge", 0, NULL, (apphost_render_fn)render_huge},
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
