import AppHost
import AppHostOptions
import AppHostScaffold
import ArgumentParser

struct NewFeature: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new-feature",
        abstract: "Write a standalone feature package that builds, tests and loads outside this repository.",
        discussion: """
            Example: apphost new-feature Weather --path ~/src, then in ~/src/Weather: swift build && swift test.
            """
    )

    @Argument(help: "The feature's type name, e.g. Weather (its route name becomes weather).")
    var name: String

    @Option(help: "The folder to create the package in (as NAME/).")
    var path: String = "."

    @Option(help: "The SDK folder the package depends on (the kit, Mocks/ and Host/); by default, the one of the checkout that built this host.")
    var sdk: String = FeatureScaffold.defaultSDK

    @Flag(inversion: .prefixedNo, help: "Build the package's targets with default main-actor isolation, as new app targets do.")
    var mainActorDefault = true

    func run() throws {
        do {
            let scaffold = try FeatureScaffold(name: name, sdk: sdk, mainActorByDefault: mainActorDefault)
            let folder = try scaffold.write(into: path)
            standardOutput("""
                wrote \(folder)
                next: cd \(folder) && swift build && swift test

                """)
        } catch {
            standardError("error: \(error)\n")
            throw ExitCode(1)
        }
    }
}
