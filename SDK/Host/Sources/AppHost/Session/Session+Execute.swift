@_spi(Host) @_spi(Runtime) import AppHostKit
import AppHostNavigation
import AppHostRuntime
import AppHostSupport
import CHostGuard
import FoundationEssentials

// The kinds of command `execute` runs: questions answered from what the session holds, a
// recording started or stopped, time let pass, and a command that acts on the screen.
extension Session {
    /// Answers a question about the session (`state`, `state --url`, `help`, `routes`, `show`,
    /// `show ids`), which changes nothing; nil for a command that is no question.
    package func answer(_ command: SessionCommand, before: Int) -> Outcome? {
        switch command {
        case .state:
            if navigator.live.count > 0 { noteLiveValuesLeftOut(navigator.restorable.omitted) }
            let link = ([navigator.deepLink.description] + viewLayers.map(\.description)).joined(separator: " › ")
            write(options.format == .json ? JSONValue.object(["state": .string(link)]).text + "\n" : link.visible + "\n")
            return .proceed
        case .stateURL:
            let top = topRoute
            guard let url = navigator.registry.url(for: top) else {
                report("state --url: \(top.description.visible): its feature makes no URL for it (a NavigationFeature's url(for:))")
                return outcome(since: before)
            }
            write(options.format == .json ? JSONValue.object(["url": .string(url)]).text + "\n" : url.visible + "\n")
            return .proceed
        case .help:
            if options.format == .json {
                let commands = SessionCommand.commands.map { JSONValue.object(["usage": .string($0.usage), "summary": .string($0.summary)]) }
                write(JSONValue.object(["help": .array(commands)]).text + "\n")
            } else {
                write(SessionCommand.help(width: renderer.width) + "\n")
            }
            return .proceed
        case .routes:
            return writeRoutes() ? .proceed : outcome(since: before)
        case .show:
            if let current, output.takesScreens { writeScreen(current.bytes) }
            return .proceed
        case .showIdentifiers:
            let named = (current?.layout.actions ?? []).enumerated().compactMap { index, action in
                action.identifier.map { "  [\(index + 1)] \(action.label.visible)  \($0.visible)\n" }
            }
            write(named.isEmpty ? "no element on this screen has an identifier\n" : "identifiers:\n" + named.joined())
            return .proceed
        default:
            return nil
        }
    }

    /// Writes the map of the features' routes, then the layers the views own above the top route
    /// (reached by doing, not by a route); false, reported, when the session has no map.
    private func writeRoutes() -> Bool {
        guard let routeMap = output.routeMap() else {
            report("routes: this session was started without a map of the features' routes")
            return false
        }
        let layers = viewLayers.map(\.description)
        if options.format == .json {
            let map = routeMap.json.trimmingNewlines
            write(layers.isEmpty ? routeMap.json : String(map.dropLast()) + ",\"viewLayers\":" + JSONValue.array(layers.map { .string($0) }).text + "}\n")
        } else {
            let here = layers.isEmpty ? "" : "here, above \(topRoute.description.visible), the views own: \(layers.joined(separator: " › ").visible) (reached by doing, not by a link)\n"
            write(routeMap.text(width: renderer.width) + here)
        }
        return true
    }

    /// `record FILE` starts recording the commands that follow; `record stop` (nil) ends it.
    package func record(to file: String?) {
        if let file {
            do {
                recorder = try makeRecorder(file)
                writeError("recording to \(file) (record stop ends it)\n")
            } catch {
                report("record \(file): \(describe(error))")
            }
        } else if let recorder {
            writeError("recorded \(recorder.steps) step\(recorder.steps == 1 ? "" : "s") to \(recorder.path); replay with apphost test \(recorder.path)\n")
            self.recorder = nil
        } else {
            report("record stop: nothing is being recorded")
        }
    }

    /// `wait DURATION`: lets the time pass (the session's own on virtual time), then draws what
    /// changed, or says that nothing did.
    package func wait(_ duration: Duration, text: String) async {
        let drawn = current?.bytes
        if usesVirtualTime {
            await passVirtualTime(duration)
        } else {
            await SessionGuard.extending(by: duration) {
                try? await Task.sleep(for: duration)
            }
        }
        await refresh(writingUnchanged: false)
        // A screen that did not change is not drawn again: say what the wait did instead of nothing.
        if current?.bytes == drawn {
            let seconds = Double(virtualElapsed.components.seconds) + Double(virtualElapsed.components.attoseconds) / 1e18
            let clock = usesVirtualTime ? "virtual time is now \(NumberText.fixed(seconds, digits: 3)) s" : "on real time"
            writeError("note: \(text): the screen did not change (\(clock); \(heldSleeps) sleep\(heldSleeps == 1 ? "" : "s") still waiting)\n")
        }
    }

    /// A command that acts: navigation alone runs without waiting; a view model's action and a
    /// new screen's load are awaited.
    package func act(_ command: SessionCommand, text: String) async {
        switch step(for: command, text: text) {
        case .failed:
            break
        case .navigated:
            await refresh()
        case .model(let action):
            switch action {
            // An action that never suspends (a SwiftUI control's) runs in place: no task, no hop.
            case .button(let button) where button.performNow != nil:
                runningViewModelCodeNow { button.performNow?() }
            case .toggle(let toggle, let isOn) where toggle.performNow != nil:
                runningViewModelCodeNow { toggle.performNow?(isOn) }
            case .textField(let field, let value) where field.performNow != nil:
                runningViewModelCodeNow { field.performNow?(value) }
            default:
                // While it is awaited, the watchdog can name the library of the screen it
                // belongs to, even if it never resumes.
                apphost_guard_waiting_on(screens.topOrigin(navigator))
                await runningViewModelCode {
                    switch action {
                    case .button(let button): await button.perform()
                    case .toggle(let toggle, let isOn): await toggle.perform(isOn)
                    case .textField(let field, let value): await field.perform(value)
                    }
                }
                apphost_guard_waiting_on(nil)
            }
            await refresh()
        }
    }

    /// A recorder for `record FILE`: inside ``Options/writeRoot`` when there is one (a flow's
    /// folder), never replacing a file; else where the person named it, replacing it there.
    package func makeRecorder(_ file: String) throws(WriteRefusal) -> FlowRecorder {
        if let folder = options.writeRoot {
            return try FlowRecorder(name: file, root: WriteRoot(folder), existing: .refuse, path: file, session: self)
        }
        let absolute = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
        let slash = absolute.lastIndex(of: "/") ?? absolute.startIndex
        let folder = slash == absolute.startIndex ? "/" : String(absolute[..<slash])
        return try FlowRecorder(name: String(absolute[absolute.index(after: slash)...]), root: WriteRoot(folder), existing: .replace, path: file, session: self)
    }

    /// Warns once that the state holds live values its deep link leaves out.
    package func noteLiveValuesLeftOut(_ route: Route?) {
        guard let route, !warnedOfLiveValues else { return }
        warnedOfLiveValues = true
        writeError("warning: \(route.description.visible) holds live values, which no link or state file carries; the state is kept up to it\n")
    }

    // MARK: Errors

    /// Reports an error of the command (kept, counted, written to the error output).
    package func report(_ message: String) {
        reported.report(message)
    }

    package func fail(_ message: String) -> Bool {
        report(message)
        return false
    }

    package func outcome(since count: Int) -> Outcome {
        options.strict && errorCount > count ? .failed : .proceed
    }
}
