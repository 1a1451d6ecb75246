import AppHost
@_spi(Host) import AppHostKit
import Testing

/// The navigator owns every navigation command: tested here with no session, no screens and no
/// drawing, only a registry and the state the commands leave.
@MainActor
struct NavigatorTests {
    private func navigator() throws -> (Navigator, reported: () -> [String]) {
        let registry = DestinationRegistry()
        try registry.register(DeskFeature.self)
        var reported: [String] = []
        let sut = Navigator(
            registry: registry, state: AppState(NavigationState(root: try Route(DeskNavigation.front))),
            report: { reported.append($0) }
        )
        return (sut, { reported })
    }

    private func room(_ number: Int) throws -> Route { try Route(DeskNavigation.room(number: number)) }

    @Test
    func followBackPopAndReplaceChangeTheStackOnTop() throws {
        let (sut, reported) = try navigator()

        sut.follow(try room(1))
        sut.follow(try room(2))
        sut.follow(try room(3))
        #expect(sut.selectedState.stack.map(\.description) == ["desk/front", "desk/room?number=1", "desk/room?number=2", "desk/room?number=3"])
        try sut.back()
        #expect(sut.selectedState.top == (try room(2)))
        try sut.pop(to: try room(1))
        #expect(sut.selectedState.top == (try room(1)))
        // The whole stack is replaced, its first screen included.
        sut.replaceStack([try room(8), try room(9)])
        #expect(sut.selectedState.stack.map(\.description) == ["desk/room?number=8", "desk/room?number=9"])
        sut.backToRoot()
        #expect(sut.selectedState.stack.map(\.description) == ["desk/room?number=8"])
        #expect(reported().isEmpty)
    }

    @Test
    func aCommandThatCannotBeDoneSaysWhyAndChangesNothing() throws {
        let (sut, _) = try navigator()
        let front = try Route(DeskNavigation.front)

        #expect(throws: NavigationCommandError.atFirstScreen(root: front)) { try sut.back() }
        #expect(throws: NavigationCommandError.nothingPresented) { try sut.dismiss() }
        sut.follow(try room(4))
        let stamp = sut.stamp
        #expect(throws: NavigationCommandError.notInStack(try room(5), stack: [front, try room(4)])) { try sut.pop(to: try room(5)) }
        #expect(sut.stamp == stamp)
    }

    @Test
    func dismissClosesWhatIsPresentedAndBackPopsItsStackFirst() throws {
        let (sut, _) = try navigator()

        try sut.open("desk/front!sheet(desk/room?number=1>desk/room?number=2)")
        #expect(sut.selectedState.presentedDepth == 1)
        try sut.back()
        #expect(sut.selectedState.presentedDepth == 1)
        try sut.back()
        #expect(sut.selectedState.presentedDepth == 0)
        try sut.open("desk/front!sheet(desk/room?number=1)")
        try sut.dismiss()
        #expect(sut.selectedState.presentedDepth == 0)
        #expect(sut.selectedState.stack.map(\.description) == ["desk/front"])
    }
}
