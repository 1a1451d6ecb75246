import SwiftUI

/// The tabs of the book.
enum BookTab: Hashable {
    case recipes
    case settings
}

/// The book: a tab of recipes and a tab of settings. A link to a recipe
/// (`recipes://recipe/3`) opens its tab and pushes it.
struct RecipeBookView: View {
    @State private var store = RecipeStore()
    @State private var tab = BookTab.recipes
    @State private var path: [Recipe] = []

    var body: some View {
        TabView(selection: $tab) {
            RecipeListView(store: store, path: $path)
                .tabItem { Label("Recipes", systemImage: "book") }
                .tag(BookTab.recipes)
            BookSettingsView(store: store)
                .tabItem { Label("Settings", systemImage: "gear") }
                .tag(BookTab.settings)
        }
        .tint(Color(.basil))
        .onOpenURL { url in
            guard url.host == "recipe", let id = Int(url.lastPathComponent), let recipe = store.recipes.first(where: { $0.id == id }) else { return }
            tab = .recipes
            path = [recipe]
        }
    }
}

/// The list of recipes, in a stack whose path the view keeps.
struct RecipeListView: View {
    let store: RecipeStore
    @Binding var path: [Recipe]
    @State private var draft: Draft?

    var body: some View {
        NavigationStack(path: $path) {
            Group {
                if store.isLoading {
                    ProgressView("Loading recipes…")
                } else if store.recipes.isEmpty {
                    VStack {
                        Image(.emptyPlate)
                        Text("No recipes yet.")
                    }
                } else {
                    List {
                        ForEach(store.recipes) { recipe in
                            NavigationLink(recipe.name, value: recipe)
                        }
                    }
                }
            }
            .navigationTitle("Recipes")
            .navigationDestination(for: Recipe.self) { recipe in
                RecipeDetailView(store: store, recipe: recipe, path: $path)
            }
            .toolbar {
                ToolbarItem(placement: .primaryAction) {
                    Button("New recipe") { draft = Draft() }
                }
            }
            .task { await store.load() }
        }
        .sheet(item: $draft) { draft in
            NewRecipeView(draft: draft) { name, course in
                store.add(name: name, course: course)
            }
        }
    }
}

/// A recipe to be written, identified while its sheet is open.
struct Draft: Identifiable {
    let id = 1
}

/// One recipe: its steps, what is like it, and what can be done with it.
struct RecipeDetailView: View {
    let store: RecipeStore
    let recipe: Recipe
    @Binding var path: [Recipe]
    @State private var confirmsDelete = false
    @State private var shares = false

    var body: some View {
        List {
            Section("About") {
                Text("\(recipe.course.rawValue) · \(recipe.minutes) minutes")
            }
            Section("Similar") {
                ForEach(store.similar(to: recipe)) { other in
                    NavigationLink(other.name, value: other)
                }
            }
            NavigationLink("Steps") {
                StepsView(recipe: recipe)
            }
            Button("Share") { shares = true }
            Button("Delete", role: .destructive) { confirmsDelete = true }
        }
        .navigationTitle(recipe.name)
        .sheet(isPresented: $shares) {
            ShareView(recipe: recipe)
        }
        .alert("Delete \(recipe.name)?", isPresented: $confirmsDelete) {
            Button("Delete", role: .destructive) {
                store.delete(recipe)
                path.removeAll()
            }
            Button("Cancel", role: .cancel) {}
        } message: {
            Text("It leaves the book for good.")
        }
    }
}

/// A recipe's steps, pushed by a link to a view.
struct StepsView: View {
    let recipe: Recipe

    var body: some View {
        List {
            ForEach(Array(recipe.steps.enumerated()), id: \.offset) { index, step in
                Text("\(index + 1). \(step)")
            }
        }
        .navigationTitle("Steps")
    }
}

/// A sheet from a pushed view: closes itself.
struct ShareView: View {
    @Environment(\.dismiss) private var dismiss
    let recipe: Recipe

    var body: some View {
        VStack {
            Text("Share \(recipe.name) with a friend.")
            Button("Copy link") { dismiss() }
        }
        .navigationTitle("Share")
    }
}

/// The form of a new recipe, in a sheet with a stack of its own.
struct NewRecipeView: View {
    @Environment(\.dismiss) private var dismiss
    let draft: Draft
    let save: (String, Course) -> Void
    @State private var name = ""
    @State private var course = Course.main

    var body: some View {
        NavigationStack {
            Form {
                TextField("Name", text: $name)
                NavigationLink("Course: \(course.rawValue)") {
                    CoursePickerView(course: $course)
                }
            }
            .navigationTitle("New recipe")
            .toolbar {
                ToolbarItem(placement: .cancellationAction) {
                    Button("Cancel") { dismiss() }
                }
                ToolbarItem(placement: .confirmationAction) {
                    Button("Save") {
                        save(name, course)
                        dismiss()
                    }
                    .disabled(name.isEmpty)
                }
            }
        }
    }
}

/// A push inside a sheet: the courses to choose from.
struct CoursePickerView: View {
    @Binding var course: Course

    var body: some View {
        List {
            ForEach(Course.allCases, id: \.self) { choice in
                Button(choice == course ? "\(choice.rawValue) ✓" : choice.rawValue) { course = choice }
            }
        }
        .navigationTitle("Course")
    }
}

/// The settings tab: a choice, and a reset confirmed by a dialog.
struct BookSettingsView: View {
    let store: RecipeStore
    @AppStorage("metricUnits") private var metric = true
    @State private var confirmsReset = false

    var body: some View {
        NavigationStack {
            Form {
                Toggle("Metric units", isOn: $metric)
                Text("\(store.recipes.count) recipes in the book")
                Button("Reset the book", role: .destructive) { confirmsReset = true }
            }
            .navigationTitle("Settings")
            .confirmationDialog("Reset the book?", isPresented: $confirmsReset, titleVisibility: .visible) {
                Button("Remove every recipe", role: .destructive) { store.removeAll() }
            }
        }
    }
}
