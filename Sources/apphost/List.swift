import AppHost
import AppHostKit
import ArgumentParser

struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the features that load, what each registers, and the files that fail."
    )

    @OptionGroup var features: FeatureOptions

    func run() async throws {
        features.bootstrapLogging()
        standardOutput(await listing())
    }

    @MainActor
    private func listing() -> String {
        let host = FeatureHost()
        host.loadFeatures(from: features.discovery)
        return FeatureListing(host: host).text
    }
}
