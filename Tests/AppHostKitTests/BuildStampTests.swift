@_spi(Host) import AppHostKit
import CAppHost
import Testing

/// What a feature's descriptor says about its build comes from code compiled into the feature.
@Suite
struct BuildStampTests {
    @Test
    func theVersionCompiledIntoFeaturesIsTheHeadersVersion() {
        let client = BuildStamp.client

        #expect([client.major, client.minor, client.patch] == [
            UInt32(APPHOST_SDK_VERSION_MAJOR), UInt32(APPHOST_SDK_VERSION_MINOR), UInt32(APPHOST_SDK_VERSION_PATCH),
        ])
    }

    @Test
    func codeBuiltWithTheKitMatchesTheKit() {
        #expect(BuildStamp.client == BuildStamp.kit)
        #expect(BuildStamp.kit.resilient)
        #expect(BuildStamp.kit.compiler?.hasPrefix("Swift ") == true)
    }

    @Test
    func theKitsIdentityIsItsVersionAndCompiler() {
        #expect(String(cString: apphostKitIdentity()) == BuildStamp.kit.description)
    }
}
