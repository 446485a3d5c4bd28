/// An injected property as recorded at registration.
@usableFromInline
struct InjectionDescriptor: Sendable {
    let dependency: DependencyDescriptor
    let property: String
    let cycle: Bool
    /// The registration site's thunk that sets the property.
    let inject: InjectionThunk

    @usableFromInline
    init(dependency: DependencyDescriptor, property: String, cycle: Bool, inject: @escaping InjectionThunk) {
        self.dependency = dependency
        self.property = property
        self.cycle = cycle
        self.inject = inject
    }
}
