import AppHost
import AppHostSupport
import FoundationEssentials
import Glibc

/// Why a feature package could not be written.
public struct ScaffoldError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, naming the name or path at fault and the fix.
    public var message: String

    public var description: String { message }
}

/// A standalone feature package, as `apphost new-feature NAME` writes it: an Interface target,
/// the feature, its one-function entry, a view-model test with RouterMock and an integration
/// test that loads the built library through the real loader. It depends on one SDK folder alone,
/// by path: the kit (SDK), RouterMock (SDK/Mocks) and AppHostTesting (SDK/Host), so any feature
/// name works and another copy or version of the SDK is one line of its manifest.
public struct FeatureScaffold {
    /// The feature's type prefix, e.g. `Weather`.
    public let name: String
    /// The route name, e.g. `weather` (`WeatherRadar` gives `weather-radar`).
    public let routeName: String
    /// The SDK folder the package depends on (it holds Package.swift, Mocks/ and Host/).
    public let sdk: String
    /// Whether the package's targets build with default main-actor isolation, as new app targets do.
    public let mainActorByDefault: Bool

    /// The SDK folder of the checkout this host was built from.
    public static var defaultSDK: String {
        // SDK/Host/Sources/AppHostScaffold/FeatureScaffold.swift
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// The names of the packages the scaffold depends on, which SwiftPM derives from their folders:
    /// a package folder of the same name would be the same package to it.
    static let dependencyIdentities: Set<String> = ["sdk", "mocks", "host", "swiftui", "snapshots"]

    /// Checks the name and the SDK folder.
    public init(name: String, sdk: String = FeatureScaffold.defaultSDK, mainActorByDefault: Bool = true) throws(ScaffoldError) {
        let scalars = Array(name.unicodeScalars)
        guard let first = scalars.first, ("A"..."Z").contains(first),
            scalars.allSatisfy({ ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) })
        else {
            throw ScaffoldError(message: "feature name '\(name)' must be a type name: an ASCII capital letter, then letters and digits (e.g. Weather)")
        }
        guard !name.hasSuffix("Feature") else {
            throw ScaffoldError(message: "feature name '\(name)' must not end in 'Feature'; the package adds it (\(name.dropLast("Feature".count))Feature)")
        }
        guard !Self.dependencyIdentities.contains(name.lowercased()) else {
            throw ScaffoldError(
                message: "feature name '\(name)' would name the package folder \(name), which SwiftPM would take for the SDK's package '\(name.lowercased())' the feature depends on; choose another name"
            )
        }
        for part in ["Package.swift", "Mocks/Package.swift", "Host/Package.swift", "SwiftUI/Package.swift", "Snapshots/Package.swift"] {
            let manifest = URL(fileURLWithPath: sdk).appendingPathComponent(part).path
            guard FileManager.default.fileExists(atPath: manifest) else {
                throw ScaffoldError(message: "\(sdk) is not an AppHost SDK folder (no \(part)); pass the SDK folder of an AppHost checkout with --sdk DIR")
            }
        }
        self.name = name
        self.mainActorByDefault = mainActorByDefault
        self.sdk = URL(fileURLWithPath: sdk).standardizedFileURL.path
        var route = ""
        for scalar in name.unicodeScalars {
            if ("A"..."Z").contains(scalar), !route.isEmpty { route += "-" }
            route += String(scalar).lowercased()
        }
        routeName = route
    }

    /// The package's files, by path relative to its folder.
    public var files: [(path: String, contents: String)] {
        [
            ("Package.swift", packageManifest),
            (".gitignore", ".build/\nPackage.resolved\n.swiftpm/\n"),
            ("README.md", readme),
            ("Sources/\(name)Interface/\(name)Navigation.swift", navigation),
            ("Sources/\(name)Feature/\(name)Feature.swift", feature),
            ("Sources/\(name)Feature/\(name)ViewModel.swift", viewModel),
            ("Sources/\(name)Feature/\(name)View.swift", view),
            ("Sources/\(name)Entry/\(name)Entry.swift", entry),
            ("Tests/\(name)FeatureTests/\(name)ViewModelTests.swift", viewModelTests),
            ("Tests/\(name)FeatureTests/\(name)IntegrationTests.swift", integrationTests),
            ("Tests/\(name)FeatureTests/__Snapshots__/\(name)IntegrationTests/theListMatchesItsSnapshot.1.txt", listScreen),
            ("Flows/\(routeName).flow", flow),
        ]
    }

