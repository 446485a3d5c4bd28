/// Sets one injected property on a freshly built instance.
@usableFromInline
class AnyInjector: @unchecked Sendable {  // Immutable; subclasses add only `let`s.
    @usableFromInline init() {}
}

/// Sets one injected property on an instance of `Owner`.
@usableFromInline
final class Injector<Owner>: AnyInjector, @unchecked Sendable {
    @usableFromInline let apply: @Sendable (Owner, ProvisionRef, inout ResolveContext) throws(DIError) -> Void

    @inlinable
    init(_ apply: @escaping @Sendable (Owner, ProvisionRef, inout ResolveContext) throws(DIError) -> Void) {
        self.apply = apply
    }
}

/// An injected property as recorded at registration.
@usableFromInline
struct InjectionDescriptor: Sendable {
    let dependency: DependencyDescriptor
    let property: String
    let cycle: Bool
    let injector: AnyInjector

    @usableFromInline
    init(dependency: DependencyDescriptor, property: String, cycle: Bool, injector: AnyInjector) {
        self.dependency = dependency
        self.property = property
        self.cycle = cycle
        self.injector = injector
    }
}
