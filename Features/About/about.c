/*
 * The About feature, written in C against apphost.h: no Swift, no Swift runtime.
 *
 * Destinations (route name "about"):
 *   about/main                                  the About screen (root)
 *   about/licenses                              the open-source licenses
 *   about/license?id=INT64                      one license
 *   about/greeting?name=STRING&score=DOUBLE     a greeting, from a typed action
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "apphost.h"

typedef struct license {
    int64_t id;
    const char *project;
    const char *name;
    const char *summary;
} license;

static const license licenses[] = {
    {1, "swift-argument-parser", "Apache License 2.0",
     "Permits use, modification and distribution, with notice and a patent grant."},
    {2, "swift-log", "Apache License 2.0",
     "Permits use, modification and distribution, with notice and a patent grant."},
    {3, "libffi", "MIT License",
     "Permits use, copying, modification and distribution, keeping the copyright notice."},
};

static const int64_t license_count = sizeof(licenses) / sizeof(licenses[0]);

static void greet(const apphost_host_api *api, apphost_router *router, const char *name, double score) {
    char route[256];
    /* Names are percent-encoded by the host when it prints routes; this one is plain ASCII. */
    snprintf(route, sizeof route, "about/greeting?name=%s&score=%g", name, score);
    api->navigate(router, route);
}

static void show_version(const apphost_host_api *api, apphost_router *router, int64_t major, int64_t minor, bool stable) {
    char message[128];
    snprintf(message, sizeof message, "AppHost %" PRId64 ".%" PRId64 "%s, C ABI %d.",
             major, minor, stable ? "" : " (preview)", APPHOST_ABI_VERSION);
    api->alert(router, "Version", message);
}

static void render_main(const apphost_host_api *api, apphost_screen *screen) {
    api->title(screen, "About AppHost");
    api->text(screen, "This screen comes from libAboutFeature.so, a feature written in C and called through libffi.");
    api->begin_section(screen, "More");
    api->link(screen, "Open-source licenses", "about/licenses");
    api->link(screen, "Home", "home/main");
    api->link(screen, "Rick Sanchez", "character/detail?identifier=1");
    api->end_section(screen);
    api->divider(screen);
    apphost_value greeting[2] = {
        {.type = APPHOST_TYPE_STRING, .value.string = "Morty"},
        {.type = APPHOST_TYPE_DOUBLE, .value.float64 = 9.5},
    };
    api->button(screen, "Greet Morty", (apphost_action_fn)greet, 2, greeting);
    apphost_value version[3] = {
        {.type = APPHOST_TYPE_INT64, .value.int64 = 1},
        {.type = APPHOST_TYPE_INT64, .value.int64 = 0},
        {.type = APPHOST_TYPE_BOOL, .value.boolean = false},
    };
    api->button(screen, "Version", (apphost_action_fn)show_version, 3, version);
}

static void render_licenses(const apphost_host_api *api, apphost_screen *screen) {
    api->title(screen, "Open-source licenses");
    api->begin_list(screen);
    for (int64_t index = 0; index < license_count; index++) {
        char route[64];
        snprintf(route, sizeof route, "about/license?id=%" PRId64, licenses[index].id);
        api->link(screen, licenses[index].project, route);
    }
    api->end_list(screen);
}

static void render_license(const apphost_host_api *api, apphost_screen *screen, int64_t id) {
    for (int64_t index = 0; index < license_count; index++) {
        if (licenses[index].id != id) continue;
        api->title(screen, licenses[index].project);
        api->text(screen, licenses[index].name);
        api->text(screen, licenses[index].summary);
        api->link(screen, "Characters", "character/list");
        return;
    }
    char message[64];
    snprintf(message, sizeof message, "no license %" PRId64, id);
    api->title(screen, "License");
    api->error(screen, message);
}

static void render_greeting(const apphost_host_api *api, apphost_screen *screen, const char *name, double score) {
    char title[128];
    char line[64];
    snprintf(title, sizeof title, "Hello, %s", name);
    snprintf(line, sizeof line, "Score: %.1f", score);
    api->title(screen, title);
    api->text(screen, line);
}

static const apphost_parameter license_parameters[] = {
    {.name = "id", .type = APPHOST_TYPE_INT64},
};

static const apphost_parameter greeting_parameters[] = {
    {.name = "name", .type = APPHOST_TYPE_STRING},
    {.name = "score", .type = APPHOST_TYPE_DOUBLE},
};

static const apphost_destination destinations[] = {
    {.name = "main", .parameter_count = 0, .parameters = NULL, .render = (apphost_render_fn)render_main},
    {.name = "licenses", .parameter_count = 0, .parameters = NULL, .render = (apphost_render_fn)render_licenses},
    {.name = "license", .parameter_count = 1, .parameters = license_parameters, .render = (apphost_render_fn)render_license},
    {.name = "greeting", .parameter_count = 2, .parameters = greeting_parameters, .render = (apphost_render_fn)render_greeting},
};

static const apphost_feature_descriptor descriptor = {
    APPHOST_C_FEATURE_HEADER,
    .name = "about",
    .route_name = "about",
    .root_destination = "main",
    .destination_count = sizeof(destinations) / sizeof(destinations[0]),
    .destination_size = APPHOST_DESTINATION_SIZE,
    .destinations = destinations,
};

const apphost_feature_descriptor *apphost_feature_entry(void) { return &descriptor; }
