// Group: Xcode asset symbols (`Image(.logo)`, `Color(.skyBlue)`, `UIColor(resource:)`) from the
// corpus's Assets.xcassets, as Xcode 15 and later generate them, and a colour resolved.
import SwiftUI
import UIKit

struct BrandHeader: View {
    var body: some View {
        HStack {
            Image(.logo)
                .resizable()
                .frame(width: 24, height: 24)
            Text("Welcome")
                .foregroundStyle(Color(.skyBlue))
            Image(.star)
                .accessibilityLabel("Favourite")
        }
        .background(Color(.brand))
    }
}

enum BrandTokens {
    static let accent = Color(.skyBlue)
    static let accentUIColor = UIColor(resource: .skyBlue)
    static let logo = UIImage(resource: .logo)
}
