import AppHost
import AppHostTesting
import Foundation
import Testing

/// The compatibility matrix: features and kits built apart, run together through the real
/// `apphost`. A kit that only adds keeps old hosts and features working byte for byte; a
/// feature that needs more than the kit in the process is refused by name, before it runs.
@Suite
struct CompatibilityTests {
    /// A kit with additions and the SDK version of main.
    static let additions = Result { try DriftedKit.build("additions", DriftedKit.additions) }
    /// The same additions released as the next minor version.
    static let newerMinor = Result { try DriftedKit.build("newer-minor", DriftedKit.additions + DriftedKit.newerMinor) }
    /// A kit of the next major version.
    static let nextMajor = Result { try DriftedKit.build("next-major", DriftedKit.nextMajor) }

    private let apphost = ProcessRunner.built("apphost")
    private var buildDirectory: String { AppHarness.buildDirectory }

    private func features(_ build: (String) throws -> Void) throws -> FeatureFixtures {
        let fixtures = try FeatureFixtures()
        try build(fixtures.path("libDriftFeature.so"))
        return fixtures
    }

    @Test
    func theHostAndItsFeaturesRunTheTourByteForByteOnAKitWithAdditions() throws {
        let kit = try Self.additions.get()
        let tour = CCompiler.repository.appendingPathComponent("Tests/NavigationTests/Transcripts/tour.commands").path
        let arguments = ["--start", "main", "--width", "60", "--script", tour, "--features", buildDirectory]

        let own = try ProcessRunner.run(apphost, arguments)
        let drifted = try ProcessRunner.run(apphost, arguments, environment: ["LD_LIBRARY_PATH": kit.directory.path])

        #expect(own.status == 0)
        #expect(drifted.status == 0)
        #expect(drifted.output.split(separator: "\n").count > 400)
        #expect(drifted.output == own.output)
        // The build folder's own kit, beside the features, is not the one loaded: a note for
        // `apphost list`, never a warning in a session.
        #expect(drifted.errors == own.errors, "\(drifted.errors)")
        #expect(!drifted.errors.contains("libAppHostKit.so"), "\(drifted.errors)")
        let listed = try ProcessRunner.run(apphost, ["list", "--features", buildDirectory], environment: ["LD_LIBRARY_PATH": kit.directory.path])
        #expect(listed.output.contains("note: \(buildDirectory)/libAppHostKit.so is not loaded: every feature uses this host's own kit, \(kit.library)"), "\(listed.output)")
    }

