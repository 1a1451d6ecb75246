import SwiftUI

/// A screen whose `.task` loads what it shows.
struct LoaderView: View {
    @State private var status = "idle"

    var body: some View {
        Text("Status: \(status)")
            .task { status = "loaded" }
    }
}

/// A view whose `.onChange` changes what it watches at every drawing: it never settles.
struct RunawayView: View {
    @State private var value = 0

    var body: some View {
        Text("value \(value)")
            .onChange(of: value, initial: true) { _, new in value = new + 1 }
    }
}
