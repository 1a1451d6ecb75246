// Swift Testing's cross-import overlay for UIKit. The toolchain's Testing module names one
// (`_Testing_UIKit`) for any module called UIKit, to attach UIKit's images to test results; the
// SDK's UIKit has no images to attach, so this overlay is empty: it exists so that a test file
// that imports both Testing and the SDK's UIKit compiles.
public enum _TestingUIKitOverlay {}
