import AppHostKit
import Observation

/// What the character list shows.
enum CharacterListViewState: Equatable {
    case idle
    case loading
    case loaded([Character])
    case error(String)
}

/// What choosing a character in the list does.
enum CharacterSelection {
    /// Shows the character's detail (the list).
    case showDetail
    /// Hands the character back to the screen that opened the list (the picker).
    case returnResult
}

/// The character list, written as for a device: observable, its appearing work in `didAppear()`,
/// a search that waits for typing to pause (a debounce in a task of its own), and a filter
/// presented over it whose result reloads the list in a task.
@MainActor
@Observable
final class CharacterListViewModel {
    private(set) var state: CharacterListViewState = .idle
    private(set) var filter: CharacterStatusFilter = .all
    /// The search field: each change restarts the debounce; the list reloads when it ends.
    var searchText = "" {
        didSet {
            guard searchText != oldValue else { return }
            scheduleSearch()
        }
    }

    @ObservationIgnored private let getCharactersUseCase: any GetCharactersUseCaseContract
    @ObservationIgnored private let router: any RouterContract
    @ObservationIgnored private let selection: CharacterSelection
    @ObservationIgnored private let debounce: Duration
    /// The search waiting for the typing to pause, if any (tests await it).
    @ObservationIgnored private(set) var searchTask: Task<Void, Never>?
    /// The reload a filter started, if any (tests await it).
    @ObservationIgnored private(set) var filterTask: Task<Void, Never>?

    init(
        getCharactersUseCase: any GetCharactersUseCaseContract,
        router: any RouterContract,
        selection: CharacterSelection = .showDetail,
        debounce: Duration = .milliseconds(300)
    ) {
        self.getCharactersUseCase = getCharactersUseCase
        self.router = router
        self.selection = selection
        self.debounce = debounce
    }

    /// The screen appeared.
    func didAppear() async {
        await load()
    }

    func didSelect(_ character: Character) {
        switch selection {
        case .showDetail:
            router.navigate(to: CharacterNavigation.detail(identifier: character.id))
        case .returnResult:
            router.finish(with: CharacterPickerResult.picked(identifier: character.id, name: character.name))
        }
    }

    func didTapOnFilterButton() {
        router.present(live: CharacterLiveNavigation.filter(selected: filter, delegate: self), style: .fullScreenCover)
    }

    /// The filter screen applied a status: the list reloads, in a task of its own.
    func didApply(_ filter: CharacterStatusFilter) {
        self.filter = filter
        filterTask?.cancel()
        filterTask = Task { await load() }
    }

    func didTapOnCancelButton() {
        router.goBack()
    }

    func didTapOnRetryButton() async {
        await load()
    }

    /// Waits for the typing to pause, then searches; a newer change cancels this one.
    private func scheduleSearch() {
        searchTask?.cancel()
        searchTask = Task { [debounce] in
            do {
                try await Task.sleep(for: debounce)
            } catch {
                return
            }
            await load()
        }
    }

    private func load() async {
        state = .loading
        do {
            state = .loaded(try await getCharactersUseCase.execute(matching: CharacterQuery(text: searchText, status: filter)))
        } catch {
            state = .error(error.description)
        }
    }
}

extension CharacterListViewModel: CharacterFilterDelegate {}
