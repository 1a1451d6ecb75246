import AppHost
import ArgumentParser

struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List every feature file: what it registers and whether it was probed, cached or refused."
    )

    @OptionGroup var features: FeatureOptions

    @Flag(help: "Forget the registry cache and probe every file again.")
    var rescan = false

    func run() async throws {
        features.bootstrapLogging()
        try await list()
    }

    @MainActor
    private func list() throws {
        guard let host = features.loadHost(rescan: rescan, reportRefusals: false) else { throw ExitCode(ExitCode.kitMismatch) }
        let listing = FeatureListing(host: host)
        standardOutput(listing.text)
        if !listing.refused.isEmpty {
            standardError(listing.refused)
            throw ExitCode(1)
        }
    }
}
