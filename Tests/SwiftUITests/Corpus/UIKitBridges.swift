// Group: UIKit types named through SwiftUI's bridges, as view code written for iOS names them.
import SwiftUI
import UIKit

struct ProfileHeader: View {
    let avatar: UIImage? = UIImage(systemName: "person.crop.circle")

    var body: some View {
        VStack(alignment: .leading) {
            if let avatar {
                Image(uiImage: avatar)
                    .resizable()
                    .frame(width: 48, height: 48)
            }
            Text("Ada Lovelace")
                .font(Font(UIFont.preferredFont(forTextStyle: .headline)))
            Text(UIDevice.current.userInterfaceIdiom == .pad ? "iPad" : "iPhone")
                .foregroundColor(Color(uiColor: .secondaryLabel))
            Button("Settings") {
                if let url = URL(string: UIApplication.openSettingsURLString) {
                    UIApplication.shared.open(url)
                }
            }
        }
        .padding()
        .background(Color(uiColor: .systemBackground))
    }
}