    @Test
    func aFeatureBuiltAgainstAKitWithAdditionsRunsOnThisKit() throws {
        let kit = try Self.additions.get()
        let fixtures = try features { try kit.buildFeature(to: $0) }

        let result = try ProcessRunner.run(
            apphost,
            ["--start", "drift", "--width", "40", "--features", fixtures.directory.path],
            input: "tap 1\ntap Back\nstate\n"
        )

        #expect(result.errors == "")
        #expect(result.status == 0)
        #expect(result.output == """
            ════════════════════════════════════════
            Drift
            ────────────────────────────────────────
            Built against a kit with additions.
            [1] Detail 7 ›
            ════════════════════════════════════════
            ════════════════════════════════════════
            Detail 7
            Drift › Detail 7
            ────────────────────────────────────────
            State: loaded
            [1] Back
            ════════════════════════════════════════
            ════════════════════════════════════════
            Drift
            ────────────────────────────────────────
            Built against a kit with additions.
            [1] Detail 7 ›
            ════════════════════════════════════════
            drift/main

            """)
    }

    @Test
    func aFeatureThatUsesNewerKitAPIIsRefusedNamingWhatItLacks() throws {
        let kit = try Self.additions.get()
        let fixtures = try features { try kit.buildFeature(to: $0, defines: ["USE_NEW_API"]) }
        let path = fixtures.path("libDriftFeature.so")

        let result = try ProcessRunner.run(apphost, ["list", "--features", fixtures.directory.path])

        #expect(result.status == 1)
        #expect(result.errors.contains("refused:\n  \(path): needs a newer AppHostKit than this host has (\(FeatureBuild.kit.version)): it uses "))
        #expect(result.errors.contains("AppHostKit.Image") || result.errors.contains("AppHostKit.Node.image"), "\(result.errors)")
        #expect(!result.errors.contains("not a loadable shared object"))
    }

    @Test
    func aHostOnANewerKitDrawsAnElementItDoesNotKnowAsSuch() throws {
        let kit = try Self.additions.get()
        let fixtures = try features { try kit.buildFeature(to: $0, defines: ["USE_NEW_API"]) }

        let result = try ProcessRunner.run(
            apphost,
            ["--start", "drift", "--width", "60", "--features", fixtures.directory.path],
            input: "",
            environment: ["LD_LIBRARY_PATH": kit.directory.path]
        )

        #expect(result.status == 0)
        #expect(result.output == """
            ════════════════════════════════════════════════════════════
            Drift
            ────────────────────────────────────────────────────────────
            Built against a kit with additions.
            (an element this host cannot draw; update the host)
            [1] Detail 7 ›
            ════════════════════════════════════════════════════════════

            """)
    }

    @Test
    func aFeatureBuiltAgainstANewerMinorVersionIsRefusedBeforeItRuns() throws {
        let kit = try Self.newerMinor.get()
        let fixtures = try features { try kit.buildFeature(to: $0) }
        let path = fixtures.path("libDriftFeature.so")
        let ours = FeatureBuild.kit

        let result = try ProcessRunner.run(apphost, ["--start", "drift", "--features", fixtures.directory.path])

        #expect(result.status == 2)
        #expect(result.errors.hasPrefix(
            "error: \(path): built against AppHostKit 1.1, this host has \(ours.major).\(ours.minor); update the host or rebuild the feature against \(ours.major).\(ours.minor)\n"
        ))
    }

    @Test
    func theHostRefusesToStartOnAKitOfAnotherMajorVersion() throws {
        let kit = try Self.nextMajor.get()
        let ours = FeatureBuild.kit

        let result = try ProcessRunner.run(apphost, ["list"], environment: ["LD_LIBRARY_PATH": kit.directory.path])

        #expect(result.status == 3)
        #expect(result.output == "")
        #expect(result.errors == "error: \(kit.library) is AppHostKit 2.0.0, \(ours.compiler ?? ""), but this host was built against \(ours); run the host with the kit it was built with (swift build puts it beside apphost)\n")
    }

    @Test
    func versionNamesTheHostsOwnBuildAndRefusesAKitOfAnotherMajor() throws {
        let kit = try Self.nextMajor.get()
        let ours = FeatureBuild.kit

        let result = try ProcessRunner.run(apphost, ["--version"], environment: ["LD_LIBRARY_PATH": kit.directory.path])

        #expect(result.status == 3)
        #expect(result.output.hasPrefix("apphost \(ours.version)\nSDK \(ours.version), feature ABI "), "\(result.output)")
        #expect(result.output.contains("(AppHostKit 2.0.0, "), "the kit loaded is named as such: \(result.output)")
        #expect(result.errors.hasPrefix("error: \(kit.library) is AppHostKit 2.0.0"), "\(result.errors)")
    }

    @Test
    func theABICheckPassesAnAdditionAndFailsARemoval() throws {
        let script = CCompiler.repository.appendingPathComponent("SDK/Scripts/check-abi").path
        let additions = try Self.additions.get()
        let removal = try DriftedKit.build("removal", DriftedKit.additions + DriftedKit.removal, moduleOnly: true)

        let passed = try ProcessRunner.run(script, ["kit"], environment: ["APPHOST_KIT_MODULES": additions.directory.path, "PATH": Self.path])
        let failed = try ProcessRunner.run(script, ["kit"], environment: ["APPHOST_KIT_MODULES": removal.directory.path, "PATH": Self.path])

        #expect(passed.status == 0, "\(passed.errors)")
        #expect(failed.status == 1)
        #expect(failed.errors.contains("path"), "\(failed.errors)")
        #expect(failed.errors.contains("AppHostKit's ABI breaks the baseline"))
    }

    /// The SDK's SwiftUI library is checked too, in one run (a run compiles and reads its three
    /// modules): against SwiftUI's and Combine's baselines as checked in, and against UIKit's with
    /// one type more, UIWindow, which this build lacks. The run fails naming that type, and that
    /// type alone, so every other declaration of the three baselines is still there.
    @Test
    func theABICheckCoversTheSwiftUILibrary() throws {
        let script = CCompiler.repository.appendingPathComponent("SDK/Scripts/check-abi").path
        let baselines = CCompiler.repository.appendingPathComponent("SDK/SwiftUI/ABI")
        let modules = URL(fileURLWithPath: AppHarness.buildDirectory).appendingPathComponent("Modules").path
        let removal = try FeatureFixtures()
        for module in ["SwiftUI", "Combine"] {
            try FileManager.default.copyItem(atPath: baselines.appendingPathComponent("\(module).json").path, toPath: removal.path("\(module).json"))
        }
        // UIKit's baseline with a type this build does not have: UIWindow, made from UIScreen.
        let data = try Data(contentsOf: baselines.appendingPathComponent("UIKit.json"))
        var root = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        var abi = try #require(root["ABIRoot"] as? [String: Any])
        var children = try #require(abi["children"] as? [[String: Any]])
        var window = try #require(children.first { $0["name"] as? String == "UIScreen" })
        window["name"] = "UIWindow"
        window["printedName"] = "UIWindow"
        window["usr"] = "s:5UIKit8UIWindowC"
        window["mangledName"] = "$s5UIKit8UIWindowC"
        window["children"] = []
        children.append(window)
        abi["children"] = children
        root["ABIRoot"] = abi
        try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: removal.path("UIKit.json")))

        let environment = ["APPHOST_SWIFTUI_IMPORTS": modules, "APPHOST_SWIFTUI_BASELINES": removal.directory.path, "PATH": Self.path]
        let result = try ProcessRunner.run(script, ["swiftui"], environment: environment)
        let breakages = result.errors.split(separator: "\n").filter { $0.contains("ABI breakage") }

        #expect(result.status == 1)
        for module in ["SwiftUI", "Combine"] {
            #expect(result.output.contains("check-abi: \(module)'s ABI keeps every declaration of \(removal.path("\(module).json"))"), "\(result.output)")
        }
        #expect(breakages.count == 1, "\(result.errors)")
        #expect(breakages.first?.contains("class UIWindow has been removed") == true, "\(result.errors)")
        #expect(result.errors.contains("check-abi: UIKit's ABI breaks the baseline"), "\(result.errors)")
        #expect(!result.errors.contains("SwiftUI's ABI breaks") && !result.errors.contains("Combine's ABI breaks"), "\(result.errors)")
    }

    private static var path: String { ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin" }
}
