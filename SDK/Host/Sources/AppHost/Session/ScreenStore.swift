@_spi(Host) @_spi(Runtime) import AppHostKit
@_spi(Host) import AppHostNavigation
import CHostGuard

/// The screens a session shows: one per route of every stack the navigation
/// state holds, made from the registry, loaded once, and kept as long as their
/// route stays where it is, so a view model keeps its state while screens are
/// pushed over it. Results reach them here, through ``Navigator/results``.
@MainActor
package final class ScreenStore {
    /// How many times in a row the screens may change the navigation while they load (a load that
    /// presents a sheet, say) before the session stops following them and says so.
    package static let maximumLoadRounds = 16

    private struct Entry {
        let route: Route
        let life: ScreenLife
        /// The screen's title as it was when last drawn on top (or first shown in breadcrumbs).
        var title: String?
    }

    private let registry: DestinationRegistry
    private let report: @MainActor (String) -> Void
    /// The screens of each shell item: one list per scope (base stack, then each presented stack), bottom first.
    private var screens: [[[Entry]]] = []
    /// The navigator installation the screens belong to.
    private var installation: Int?
    /// A screen made, kept, and still to be loaded.
    private var waiting: ScreenLife?
    /// Hears the changes of observable models, whenever they happen.
    package let work: BackgroundWork
    /// The session's `@AppStorage` values: its screens are drawn with them.
    package let defaults: SessionDefaults

    /// The session's live values, for destinations that hold them.
    package var live: LiveValues?

    package init(registry: DestinationRegistry, work: BackgroundWork, defaults: SessionDefaults, report: @escaping @MainActor (String) -> Void) {
        self.defaults = defaults
        self.registry = registry
        self.work = work
        self.report = report
    }

    /// Lets every screen go, as the session ends: each one's task is cancelled, and returned to
    /// be awaited (a cancelled task still runs until it sees the cancellation).
    package func removeAll() -> [Task<Void, Never>] {
        var tasks = screens.flatMap { $0.flatMap { $0.compactMap { $0.life.endTask() } } }
        if let task = waiting?.endTask() { tasks.append(task) }
        screens = []
        waiting = nil
        installation = nil
        visible = []
        return tasks
    }

    /// Brings the screens in line with the navigation state and lets the work that started settle;
    /// then, as long as views that appeared, changed or went away in the drawing find work to do
    /// (`.task`, `.onAppear`, `.onChange`), runs it as the command's and settles again, at most
    /// ``maximumLoadRounds`` times. The session's one entry to its screens' lifecycle: `code` runs
    /// view-model code as the command's and settles it.
    package func bringInLine(_ navigator: Navigator, running code: some ViewModelCodeRunner) async {
        await update(navigator, running: code)
        var rounds = 0
        while rounds < Self.maximumLoadRounds {
            let work = viewWork(navigator)
            if work.isEmpty { return }
            rounds += 1
            // The views' work is synchronous: it runs in place; only a load or a result it caused is awaited.
            code.runningViewModelCodeNow { for part in work { part() } }
            await update(navigator, running: code)
        }
        report("the screen's views kept finding work to do as they were drawn; stopped after \(rounds) rounds")
    }

    /// Brings the screens in line without a task when nothing needs loading (the usual case after
    /// a `back`), else in view-model code; then settles.
    private func update(_ navigator: Navigator, running code: some ViewModelCodeRunner) async {
        if !updateWithoutWaiting(navigator) {
            await code.runningViewModelCode { [self] in await update(navigator) }
        }
        await code.settle()
    }

    /// Brings the screens of the selected item in line with the navigation state when that needs
    /// nothing loaded and no result delivered, the usual case after a `back` or a `root`: true if it did.
    /// Otherwise ``update(_:)`` carries on from where this stopped.
    private func updateWithoutWaiting(_ navigator: Navigator) -> Bool {
        guard waiting == nil, !navigator.hasPendingResults else { return false }
        guard let screen = prepareNext(navigator) else { return true }
        waiting = screen
        return false
    }

    /// Brings the screens of the selected item in line with the navigation state, loads new ones,
    /// and delivers pending results, following whatever changes that makes.
    private func update(_ navigator: Navigator) async {
        await synchronize(navigator)
        while let pending = navigator.nextResult() {
            let item = navigator.selected
            guard pending.item == item, screens[item].indices.contains(pending.depth), let target = screens[item][pending.depth].last else {
                report("result \(pending.result): the screen it was for is gone")
                continue
            }
            if !(await target.life.screen.receive(pending.result)) {
                report("result \(pending.result): \(target.route) takes no results")
            }
            await synchronize(navigator)
        }
    }

    /// Makes and loads the screens the navigation state shows, bottom first; a load that changes the
    /// navigation state is followed, at most ``maximumLoadRounds`` times in a row.
    private func synchronize(_ navigator: Navigator) async {
        var rounds = 0
        // Only a load is awaited: finding and making screens is synchronous. A screen made by
        // updateWithoutWaiting(_:) is loaded first.
        while let life = waiting ?? prepareNext(navigator) {
            waiting = nil
            let router = navigator.routers[navigator.selected]
            let revision = router.revision
            let item = navigator.selected
            let installation = navigator.installation
            // While the load is awaited, the watchdog can name its library even if it never resumes.
            apphost_guard_waiting_on(life.origin)
            await life.screen.load()
            apphost_guard_waiting_on(nil)
            _ = life.startTask()
            if router.revision != revision || navigator.selected != item || installation != navigator.installation {
                rounds += 1
                if rounds == Self.maximumLoadRounds {
                    report("the screens kept changing the navigation while they loaded; stopped after \(Self.maximumLoadRounds) rounds")
                    return
                }
            }
        }
    }

    /// Brings the kept screens in line with the navigation state and makes the lowest one missing,
    /// kept as its route's screen and returned to be loaded; nil when every route has its screen.
    ///
    /// Only what changed is looked at: the router marks the lowest place its stacks changed
    /// since it was last in line, so a push onto a stack 10,000 deep compares no routes below it.
    private func prepareNext(_ navigator: Navigator) -> ScreenLife? {
        if installation != navigator.installation {
            installation = navigator.installation
            screens = Array(repeating: [], count: navigator.routers.count)
        }
        let item = navigator.selected
        let router = navigator.routers[item]
        let mark = router.changes
        let depth = router.state.presentedDepth
        if screens[item].count > depth + 1 {
            screens[item].removeLast(screens[item].count - depth - 1)
        }
        var scopeState: NavigationState? = router.state
        for scope in 0...depth {
            guard let state = scopeState else { break }
            scopeState = state.presentation?.presentedState
            if screens[item].count <= scope { screens[item].append([]) }
            let count = state.count
            let available = min(screens[item][scope].count, count)
            // Routes below the mark are as they were; above it, keep the screens whose route is unchanged.
            var kept = switch mark {
            case nil: available
            case let mark? where scope < mark.depth: available
            case let mark? where scope == mark.depth: min(mark.index, available)
            default: 0
            }
            while kept < available, screens[item][scope][kept].route == state[kept] {
                kept += 1
            }
            screens[item][scope].removeLast(screens[item][scope].count - kept)
            if kept < count {
                let route = state[kept]
                let scopeRouter = router.scope(scope)
                let screen: Screen
                do {
                    screen = try registry.makeScreen(for: route, router: scopeRouter, live: live)
                } catch {
                    screen = Self.unavailableScreen(route, error, router: scopeRouter)
                    report(error.description)
                }
                let life = ScreenLife(screen, defaults: defaults)
                life.origin = registry.origin(of: route.name)
                screens[item][scope].append(Entry(route: route, life: life))
                return life
            }
        }
        router.acknowledgeChanges()
        return nil
    }

    /// The work the views of the screens on top of each scope of the selected item found to do
    /// when last drawn (a view appeared, a watched value changed, a view went away); each screen
    /// is drawn first if what it read has changed. Screens of the DSL name none, and are not drawn here.
    private func viewWork(_ navigator: Navigator) -> [@MainActor () -> Void] {
        let item = navigator.selected
        guard screens.indices.contains(item) else { return [] }
        var work: [@MainActor () -> Void] = []
        // Screens drawn last time and not now have left (popped, covered by a push, another tab
        // selected): their views disappear first, as on a device.
        var shown: [ScreenLife] = []
        for scope in screens[item] {
            guard let top = scope.last, top.life.screen.drawsViews else { continue }
            shown.append(top.life)
        }
        for life in visible where !shown.contains(where: { $0 === life }) {
            work += life.leave()
        }
        visible = shown
        for life in shown {
            work += life.returning()
            _ = life.body(reportingTo: self.work)
            work += life.screen.takeViewWork()
        }
        return work
    }

    /// The screens drawn from views that were on top of a scope when ``viewWork(_:)`` last looked.
    private var visible: [ScreenLife] = []

    /// The screen on top of the selected item (of its topmost presented scope), if it was made.
    package func topScreen(_ navigator: Navigator) -> Screen? {
        let item = navigator.selected
        guard screens.indices.contains(item) else { return nil }
        return screens[item].last(where: { !$0.isEmpty })?.last?.life.screen
    }

    /// The library that made the screen on top (``topScreen(_:)``), if a feature library did.
    package func topOrigin(_ navigator: Navigator) -> String? {
        let item = navigator.selected
        guard screens.indices.contains(item) else { return nil }
        return screens[item].last(where: { !$0.isEmpty })?.last?.life.origin
    }

    /// The layers the selected item shows, bottom first, with their bodies built now.
    package func layers(_ navigator: Navigator) -> [RenderLayer] {
        let item = navigator.selected
        var layers: [RenderLayer] = []
        var state: NavigationState? = navigator.routers[item].state
        var depth = 0
        var presentedAs: Presentation?
        while let scope = state, screens[item].indices.contains(depth), !screens[item][depth].isEmpty {
            let top = screens[item][depth][screens[item][depth].count - 1]
            let body = top.life.body(reportingTo: work)
            let breadcrumbs = self.breadcrumbs(item: item, depth: depth, top: body.firstTitle ?? top.life.screen.fallbackTitle ?? "", views: top.life.screen.viewLayers)
            switch presentedAs {
            case .sheet?:
                layers.append(.sheet(body: body, breadcrumbs: breadcrumbs))
            case .fullScreenCover?:
                layers = [.screen(body: body, breadcrumbs: breadcrumbs)]
            default:
                layers.append(.screen(body: body, breadcrumbs: breadcrumbs))
            }
            switch scope.presentation {
            case .alert(let alert)?:
                layers.append(.dialog(alert, confirmation: false, depth: depth))
            case .confirmationDialog(let dialog)?:
                layers.append(.dialog(dialog, confirmation: true, depth: depth))
            default:
                break
            }
            presentedAs = scope.presentation
            state = scope.presentation?.presentedState
            depth += 1
        }
        return layers
    }

    /// The titles of the last ``Breadcrumbs/kept`` screens of a scope, the top one's being `top`.
    /// The others keep the title they had when last on top; one never drawn has its body built once.
    /// Views pushed by the top screen's own views (`views`) follow its title, as on a device; in a
    /// sheet its views present, the trail starts at the sheet.
    private func breadcrumbs(item: Int, depth: Int, top: String, views: [ViewLayer]) -> Breadcrumbs {
        let shown = views.filter { $0.kind != .tab }
        if !shown.isEmpty {
            let presented = shown.lastIndex { $0.kind != .push }
            let pushes = shown[(presented.map { $0 + 1 } ?? 0)...].map(\.name)
            if let presented {
                let trail = [shown[presented].name] + pushes
                return Breadcrumbs(Array(trail.suffix(Breadcrumbs.kept)), count: trail.count)
            }
            let below = breadcrumbs(item: item, depth: depth, top: screens[item][depth].last?.title ?? top, views: [])
            let titles = below.titles + pushes
            return Breadcrumbs(Array(titles.suffix(Breadcrumbs.kept)), count: below.count + pushes.count)
        }
        let count = screens[item][depth].count
        screens[item][depth][count - 1].title = top
        var titles: [String] = []
        titles.reserveCapacity(min(count, Breadcrumbs.kept))
        for index in max(count - Breadcrumbs.kept, 0)..<count {
            // The title alone is read: copying the whole entry would retain and release its screen.
            if let title = screens[item][depth][index].title {
                titles.append(title)
            } else {
                let life = screens[item][depth][index].life
                let title = life.body(reportingTo: work).firstTitle ?? life.screen.fallbackTitle ?? ""
                screens[item][depth][index].title = title
                titles.append(title)
            }
        }
        return Breadcrumbs(titles, count: count)
    }

    private static func unavailableScreen(_ route: Route, _ error: RouteError, router: any RouterContract) -> Screen {
        Screen {
            Title("Unavailable: \(route.path)")
            ErrorMessage(error.description)
            Button("Back") { router.goBack() }
        }
    }
}

/// What runs view-model code for the screens as the command's, and lets it settle: the session.
@MainActor
package protocol ViewModelCodeRunner: AnyObject {
    /// Runs `body`, which may suspend, as the command's code.
    func runningViewModelCode(_ body: @escaping @MainActor () async -> Void) async
    /// Runs `body`, which never suspends, in place as the command's code.
    func runningViewModelCodeNow(_ body: () -> Void)
    /// Lets the work the command's code started run until none of it can.
    func settle() async
}
