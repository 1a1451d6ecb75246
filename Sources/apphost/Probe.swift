import AppHost
import ArgumentParser

/// The child process of probing: not for people (see FeatureProber).
struct Probe: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Load feature files one by one and report what each registers (used by apphost itself).",
        shouldDisplay: false
    )

    @Argument(help: "The feature files to load, in order.")
    var files: [String] = []

    @Option(help: "A file that lists more feature files, one a line.")
    var list: String?

    func run() async throws {
        // Registration is features' code: a feature that makes its URLSession there gets the cache
        // a session would (in memory only, nothing written into the home).
        RecordedNetwork.keepResponsesInMemory()
        await FeatureProbe.run(files: files + (list.map(FeatureProbe.readFileList(at:)) ?? []))
    }
}
