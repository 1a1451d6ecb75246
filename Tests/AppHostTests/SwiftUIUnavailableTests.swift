import AppHostTesting
import Foundation
import Testing

/// What the SDK's SwiftUI cannot honour does not compile, with a message that names what to write
/// instead: view code type-checked by the real compiler against the built module.
struct SwiftUIUnavailableTests {
    private static let build = URL(fileURLWithPath: AppHarness.buildDirectory)

    /// Type-checks `source` as a file of a feature that imports SwiftUI; the compiler's errors.
    private func typecheck(_ source: String) throws -> (status: Int32, errors: String) {
        let folder = try FeatureFixtures()
        let file = folder.path("View.swift")
        try Data(source.utf8).write(to: URL(fileURLWithPath: file))
        // The build's modules folder and nothing else: no C module's map. Any target of a build
        // that finds the SwiftUI module there can import it (swift-snapshot-testing's
        // `#if canImport(SwiftUI)` code does), so importing it may need no C module.
        let result = try ProcessRunner.run(
            "/usr/bin/env", ["swiftc", "-typecheck", "-swift-version", "6", "-I", Self.build.appendingPathComponent("Modules").path, file]
        )
        return (result.status, result.errors)
    }

    @Test(arguments: [
        ("Text(\"Card\").gesture(DragGesture().onEnded { _ in })", "'DragGesture' is unavailable: a drag has no text form"),
        ("Text(\"Photo\").gesture(MagnifyGesture().onEnded { _ in })", "'MagnifyGesture' is unavailable: a pinch has no text form"),
        ("Text(\"Dial\").gesture(RotationGesture().onEnded { _ in })", "'RotationGesture' is unavailable: a rotation has no text form"),
    ])
    func aGestureThatNeedsAMovingFingerIsUnavailableWithItsFix(body: String, message: String) throws {
        let result = try typecheck("import SwiftUI\n\nstruct Card: View {\n    var body: some View {\n        \(body)\n    }\n}\n")
        #expect(result.status != 0)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(result.errors.contains("an .accessibilityAction"), "\(result.errors)")
    }

    @Test
    func theSameFileWithATapGestureCompiles() throws {
        let result = try typecheck("import SwiftUI\n\nstruct Card: View {\n    var body: some View {\n        Text(\"Card\").gesture(TapGesture().onEnded { })\n    }\n}\n")
        #expect(result.status == 0, "\(result.errors)")
    }
}
