@_spi(Host) import AppHostKit
import NavigationSamples
import AppHost
import Testing

@MainActor
@Suite
struct RouterScopeTests {
    private let home = Route(name: "home", destination: "main")
    private let list = Route(name: "sample", destination: "list")

    private func route(_ value: SampleNavigation) -> Route {
        (try? Route(value)) ?? Route(name: "invalid")
    }

    @Test
    func aPresentedSheetHasItsOwnStackAndRouter() {
        let sut = Router(root: home)

        sut.present(SampleNavigation.list, style: .sheet)
        sut.scope(1).navigate(to: SampleNavigation.detail(identifier: 4))

        #expect(sut.state.path.isEmpty)
        #expect(sut.state.presentation == .sheet(NavigationState(root: list, path: [route(.detail(identifier: 4))])))
    }

    @Test
    func backInASheetPopsItsStackFirstThenClosesIt() {
        let sut = Router(root: home)
        sut.present(SampleNavigation.list, style: .sheet)
        sut.scope(1).navigate(to: SampleNavigation.detail(identifier: 4))

        sut.scope(1).goBack()
        let afterFirst = sut.state
        sut.scope(1).goBack()

        #expect(afterFirst.presentation == .sheet(NavigationState(root: list)))
        #expect(sut.state == NavigationState(root: home))
    }

    @Test
    func dismissFromInsideDropsTheSheetAndItsStack() {
        let sut = Router(root: home)
        sut.navigate(to: SampleNavigation.list)
        sut.present(SampleNavigation.list, style: .fullScreenCover)
        sut.scope(1).navigate(to: SampleNavigation.detail(identifier: 1))

        sut.scope(1).dismiss()

        #expect(sut.state == NavigationState(root: home, path: [list]))
    }

    @Test
    func showingAnAlertOverADialogReplacesItWithNoStaleButtons() {
        let sut = Router(root: home)
        sut.showConfirmationDialog(ConfirmationDialog(title: "Pick", buttons: [AlertButton("A"), AlertButton("B")]))

        sut.showAlert(Alert(title: "Done"))

        #expect(sut.state.presentation == .alert(Alert(title: "Done", buttons: [AlertButton("OK", role: .cancel)])))
    }

    @Test
    func anAlertShownInsideASheetBelongsToTheSheet() {
        let sut = Router(root: home)
        sut.present(SampleNavigation.list, style: .sheet)

        sut.scope(1).showAlert(Alert(title: "Saved"))
        let withAlert = sut.state
        sut.scope(1).dismiss()

        #expect(withAlert.presentation == .sheet(NavigationState(root: list, presentation: .alert(Alert(title: "Saved")))))
        #expect(sut.state.presentation == .sheet(NavigationState(root: list)))
    }

    @Test
    func popToGoesBackToTheTopmostOccurrence() {
        let sut = Router(root: home)
        for value in [SampleNavigation.list, .detail(identifier: 1), .list, .detail(identifier: 2)] {
            sut.navigate(to: value)
        }

        sut.pop(to: SampleNavigation.list)

        #expect(sut.state.stack == [home, list, route(.detail(identifier: 1)), list])
    }

    @Test
    func popToADestinationNotInTheStackIsReportedAndChangesNothing() {
        let sut = Router(root: home)
        var errors: [String] = []
        sut.onError = { errors.append($0.description) }

        sut.pop(to: SampleNavigation.detail(identifier: 9))

        #expect(errors == ["sample/detail?identifier=9: is not in the stack (home/main)"])
        #expect(sut.state == NavigationState(root: home))
    }

    @Test
    func replaceStackWithDestinationsSwapsTheStackInsideASheet() {
        let sut = Router(root: home)
        sut.present(SampleNavigation.list, style: .sheet)

        sut.scope(1).replaceStack(with: [SampleNavigation.detail(identifier: 1), SampleNavigation.list])

        #expect(sut.state.presentation == .sheet(NavigationState(root: route(.detail(identifier: 1)), path: [list])))
    }

    @Test
    func replaceStackSwapsTheStackOfAScope() {
        let sut = Router(root: home)
        sut.navigate(to: SampleNavigation.list)

        sut.replaceStack([list, route(.detail(identifier: 3))], depth: 0)

        #expect(sut.state == NavigationState(root: list, path: [route(.detail(identifier: 3))]))
    }

    @Test
    func finishPopsAndHandsTheResultToTheScreenUnder() {
        let sut = Router(root: home)
        var results: [String] = []
        sut.onResult = { result, depth in results.append("\(result)@\(depth)") }
        sut.navigate(to: SampleNavigation.list)

        sut.finish(with: SampleResult.chosen(identifier: 5))

        #expect(sut.state == NavigationState(root: home))
        #expect(results == ["sample-result/chosen?identifier=5@0"])
    }

    @Test
    func finishAtASheetsRootClosesItAndHandsTheResultToThePresenter() {
        let sut = Router(root: home)
        var results: [String] = []
        sut.onResult = { result, depth in results.append("\(result)@\(depth)") }
        sut.present(SampleNavigation.list, style: .sheet)

        sut.scope(1).finish(with: SampleResult.chosen(identifier: 6))

        #expect(sut.state == NavigationState(root: home))
        #expect(results == ["sample-result/chosen?identifier=6@0"])
    }

    @Test
    func finishAtTheFirstScreenIsReported() {
        let sut = Router(root: home)
        var errors: [String] = []
        sut.onError = { errors.append($0.description) }

        sut.finish(with: SampleResult.chosen(identifier: 1))

        #expect(errors == ["sample-result/chosen?identifier=1: cannot be returned: the first screen has no screen under it"])
    }
}
