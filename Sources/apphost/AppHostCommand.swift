import AppHost
import ArgumentParser

@main
struct AppHostCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apphost",
        abstract: "Runs an app made of feature libraries, rendering every screen as text.",
        discussion: """
            Feature libraries (lib*Feature.so) are searched in the --features directories, \
            else in the directories of APPHOST_FEATURES (colon-separated), \
            else in the directory that holds apphost.
            """,
        subcommands: [Run.self, List.self, Lock.self, NewFeature.self, Probe.self],
        defaultSubcommand: Run.self
    )
}
