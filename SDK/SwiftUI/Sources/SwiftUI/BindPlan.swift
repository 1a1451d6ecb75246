@_spi(Reflection) import Swift

/// Which properties of a type the host binds before its body is drawn (`@State`, `@Environment`,
/// `@FocusState`, `@AppStorage`, and those inside a `DynamicProperty` of the feature's own), and
/// where they are in its value: worked out once per type, for the life of the process, from the
/// type's field records. Drawing a view then reads those fields where they lie, instead of
/// reflecting the whole value each time (a `Mirror` decodes every field's type by name).
///
/// A type that is not a struct (a class or an enum used as a view) is bound by reflecting its
/// value, as its fields cannot be listed the same way.
struct BindPlan {
    private enum Step {
        /// A property bound under its label.
        case property(label: String, offset: Int, type: any BoundProperty.Type)
        /// A `DynamicProperty` of the feature's own, whose own properties are bound below its label.
        case nested(label: String, offset: Int, plan: BindPlan)
    }

    private var steps: [Step] = []
    /// The value is reflected at each drawing (the type is not a struct).
    private var reflected = false

    /// Whether a value of the type has anything to bind.
    var binds: Bool { reflected || !steps.isEmpty }

    @MainActor private static var plans: [ObjectIdentifier: BindPlan] = [:]

    /// The plan of `type`, worked out the first time it is asked for.
    @MainActor
    static func of(_ type: Any.Type) -> BindPlan {
        let identifier = ObjectIdentifier(type)
        if let plan = plans[identifier] { return plan }
        let plan = make(type)
        plans[identifier] = plan
        return plan
    }

    @MainActor
    private static func make(_ type: Any.Type) -> BindPlan {
        var plan = BindPlan()
        // A class is not listed without asking for one; a property of a class type inside is reflected too.
        var reflect = false
        let listed = _forEachField(of: type) { name, offset, field, _ in
            let label = String(cString: name)
            if let bound = field as? any BoundProperty.Type {
                plan.steps.append(.property(label: label, offset: offset, type: bound))
            } else if field is any DynamicProperty.Type {
                let inner = of(field)
                if inner.reflected {
                    reflect = true
                } else if inner.binds {
                    plan.steps.append(.nested(label: label, offset: offset, plan: inner))
                }
            }
            return true
        }
        if !listed || reflect {
            plan = BindPlan()
            plan.reflected = true
        }
        return plan
    }

    /// Binds the properties of `value`, whose bytes start at `base`.
    @MainActor
    func bind(at base: UnsafeRawPointer, of value: Any, in graph: ViewGraph, context: _RenderContext) {
        if reflected {
            _ = Self.reflect(value, in: graph, context: context)
            return
        }
        for step in steps {
            switch step {
            case .property(let label, let offset, let type):
                type.bind(at: base + offset, key: ViewGraph.key(context.path, label), in: graph, context: context)
            case .nested(let label, let offset, let plan):
                plan.bind(at: base + offset, of: (), in: graph, context: context.child(label))
            }
        }
    }

    /// Binds by reflecting `value`: true if it held anything to bind.
    @MainActor
    private static func reflect(_ value: Any, in graph: ViewGraph, context: _RenderContext) -> Bool {
        var bound = false
        for (index, child) in Mirror(reflecting: value).children.enumerated() {
            let label = child.label ?? String(index)
            if let property = child.value as? any BoundProperty {
                property.bind(key: ViewGraph.key(context.path, label), in: graph, context: context)
                bound = true
            } else if child.value is any DynamicProperty, reflect(child.value, in: graph, context: context.child(label)) {
                bound = true
            }
        }
        return bound
    }
}

extension BoundProperty {
    /// Binds the property whose bytes start at `address`.
    @MainActor
    static func bind(at address: UnsafeRawPointer, key: Int, in graph: ViewGraph, context: _RenderContext) {
        address.load(as: Self.self).bind(key: key, in: graph, context: context)
    }
}
