/* A feature linked against a libSwiftUI.so, for the loader's version tests: built against a
 * stand-in library of another ABI version (swiftui-stand-in.c), it requires that version's symbols.
 * With NEWER_SYMBOL it also uses a symbol of the module that no version of this host's has.
 */
#include "apphost.h"

int apphost_swiftui_abi_major(void);
#ifdef NEWER_SYMBOL
int newer_view(void) __asm__("\"$s7SwiftUI9NewerViewV4bodySivg\"");
#endif

static void render_views(const apphost_host_api *api, apphost_screen *screen) {
    api->title(screen, "Views");
    api->text(screen, apphost_swiftui_abi_major() > 0 ? "built against SwiftUI" : "built against nothing");
#ifdef NEWER_SYMBOL
    if (newer_view()) api->text(screen, "newer");
#endif
}

static const apphost_destination destinations[] = {
    {"main", 0, 0, (apphost_render_fn)render_views},
};

static const apphost_feature_descriptor descriptor = {
    APPHOST_C_FEATURE_HEADER,
    .name = "views",
    .route_name = "views",
    .root_destination = "main",
    .destination_count = 1,
    .destination_size = APPHOST_DESTINATION_SIZE,
    .destinations = destinations,
};

const apphost_feature_descriptor *apphost_feature_entry(void) { return &descriptor; }
