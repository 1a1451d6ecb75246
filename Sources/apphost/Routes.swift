import AppHost
import AppHostOptions
import AppHostSupport
import ArgumentParser

struct Routes: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every destination the loaded features provide: route, parameters, feature and file, starts, shells."
    )

    @OptionGroup var features: FeatureOptions

    @Option(help: "text, or json (one JSON object).")
    var format: Session.Format = .text

    func run() async throws {
        features.bootstrapLogging()
        try await routes()
    }

    @MainActor
    private func routes() throws {
        guard let host = features.loadHost() else { throw ExitCode(ExitCode.kitMismatch) }
        let map = RouteMap(host: host)
        standardOutput(format == .json ? map.json : map.text(width: TerminalSize.columns(default: 80)))
    }
}
