/* The smallest complete C feature: one destination with a string parameter.
 *
 *   cc -shared -fPIC -I SDK/Sources/CAppHost/include hello.c -o libHelloFeature.so
 */
#include <stdio.h>
#include "apphost.h"

/* The watch test rebuilds this feature with another greeting. */
#ifndef GREETING
#define GREETING "Hello"
#endif
/* Tests that need several of it give each a name of its own. */
#ifndef FEATURE_NAME
#define FEATURE_NAME "hello"
#endif

static void render_hello(const apphost_host_api *api, apphost_screen *screen, const char *name) {
    char line[128];
    snprintf(line, sizeof line, GREETING ", %s!", name);
    api->title(screen, "Hello");
    api->text(screen, line);
    api->link(screen, "Home", "home/main");
}

static const apphost_parameter hello_parameters[] = {{"name", APPHOST_TYPE_STRING}};

static const apphost_destination destinations[] = {
    {"greet", 1, hello_parameters, (apphost_render_fn)render_hello},
};

static const apphost_feature_descriptor descriptor = {
    APPHOST_C_FEATURE_HEADER,
    .name = FEATURE_NAME,
    .route_name = FEATURE_NAME,
    .destination_count = 1,
    .destination_size = APPHOST_DESTINATION_SIZE,
    .destinations = destinations,
};

const apphost_feature_descriptor *apphost_feature_entry(void) { return &descriptor; }
