import AppHost
@_spi(Host) import AppHostKit
import ArgumentParser

struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the features that load, what each registers, and the files that fail."
    )

    @OptionGroup var features: FeatureOptions

    func run() async throws {
        features.bootstrapLogging()
        try await list()
    }

    @MainActor
    private func list() throws {
        guard let host = features.loadHost(reportingProblems: false) else { throw ExitCode(ExitCode.kitMismatch) }
        standardOutput(FeatureListing(host: host).text)
    }
}
