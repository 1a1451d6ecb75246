import AppHostTesting
import Foundation
import Testing

/// `@Entry`'s expansion, asked of the SDK's macro plugin as the compiler asks it: the plugin
/// protocol's messages over the plugin's real standard input and output.
struct EntryMacroTests {
    private let plugin = URL(fileURLWithPath: AppHarness.buildDirectory).appendingPathComponent("PreviewMacros-tool").path

    /// One attached expansion of `@Entry` on `declaration` in `context`, for `role`; the plugin's answer as JSON.
    private func expand(_ declaration: String, in context: String = "extension EnvironmentValues {}", role: String) throws -> [String: Any] {
        func message(_ object: [String: Any]) throws -> Data {
            let body = try JSONSerialization.data(withJSONObject: object)
            return withUnsafeBytes(of: UInt64(body.count).littleEndian) { Data($0) } + body
        }
        let location: [String: Any] = ["fileName": "Values.swift", "fileID": "App/Values.swift", "offset": 40, "line": 3, "column": 5]
        let request: [String: Any] = ["expandAttachedMacro": [
            "macro": ["moduleName": "PreviewMacros", "typeName": "EntryMacro", "name": "Entry"],
            "macroRole": role, "discriminator": "$s1",
            "attributeSyntax": ["kind": "attribute", "source": "@Entry ", "location": location],
            "declSyntax": ["kind": "declaration", "source": declaration, "location": location],
            "lexicalContext": [["kind": "declaration", "source": context, "location": location]],
        ]]
        let process = Process()
        process.executableURL = URL(fileURLWithPath: plugin)
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try message(["getCapability": ["capability": ["protocolVersion": 7]]]) + message(request))
        try input.fileHandleForWriting.close()
        let answer = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // Two answers: the capability, then the expansion, each after its eight-byte length.
        let first = Int(answer.prefix(8).enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) })
        let second = answer.dropFirst(8 + first + 8)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(second)) as? [String: Any])
        return try #require(object["expandMacroResult"] as? [String: Any])
    }

    @Test
    func anEntryExpandsToAccessorsAndAPrivateKeyWithItsDefault() throws {
        let accessors = try expand("\n    @Entry @MainActor public var onPick: (String) -> Void = { _ in }", role: "accessor")
        let key = try expand("\n    @Entry @MainActor public var onPick: (String) -> Void = { _ in }", role: "peer")

        #expect(accessors["expandedSource"] as? String == "get { self[__Key_onPick.self] }\nset { self[__Key_onPick.self] = newValue }")
        #expect(key["expandedSource"] as? String == """
            private struct __Key_onPick: SwiftUI.EnvironmentKey {
                typealias Value = (String) -> Void
                static var defaultValue: Value {
                    { _ in }
                }
            }
            """)
    }

    @Test
    func anOptionalEntryDefaultsToNil() throws {
        let key = try expand("@Entry var user: User?", role: "peer")
        #expect((key["expandedSource"] as? String)?.contains("typealias Value = User?\n    static var defaultValue: Value {\n        nil\n") == true, "\(key)")
    }

    @Test(arguments: [
        ("@Entry var count = 3", "extension EnvironmentValues {}", "@Entry needs the property's type, as SwiftUI's does: @Entry var count: Type = value"),
        ("@Entry var count: Int", "extension EnvironmentValues {}", "@Entry needs a default value for 'count': @Entry var count: Int = value"),
        ("@Entry let count: Int = 3", "extension EnvironmentValues {}", "@Entry needs a 'var': an environment value can be set"),
        ("@Entry var count: Int = 3", "extension FocusedValues {}", "@Entry in FocusedValues is not available in AppHost's SwiftUI"),
    ])
    func aDeclarationItCannotExpandIsAnErrorAtTheDeclaration(declaration: String, context: String, message: String) throws {
        let result = try expand(declaration, in: context, role: "accessor")
        let diagnostics = try #require(result["diagnostics"] as? [[String: Any]])
        #expect(result["expandedSource"] == nil || result["expandedSource"] is NSNull)
        #expect(diagnostics.count == 1)
        #expect((diagnostics.first?["message"] as? String)?.hasPrefix(message) == true, "\(diagnostics)")
        #expect(diagnostics.first?["severity"] as? String == "error")
        let position = diagnostics.first?["position"] as? [String: Any]
        #expect(position?["fileName"] as? String == "Values.swift")
        #expect(position?["offset"] as? Int == 40)
    }
}
