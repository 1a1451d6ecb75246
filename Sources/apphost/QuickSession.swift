import AppHost
import AppHostOptions
import AppHostSupport
import ArgumentParser
import Logging

/// The command line of a session, read without the argument parser.
///
/// Building the parser (reflecting over every command's options, resolving their types) costs
/// a fifth of a session's start. Measured on 2026-11-25 (release, `perf stat -r 40`):
/// `apphost --start home` takes 5.2 ms of CPU and 6.1 ms here; `apphost run --start home`,
/// which the parser reads, 6.7 ms and 7.3–7.6 ms.
///
/// A line of `run`'s own options in their plain forms (`--name value`, `--name=value`, flags)
/// is read here instead, into the same `Run` value. Anything else returns nil, and the full
/// parser reads the line as before, with its messages: help, another command, an option or value
/// this does not know, a value that does not convert or validate.
///
/// The options are declared once, on `Run` and `FeatureOptions`. `QuickSessionTests` checks the
/// names below against the parser's own description of `Run` (`AppHostCommand.declaredOptions`,
/// each with whether it takes a value). It fails when an option is added there and not here.
/// Until it is, such lines take the full parser.
enum QuickSession {
    /// The options read here, each taking a value unless it is a flag.
    static let valued: Set<String> = [
        "--features", "--log-level", "--probe-timeout", "--cache-dir",
        "--start", "--open", "--state", "--script", "--width", "--format", "--color", "--feature-timeout",
        "--settle-timeout", "--size-class", "--network", "--network-record",
    ]
    static let flags: Set<String> = ["--allow-untrusted", "--strict", "--watch", "--tui", "--one-thread"]

    // Long: one pass over the arguments, a case for each option.
    static func parse(_ arguments: [String]) -> Run? {
        var values: [String: String] = [:]
        var directories: [String] = []
        var networkFolders: [String] = []
        var flagsSet: Set<String> = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else { return nil }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            if flags.contains(name) {
                guard parts.count == 1 else { return nil }
                flagsSet.insert(name)
                continue
            }
            guard valued.contains(name) else { return nil }
            let value: String
            if parts.count == 2 {
                value = String(parts[1])
            } else {
                // A value that looks like an option is left to the full parser to judge.
                guard index < arguments.count, !arguments[index].hasPrefix("-") else { return nil }
                value = arguments[index]
                index += 1
            }
            if name == "--features" {
                directories.append(value)
            } else if name == "--network" {
                networkFolders.append(value)
            } else {
                values[name] = value
            }
        }
        guard let start = values["--start"] else { return nil }

        // Every property is set before any is read: an option of the parser's that was never set cannot be read.
        var features = FeatureOptions()
        features.directories = directories
        guard let logLevel = convert(values["--log-level"], Logger.Level.init(rawValue:), default: .warning),
            let probeTimeout = convert(values["--probe-timeout"], Double.init, default: FeatureProber.defaultTimeout),
            let width = convert(values["--width"], { Int($0).map(Optional.some) }, default: nil),
            let format = convert(values["--format"], Session.Format.init(rawValue:), default: .text),
            let color = convert(values["--color"], ColorMode.init(rawValue:), default: .auto),
            let featureTimeout = convert(values["--feature-timeout"], Int.init, default: SessionGuard.defaultLimit),
            let settleTimeout = convert(values["--settle-timeout"], Double.init, default: Double(Session.defaultSettleTimeout.components.seconds)),
            let sizeClass = convert(values["--size-class"], Session.SizeClass.init(rawValue:), default: .compact)
        else { return nil }
        features.logLevel = logLevel
        features.probeTimeout = probeTimeout
        features.cacheDir = values["--cache-dir"]
        features.allowUntrusted = flagsSet.contains("--allow-untrusted")
        features.networkFolders = networkFolders
        features.networkRecord = values["--network-record"]
        var run = Run()
        run.features = features
        run.start = start
        run.open = values["--open"]
        run.state = values["--state"]
        run.script = values["--script"]
        run.width = width
        run.strict = flagsSet.contains("--strict")
        run.watch = flagsSet.contains("--watch")
        run.tui = flagsSet.contains("--tui")
        run.format = format
        run.color = color
        run.featureTimeout = featureTimeout
        run.settleTimeout = settleTimeout
        run.sizeClass = sizeClass
        run.oneThread = flagsSet.contains("--one-thread")
        do {
            try run.features.validate()
            try run.validate()
        } catch {
            return nil
        }
        return run
    }

    /// `text` converted, `fallback` when absent; nil when it does not convert.
    private static func convert<Value>(_ text: String?, _ conversion: (String) -> Value?, default fallback: Value) -> Value? {
        guard let text else { return fallback }
        return conversion(text)
    }
}
