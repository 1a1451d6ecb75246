import AppHostKit
import CharacterInterface
import Observation

/// The list's filter, over the list as a full-screen cover: a status is chosen, then applied.
@MainActor
@Observable
final class CharacterFilterViewModel {
    private(set) var selected: CharacterStatusFilter

    @ObservationIgnored private let router: any RouterContract

    init(selected: CharacterStatusFilter, router: any RouterContract) {
        self.selected = selected
        self.router = router
    }

    func didSelect(_ status: CharacterStatusFilter) {
        selected = status
    }

    func didTapOnApplyButton() {
        router.finish(with: CharacterFilterResult.applied(status: selected.rawValue))
    }

    func didTapOnCancelButton() {
        router.dismiss()
    }
}
