import AppHostKit
import AppHostKitMocks
import Testing

@testable import CharacterFeature

@MainActor
@Suite
struct CharacterFilterViewModelTests {
    private final class DelegateMock: CharacterFilterDelegate {
        private(set) var applied: [CharacterStatusFilter] = []
        func didApply(_ filter: CharacterStatusFilter) { applied.append(filter) }
    }

    @Test
    func didTapOnApplyButtonCallsTheDelegateWithTheChosenStatusAndDismisses() {
        // Given
        let router = RouterMock()
        let delegate = DelegateMock()
        let sut = CharacterFilterViewModel(selected: .all, delegate: delegate, router: router)

        // When
        sut.didSelect(.unknown)
        sut.didTapOnApplyButton()

        // Then
        #expect(sut.selected == .unknown)
        #expect(delegate.applied == [.unknown])
        #expect(router.events == [.dismiss])
    }

    @Test
    func didTapOnCancelButtonDismissesWithNoResult() {
        // Given
        let router = RouterMock()
        let delegate = DelegateMock()
        let sut = CharacterFilterViewModel(selected: .dead, delegate: delegate, router: router)

        // When
        sut.didTapOnCancelButton()

        // Then
        #expect(router.events == [.dismiss])
        #expect(delegate.applied.isEmpty)
    }
}
