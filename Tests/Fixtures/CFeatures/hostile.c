/* Feature files that run code while they load, chosen by -DKIND=N when compiled. */
#include <stdint.h>
#include <stdlib.h>
#include "apphost.h"

#if KIND == 1 /* a constructor that aborts */
__attribute__((constructor)) static void on_load(void) { abort(); }
#elif KIND == 2 /* a constructor that exits, successfully */
__attribute__((constructor)) static void on_load(void) { exit(0); }
#elif KIND == 3 /* a constructor that never returns */
__attribute__((constructor)) static void on_load(void) {
    for (volatile int spinning = 1; spinning;) {
    }
}
#endif

#if KIND == 4 /* an entry that segfaults */
const apphost_feature_descriptor *apphost_feature_entry(void) {
    volatile int *nowhere = NULL;
    return (const apphost_feature_descriptor *)(intptr_t)*nowhere;
}
#elif KIND == 5 /* an entry that never returns */
const apphost_feature_descriptor *apphost_feature_entry(void) {
    for (volatile int spinning = 1; spinning;) {
    }
    return NULL;
}
#elif KIND == 6 /* a descriptor at an unmapped address */
const apphost_feature_descriptor *apphost_feature_entry(void) { return (const apphost_feature_descriptor *)16; }
#else
const apphost_feature_descriptor *apphost_feature_entry(void) { return NULL; }
#endif
