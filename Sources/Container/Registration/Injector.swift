/// An injection (a property, or a method taking several dependencies) or a completion step, as recorded at
/// registration.
@usableFromInline
struct InjectionDescriptor: Sendable {
    /// What it takes, in order; each has its own slot.
    let dependencies: [DependencyDescriptor]
    let property: String
    /// Whether it runs at the end of the outermost resolve; a completion also when any injection does.
    var cycle: Bool
    /// A completion step (`.completion`), which runs after every injection of its component.
    let isCompletion: Bool
    /// The registration site's thunk that sets the property or runs the step.
    let inject: InjectionThunk

    @usableFromInline
    init(
        dependencies: [DependencyDescriptor], property: String, cycle: Bool, isCompletion: Bool = false,
        inject: @escaping InjectionThunk
    ) {
        self.dependencies = dependencies
        self.property = property
        self.cycle = cycle
        self.isCompletion = isCompletion
        self.inject = inject
    }

    /// Where its dependencies are used, as the snapshot shows it.
    var position: DIDependency.Position {
        isCompletion ? .completion(cycle: cycle) : .injection(property: property, cycle: cycle)
    }
}
