import Observation

/// A recipe of the book.
struct Recipe: Identifiable, Hashable {
    let id: Int
    var name: String
    var course: Course
    var minutes: Int
    var steps: [String]
}

/// The part of a meal a recipe is.
enum Course: String, CaseIterable, Hashable {
    case starter = "Starter"
    case main = "Main"
    case dessert = "Dessert"
}

/// The recipes, loaded from a slow source and changed by the screens.
@Observable
final class RecipeStore {
    private(set) var recipes: [Recipe] = []
    private(set) var isLoading = false
    private var nextID = 100

    /// Loads the book, as a server would answer it: after 400 ms.
    func load() async {
        guard recipes.isEmpty else { return }
        isLoading = true
        try? await Task.sleep(for: .milliseconds(400))
        recipes = Self.sample
        isLoading = false
    }

    func add(name: String, course: Course) {
        recipes.append(Recipe(id: nextID, name: name, course: course, minutes: 20, steps: ["Cook it."]))
        nextID += 1
    }

    func delete(_ recipe: Recipe) {
        recipes.removeAll { $0.id == recipe.id }
    }

    func removeAll() {
        recipes = []
    }

    /// Recipes of the same course, but not this one.
    func similar(to recipe: Recipe) -> [Recipe] {
        recipes.filter { $0.course == recipe.course && $0.id != recipe.id }
    }

    static let sample = [
        Recipe(id: 1, name: "Carbonara", course: .main, minutes: 25, steps: ["Boil the pasta.", "Whisk eggs and pecorino.", "Toss with guanciale."]),
        Recipe(id: 2, name: "Gazpacho", course: .starter, minutes: 15, steps: ["Blend the vegetables.", "Chill for an hour."]),
        Recipe(id: 3, name: "Risotto", course: .main, minutes: 35, steps: ["Toast the rice.", "Add stock a ladle at a time."]),
        Recipe(id: 4, name: "Tiramisu", course: .dessert, minutes: 30, steps: ["Dip the biscuits.", "Layer with mascarpone."]),
    ]
}
