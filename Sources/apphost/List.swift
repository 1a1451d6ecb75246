import AppHost
import AppHostOptions
import AppHostSupport
import ArgumentParser
import FoundationEssentials
import Glibc

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
        // On a terminal (or with COLUMNS), long lines are folded to its width; piped output is as it is.
        let width = TerminalSize.columns(default: Int.max)
        standardOutput(Self.fold(listing.text, width: width))
        if !listing.refused.isEmpty {
            standardError(Self.fold(listing.refused, width: TerminalSize.terminalColumns(of: STDERR_FILENO) ?? Int.max))
            throw ExitCode(1)
        }
    }

    static func fold(_ text: String, width: Int) -> String {
        guard width < Int.max else { return text }
        return text.split(separator: "\n").flatMap { RouteMap.fold(String($0), width: width) }.joined(separator: "\n") + "\n"
    }
}
