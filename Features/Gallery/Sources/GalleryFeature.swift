import AppHostKit
import DesignSystem
import SwiftUI

/// The destinations of the Gallery feature.
public enum GalleryNavigation: Navigation, CaseIterable {
    /// The design system's components on one screen.
    case main

    public static let routeName = "gallery"
}

/// The Gallery feature: a design system's components, written in SwiftUI as an app has them.
public struct GalleryFeature: NavigationFeature {
    public static let root = GalleryNavigation.main

    public init() {}

    public func makeScreen(for destination: GalleryNavigation, router: any RouterContract) -> Screen {
        switch destination {
        case .main:
            Screen(GalleryView(model: GalleryModel()).theme(.citadel), router: router)
        }
    }
}