    /// Writes the package into `parent/NAME` and returns that folder; refuses a folder that exists.
    @discardableResult
    public func write(into parent: String) throws(ScaffoldError) -> String {
        let folder = URL(fileURLWithPath: parent).appendingPathComponent(name)
        guard !FileManager.default.fileExists(atPath: folder.path) else {
            throw ScaffoldError(message: "\(folder.path) already exists; choose another --path or remove it")
        }
        do {
            for file in files {
                let url = folder.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents.utf8).write(to: url, options: .withoutOverwriting)
            }
        } catch {
            throw ScaffoldError(message: "\(folder.path): cannot write the package: \(describe(error))")
        }
        return folder.path
    }

    private var packageManifest: String {
        """
        // swift-tools-version:6.2
        // The \(name) feature, built outside the AppHost repository. `swift build` makes
        // .build/debug/lib\(name)Feature.so; drop it into any features folder of a host that
        // speaks the same SDK. The kit, SwiftUI for Linux, RouterMock, AppHostTesting and the snapshot
        // strategies all come from one SDK folder, by path: point `sdk` at another copy or version
        // of it to build against that one.
        import PackageDescription

        let sdk = "\(sdk)"
        let kit: Target.Dependency = .product(name: "AppHostKit", package: "SDK")
        let swiftUI: Target.Dependency = .product(name: "SwiftUI", package: "SwiftUI")
        \(isolationLine)

        let package = Package(
            name: "\(name)",
            products: [
                // The feature library: lib\(name)Feature.so, with the one C entry symbol.
                .library(name: "\(name)Feature", type: .dynamic, targets: ["\(name)Entry"]),
            ],
            dependencies: [
                .package(path: sdk),
                .package(path: sdk + "/Mocks"),
                .package(path: sdk + "/Host"),
                .package(path: sdk + "/SwiftUI"),
                .package(path: sdk + "/Snapshots"),
            ],
            targets: [
                // What other features may import to navigate here.
                .target(name: "\(name)Interface", dependencies: [kit], swiftSettings: isolation),
                // Its views are SwiftUI files, drawn as text by the host.
                .target(name: "\(name)Feature", dependencies: [kit, swiftUI, "\(name)Interface"], swiftSettings: isolation),
                // The entry is a target of its own, so tests can link the feature without the C symbol.
                .target(name: "\(name)Entry", dependencies: [kit, "\(name)Feature"], swiftSettings: isolation),
                .testTarget(
                    name: "\(name)FeatureTests",
                    dependencies: [
                        "\(name)Feature", "\(name)Interface", kit,
                        .product(name: "AppHostKitMocks", package: "Mocks"),
                        .product(name: "AppHostTesting", package: "Host"),
                        .product(name: "AppHostSnapshotTesting", package: "Snapshots"),
                    ],
                    // The screens the snapshot tests compare with, recorded beside them.
                    exclude: ["__Snapshots__"]
                ),
            ]
        )

        """
    }

    /// The manifest's line that sets the targets' default isolation.
    private var isolationLine: String {
        mainActorByDefault
            ? "// Main-actor isolation by default, as new app targets have (remove it for nonisolated by default).\nlet isolation: [SwiftSetting] = [.defaultIsolation(MainActor.self)]"
            : "// Nonisolated by default; [.defaultIsolation(MainActor.self)] would make the main actor the default.\nlet isolation: [SwiftSetting] = []"
    }

    private var readme: String {
        """
        # \(name)

        An AppHost feature built outside the AppHost repository.

        ```sh
        swift build        # makes .build/debug/lib\(name)Feature.so
        swift test         # the view model with RouterMock, the library through the real loader, a snapshot
        mkdir -p features && cp .build/debug/lib\(name)Feature.so features/
        apphost --start \(routeName) --features features   # apphost: .build/debug of an AppHost checkout
        ```

        `Sources/\(name)Interface` declares the destinations (`\(name)Navigation`), `Sources/\(name)Feature`
        draws them, and `Sources/\(name)Entry` exports the entry symbol the host looks for.

        """
    }

}
