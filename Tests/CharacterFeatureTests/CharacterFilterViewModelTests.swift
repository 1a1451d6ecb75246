import AppHostKit
import AppHostKitMocks
import CharacterInterface
import Testing

@testable import CharacterFeature

@MainActor
@Suite
struct CharacterFilterViewModelTests {
    @Test
    func didTapOnApplyButtonFinishesWithTheChosenStatus() throws {
        // Given
        let router = RouterMock()
        let sut = CharacterFilterViewModel(selected: .all, router: router)

        // When
        sut.didSelect(.unknown)
        sut.didTapOnApplyButton()

        // Then
        #expect(sut.selected == .unknown)
        #expect(router.events == [.finish(try Route(CharacterFilterResult.applied(status: "unknown")))])
    }

    @Test
    func didTapOnCancelButtonDismissesWithNoResult() {
        // Given
        let router = RouterMock()
        let sut = CharacterFilterViewModel(selected: .dead, router: router)

        // When
        sut.didTapOnCancelButton()

        // Then
        #expect(router.events == [.dismiss])
    }
}
