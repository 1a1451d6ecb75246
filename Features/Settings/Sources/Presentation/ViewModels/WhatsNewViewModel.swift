import AppHostKit

@MainActor
final class WhatsNewViewModel: ViewModel {
    private let router: any RouterContract

    init(router: any RouterContract) {
        self.router = router
    }

    func didTapOnCloseButton() {
        router.dismiss()
    }
}
