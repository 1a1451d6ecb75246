// Splitting a run of flows across machines: `apphost test --shard K/N` runs the K-th of N parts,
// chosen the same way on every machine from the same files (and the same timings file), so the N
// parts together run every flow exactly once.

@_spi(Host) @_spi(Runtime) import AppHost
import AppHostLoading
import AppHostRuntime
import AppHostSupport
import FoundationEssentials
import Glibc

/// One part of N of a run's flows.
public struct FlowShard: Sendable, Equatable, CustomStringConvertible {
    /// Which part, from 1.
    public let index: Int
    /// How many parts.
    public let count: Int

    /// The most parts a run may be split into.
    public static let maximumCount = 1_000

    /// `K/N`, with 1 ≤ K ≤ N ≤ ``maximumCount``; nil for anything else.
    public init?(_ text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]),
            (1...Self.maximumCount).contains(count), (1...count).contains(index)
        else { return nil }
        self.index = index
        self.count = count
    }

    public var description: String { "\(index)/\(count)" }

    /// This part of `flows` (sorted paths, as `Flow.files(under:)` gives them), in their order.
    ///
    /// Without durations, flow i goes to part i mod N. With them (seconds by path, from an earlier
    /// run), each flow, longest first, goes to the part with the least time so far (the lowest
    /// numbered of equals); a flow the durations do not know counts as their mean. Both depend on
    /// nothing but the paths and the durations, so every machine makes the same parts.
    public func flows(of flows: [String], durations: [String: Double]) -> [String] {
        let mine: Set<Int>
        if durations.isEmpty {
            mine = Set(flows.indices.filter { $0 % count == index - 1 })
        } else {
            let known = flows.compactMap { durations[$0] }
            let typical = known.isEmpty ? 1 : known.reduce(0, +) / Double(known.count)
            let longestFirst = flows.indices.sorted { a, b in
                let (one, two) = (durations[flows[a]] ?? typical, durations[flows[b]] ?? typical)
                return one != two ? one > two : a < b
            }
            var totals = Array(repeating: 0.0, count: count)
            var chosen: Set<Int> = []
            for flow in longestFirst {
                let part = totals.indices.min { totals[$0] != totals[$1] ? totals[$0] < totals[$1] : $0 < $1 }!
                totals[part] += durations[flows[flow]] ?? typical
                if part == index - 1 { chosen.insert(flow) }
            }
            mine = chosen
        }
        return flows.indices.filter(mine.contains).map { flows[$0] }
    }
}

/// The durations `apphost test --timings` balances shards by: read from JUnit reports of an earlier
/// run (what `--junit` writes, one per shard), each `<testcase>`'s `classname` and `name` making the
/// flow's path, its `time` the seconds. They are only read: every machine that reads the same
/// reports splits the flows the same way.
public enum FlowTimings {
    /// The most a report may hold.
    public static let maximumSize = 64 * 1_048_576

    /// The seconds of each flow in the reports at `paths` (a later report wins for the same flow).
    public static func read(_ paths: [String]) -> Result<[String: Double], TimingsError> {
        var durations: [String: Double] = [:]
        for path in paths {
            let bytes: [UInt8]
            do {
                bytes = try FileBytes.read(path)
            } catch {
                return .failure(TimingsError(description: "\(error)"))
            }
            guard bytes.count <= maximumSize else {
                return .failure(TimingsError(description: "\(path) is \(bytes.count) bytes; a report is read up to \(maximumSize)"))
            }
            let text = String(decoding: bytes, as: UTF8.self)
            guard text.contains("<testsuite") else {
                return .failure(TimingsError(description: "\(path) is not a JUnit report (no <testsuite>): give the files --junit wrote"))
            }
            var rest = text[...]
            while let open = rest.firstRange(of: "<testcase ") {
                let tag = rest[open.upperBound...].prefix { $0 != ">" }
                rest = rest[tag.endIndex...]
                guard let name = attribute("name", in: tag), let folder = attribute("classname", in: tag),
                    let time = attribute("time", in: tag).flatMap(Double.init), time.isFinite, time >= 0
                else { continue }
                durations[folder + "/" + name] = time
            }
        }
        return .success(durations)
    }

    /// The value of `name="…"` in a tag's text, unescaped.
    private static func attribute(_ name: String, in tag: Substring) -> String? {
        var rest = tag
        while let found = rest.firstRange(of: name + "=\"") {
            // A whole attribute name: at the start, or after a space.
            let before = found.lowerBound == tag.startIndex ? " " : tag[tag.index(before: found.lowerBound)]
            guard before == " " else {
                rest = rest[found.upperBound...]
                continue
            }
            let value = rest[found.upperBound...].prefix { $0 != "\"" }
            return String(value).replacing("&lt;", with: "<").replacing("&gt;", with: ">")
                .replacing("&quot;", with: "\"").replacing("&apos;", with: "'").replacing("&amp;", with: "&")
        }
        return nil
    }
}

/// A timings file that cannot be read; the description names it (and the line).
public struct TimingsError: Error, CustomStringConvertible, Sendable {
    public let description: String
}
