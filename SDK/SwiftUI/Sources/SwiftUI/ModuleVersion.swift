// The module's ABI version. libSwiftUI.so exports every symbol under the ELF version
// APPHOST_SWIFTUI_<major> (ABI/SwiftUI.map), so each feature linked against it records that version
// as a requirement, and the dynamic linker refuses a feature built against another major version
// before any of its code runs; the host reads this function to say which version it has.

/// The major version of this module's ABI; equal to the number in ABI/SwiftUI.map (a test checks it).
@_spi(Host)
public let swiftUIABIMajor: Int32 = 2

/// The module's ABI major version, for the host, which opens the library without importing it.
@_spi(Host)
@_cdecl("apphost_swiftui_abi_major")
public func apphostSwiftUIABIMajor() -> Int32 { swiftUIABIMajor }
