import AppHostKit
import Observation

@MainActor
@Observable
final class ProfileViewModel: ViewModel, ResultReceiver {
    private(set) var draftName: String
    private(set) var draftFavourite: String?

    private let store: SettingsStore
    private let router: any RouterContract

    init(store: SettingsStore, router: any RouterContract) {
        self.store = store
        self.router = router
        draftName = store.name
        draftFavourite = store.favouriteCharacter
    }

    func didChangeName(_ name: String) {
        draftName = name
    }

    func didTapOnChooseFavouriteButton() {
        router.navigate(to: SettingsOutgoingNavigation.chooseCharacter)
    }

    func didReceive(_ result: Route) async {
        guard case .picked(_, let name)? = try? result.decode(as: PickedCharacter.self) else { return }
        draftFavourite = name
    }

    func didTapOnSaveButton() {
        store.name = draftName
        store.favouriteCharacter = draftFavourite
        router.dismiss()
    }

    func didTapOnCancelButton() {
        router.dismiss()
    }
}
