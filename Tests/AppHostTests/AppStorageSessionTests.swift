@_spi(Runtime) import AppHostKit
@_spi(Runtime) import AppHost
import AppHostTesting
import Foundation
import Testing

/// `@AppStorage` belongs to the session: kept in its state file (so the next run starts with it,
/// and a journey brought back changes it once, not twice), never shared with another session.
@Suite(.serialized)
struct AppStorageSessionTests {
    private let apphost = ProcessRunner.built("apphost")

    @Test
    func aStoredSettingIsKeptInTheStateFileAndComesBackOnce() throws {
        let folder = try FeatureFixtures()
        let file = folder.path("recipes.json")

        let first = try ProcessRunner.run(apphost, ["--start", "recipes", "--state", file], input: "tap Settings\ntap Metric units\n")
        let saved = try String(contentsOfFile: file, encoding: .utf8)
        // The Settings tab is a layer of the views: the next run replays its journey, from the
        // values of where it began, so the switch is turned off once.
        let again = try ProcessRunner.run(apphost, ["--start", "recipes", "--state", file], input: "")
        let third = try ProcessRunner.run(apphost, ["--start", "recipes", "--state", file], input: "tap Recipes\ntap Settings\ntap Metric units\n")
        let last = try String(contentsOfFile: file, encoding: .utf8)

        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.hasSuffix("[1] [ ] Metric units\n4 recipes in the book\n[2] Reset the book\n[3] [ ] Recipes\n[4] [x] Settings\n" + String(repeating: "═", count: 60) + "\n"), "\(first.output.suffix(300))")
        #expect(saved.contains(#""storage" : {"#) && saved.contains(#""metricUnits" : {"#) && saved.contains(#""bool" : false"#), "\(saved)")
        #expect(again.errors == "")
        #expect(again.output.contains("[1] [ ] Metric units\n"), "\(again.output.suffix(300))")
        #expect(third.output.hasSuffix("[1] [x] Metric units\n4 recipes in the book\n[2] Reset the book\n[3] [ ] Recipes\n[4] [x] Settings\n" + String(repeating: "═", count: 60) + "\n"), "\(third.output.suffix(300))")
        #expect(last.contains(#""bool" : true"#), "\(last)")
    }

    @Test
    func aStoredValueOfAnotherTypeIsReadAsTheDefaultAndAnUnreadableOneIsNamed() throws {
        let folder = try FeatureFixtures()
        let file = folder.path("recipes.json")
        // A journey that only opens the Settings tab, from a store whose value is not a Boolean.
        let state = #"{"state":{"selected":0,"stacks":[{"path":[],"root":"recipes/book"}]},"version":1,"#
        try Data((state + #""views":{"commands":["tap Settings"],"link":"recipes/book","defaults":{"metricUnits":{"int":3}}}}"#).utf8)
            .write(to: URL(fileURLWithPath: file))
        let wrongType = try ProcessRunner.run(apphost, ["--start", "recipes", "--state", file], input: "")
        try Data((state + #""views":{"commands":["tap Settings"],"link":"recipes/book","defaults":{"metricUnits":{"colour":3}}}}"#).utf8)
            .write(to: URL(fileURLWithPath: file))
        let unreadable = try ProcessRunner.run(apphost, ["--start", "recipes", "--state", file], input: "")

        #expect(wrongType.status == 0, "\(wrongType.errors)")
        #expect(wrongType.output.contains("[1] [x] Metric units\n"), "as a store read with the wrong type gives the default: \(wrongType.output.suffix(300))")
        #expect(unreadable.status == 0)
        #expect(unreadable.errors.contains("recipes.json cannot be decoded: views.defaults.metricUnits: a stored value is one of bool, int, double, string, bytes, date; moved it to"), "\(unreadable.errors)")
    }

    @Test
    func twoSessionsInOneProcessKeepTheirOwnValues() async throws {
        let first = try await AppHarness(features: ["Recipes"], start: "recipes", options: .init(width: 60))
        let second = try await AppHarness(features: ["Recipes"], start: "recipes", options: .init(width: 60))

        _ = await first.run("tap Settings")
        let turnedOff = await first.run("tap Metric units")
        let other = await second.run("tap Settings")
        let firstAgain = await first.run("tap Recipes")

        #expect(turnedOff.contains("[1] [ ] Metric units\n"), "\(turnedOff)")
        #expect(other.contains("[1] [x] Metric units\n"), "the other session's value is its own: \(other)")
        #expect(!firstAgain.isEmpty)
        let firstValues = await first.session.defaults.values
        let secondValues = await second.session.defaults.values
        #expect(firstValues == ["metricUnits": .bool(false)])
        #expect(secondValues == [:])
    }
}
