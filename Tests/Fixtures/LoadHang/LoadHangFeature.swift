// A Swift feature whose view model's load awaits a continuation nothing ever resumes (`hang`), or
// yields for ever (`spin`): the command that shows either is suspended in the feature, not on a
// stack, and must still be bounded and told apart. The same from an action (`Hang here`, `Spin
// here`) and from a screen's task (`Spin in a task`); and CPU work in a detached task nobody
// awaits (`Busy`), which is not the command's and must hold nothing; work handed to a dispatch
// queue that never ends (`Work on a queue`), which is the command's; and a run-loop timer
// (`Refresh every minute`), which the host runs no run loop for and must refuse by name.
import AppHostKit
import Foundation
import Glibc

public enum LoadHangNavigation: Navigation {
    case main
    case hang
    case spin
    case spinningTask

    public static let routeName = "loadhang"
}

@MainActor
final class HangingViewModel: ViewModel {
    private var kept: CheckedContinuation<Void, Never>?

    func load() async {
        await withCheckedContinuation { kept = $0 }
    }
}

@MainActor
final class SpinningViewModel: ViewModel {
    func load() async {
        while !Task.isCancelled { await Task.yield() }
    }
}

@MainActor
final class ActionsViewModel: ViewModel {
    private var kept: CheckedContinuation<Void, Never>?
    private(set) var busy = "idle"

    func hang() async {
        await withCheckedContinuation { kept = $0 }
    }

    func spin() async {
        while !Task.isCancelled { await Task.yield() }
    }

    /// Hands work that never ends to a dispatch queue, as callback-era code hands its work: the
    /// command waits for it as it waits for a task it started.
    func workOnAQueue() {
        busy = "working on a queue"
        DispatchQueue.global().async {
            while true { usleep(1_000) }
        }
    }

    private var timer: Timer?

    /// Refreshes every minute on the run loop, as older code does.
    func refreshEveryMinute() {
        timer = Timer.scheduledTimer(withTimeInterval: 60, repeats: true) { _ in }
        busy = "refreshing every minute"
    }

    /// `seconds` of a core's time, detached: the action does not await it.
    func startBusyWork(seconds: Double) {
        busy = "busy"
        Task.detached {
            var used = timespec()
            while Double(used.tv_sec) + Double(used.tv_nsec) / 1e9 < seconds {
                clock_gettime(CLOCK_THREAD_CPUTIME_ID, &used)
            }
        }
    }
}

@MainActor
final class SpinningTaskViewModel: ViewModel {
    func spin() async {
        while !Task.isCancelled { await Task.yield() }
    }
}

public struct LoadHangFeature: NavigationFeature {
    public static let root = LoadHangNavigation.main

    public init() {}

    public func makeScreen(for destination: LoadHangNavigation, router: any RouterContract) -> Screen {
        switch destination {
        case .main:
            Screen(ActionsViewModel()) { model in
                Title("Load hang")
                Link("Hang", to: LoadHangNavigation.hang)
                Link("Spin", to: LoadHangNavigation.spin)
                Link("Spin in a task", to: LoadHangNavigation.spinningTask)
                Text("Work: \(model.busy)")
                Button("Hang here") { await model.hang() }
                Button("Spin here") { await model.spin() }
                Button("Busy") { model.startBusyWork(seconds: 3) }
                Button("Work on a queue") { model.workOnAQueue() }
                Button("Refresh every minute") { model.refreshEveryMinute() }
            }
        case .spinningTask:
            Screen(SpinningTaskViewModel(), task: { await $0.spin() }) { _ in
                Title("Spinning")
            }
        case .hang:
            Screen(HangingViewModel()) { _ in
                Title("Never shown")
            }
        case .spin:
            Screen(SpinningViewModel()) { _ in
                Title("Never shown")
            }
        }
    }
}

@_cdecl("apphost_feature_entry")
public func apphostFeatureEntry() -> UnsafeRawPointer {
    FeatureEntry.descriptor(for: LoadHangFeature.self)
}
