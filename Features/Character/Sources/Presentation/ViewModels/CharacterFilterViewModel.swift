import AppHostKit
import Observation

/// The list's filter, over the list as a full-screen cover: a status is chosen, then applied.
@MainActor
@Observable
final class CharacterFilterViewModel {
    private(set) var selected: CharacterStatusFilter

    @ObservationIgnored private weak var delegate: (any CharacterFilterDelegate)?
    @ObservationIgnored private let router: any RouterContract

    init(selected: CharacterStatusFilter, delegate: any CharacterFilterDelegate, router: any RouterContract) {
        self.selected = selected
        self.delegate = delegate
        self.router = router
    }

    func didSelect(_ status: CharacterStatusFilter) {
        selected = status
    }

    func didTapOnApplyButton() {
        delegate?.didApply(selected)
        router.dismiss()
    }

    func didTapOnCancelButton() {
        router.dismiss()
    }
}
