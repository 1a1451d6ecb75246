import AppHost
import AppHostOptions
import AppHostSupport
import ArgumentParser

struct Lock: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write apphost.lock in each features folder: the SHA-256 of every feature file in it.",
        discussion: "While a folder has a lock file, a feature file that is not in it, or whose contents changed, is refused."
    )

    @OptionGroup var features: FeatureOptions

    func run() async throws {
        do {
            for path in try FeatureLocking.lock(features.discovery) {
                standardOutput("wrote \(path)\n")
            }
        } catch {
            standardError("error: \(describe(error))\n")
            throw ExitCode(1)
        }
    }
}
