// Group: controls sample code uses that the module lacked (DisclosureGroup, LabeledContent,
// TextEditor, Gauge, Grid and GridRow, DatePicker, EditButton, ScrollViewReader,
// .searchSuggestions).
import SwiftUI

struct ProfileEditor: View {
    @State private var bio = "Swift developer"
    @State private var birthday = Date(timeIntervalSince1970: 0)
    @State private var showsAdvanced = false
    @State private var query = ""
    let battery = 0.42

    var body: some View {
        ScrollViewReader { proxy in
            Form {
                LabeledContent("Name", value: "Ada")
                LabeledContent("Level") {
                    Text("7")
                }
                TextEditor(text: $bio)
                DatePicker("Birthday", selection: $birthday, displayedComponents: .date)
                DisclosureGroup("Advanced", isExpanded: $showsAdvanced) {
                    Text("Developer mode")
                }
                Gauge(value: battery) {
                    Text("Battery")
                } currentValueLabel: {
                    Text("\(Int(battery * 100))%")
                }
                Grid {
                    GridRow {
                        Text("Wins")
                        Text("12")
                    }
                    GridRow {
                        Text("Losses")
                        Text("3")
                    }
                }
                Button("Back to top") { proxy.scrollTo("top") }
            }
            .searchable(text: $query)
            .searchSuggestions {
                Text("Swift").searchCompletion("Swift")
            }
            .toolbar { EditButton() }
        }
    }
}
