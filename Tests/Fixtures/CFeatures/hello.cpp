// The hello feature in C++. apphost.h declares the entry with C linkage, so the
// definition below exports the plain symbol apphost_feature_entry, not a mangled one.
#include <cstdio>
#include "apphost.h"

namespace {

void render_hello(const apphost_host_api *api, apphost_screen *screen, const char *name) {
    char line[128];
    std::snprintf(line, sizeof line, "Hello from C++, %s!", name);
    api->title(screen, "Hello");
    api->text(screen, line);
}

const apphost_parameter hello_parameters[] = {{"name", APPHOST_TYPE_STRING}};

const apphost_destination destinations[] = {
    {"greet", 1, hello_parameters, reinterpret_cast<apphost_render_fn>(render_hello)},
};

const apphost_feature_descriptor descriptor = {
    APPHOST_C_FEATURE_HEADER,
    .name = "hello-cpp",
    .route_name = "hello-cpp",
    .destination_count = 1,
    .destination_size = APPHOST_DESTINATION_SIZE,
    .destinations = destinations,
};

}  // namespace

const apphost_feature_descriptor *apphost_feature_entry(void) { return &descriptor; }
