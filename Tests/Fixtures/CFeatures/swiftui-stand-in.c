/* A stand-in for another build of the SDK's SwiftUI library: linked with a version script naming
 * APPHOST_SWIFTUI_<VERSION>, as SDK/SwiftUI/ABI/SwiftUI.map names the real one's.
 */
int apphost_swiftui_abi_major(void) { return VERSION; }
#ifdef NEWER_SYMBOL
int newer_view(void) __asm__("\"$s7SwiftUI9NewerViewV4bodySivg\"");
int newer_view(void) { return 1; }
#endif
