// A feature library built for an ABI version this host does not speak.
#include <stddef.h>
#include "apphost.h"

static const apphost_feature_descriptor descriptor = {
    .abi_version = APPHOST_ABI_VERSION + 1,
    .size = (uint32_t)sizeof(apphost_feature_descriptor),
    .kind = APPHOST_FEATURE_KIND_SWIFT,
    .name = "future",
    .context = NULL,
    .register_swift = NULL,
};

const apphost_feature_descriptor *apphost_feature_entry(void) { return &descriptor; }
