/// A prepared way to produce instances of one type during a resolve: a component as its own type (the
/// `BoundComponent` itself), through an alias, or a dependency shape (`P?`, `[P]`, `Lazy<P>`, ...). Slots and lookup
/// entries own these.
///
/// Not generic over the produced type, so that the engine is compiled once in Tether: a provision writes its
/// instance to memory the caller made room for, in the layout of the type the binder checked the slot to have.
/// Where that type is a class, `object` hands the reference over without going through memory.
@usableFromInline
class Provision: @unchecked Sendable {  // Immutable; subclasses add only `let`s.
    init() {}

    /// Writes a new instance (owned by the caller) to `target`.
    func produce(into target: Room, _ context: inout ResolveContext) throws(DIError) {
        fatalError("abstract")
    }

    /// The instance, for a provision of a class type.
    func object(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        try receive(AnyObject.self) { (word) throws(DIError) in try produce(into: word, &context) }
    }

    /// Notes the component whose slot this provision fills, for the accessors it makes (under the binder's lock).
    /// Passed as the component, not its step: only an accessor makes the step, and binding fills thousands of slots.
    func noteConsumer(_ component: BoundComponent) {}
}

/// A provision where a binding's slot or a table's entry holds it: owned, with what a reader needs to place its
/// value.
///
/// It cannot be copied: its holder lends it where it lies (a binding's `InPlaceList`, an entry's `let`), and the
/// resolve calls what it owns there, which takes no count; a copy would retain the provision and the component for
/// the copy's lifetime, a write to memory every resolving thread reads (Benchmarks/README.md, "twelfth part").
struct ProvisionSlot: ~Copyable, Sendable {
    let provision: Provision
    /// The component, where the provision is a component as its own type (most slots and entries): called
    /// directly, without the provision's dynamic dispatch in between.
    let component: BoundComponent?
    /// Whether the slot's declared type is a class: its instance is then handed over as a reference.
    let isObject: Bool
    /// For a factory parameter's slot, where its value lies in the tuple of parameters (`FactoryParameters.place`).
    let offset: Int32

    init(_ provision: Provision, isObject: Bool = false, offset: Int32 = 0) {
        self.provision = provision
        component = provision as? BoundComponent
        self.isObject = isObject
        self.offset = offset
    }

    /// Writes a new instance (owned by the caller) to `target`.
    func produce(into target: Room, _ context: inout ResolveContext) throws(DIError) {
        // Optional chaining, not `if let`: binding the component to a name copies it, a retain and a release.
        if try component?.produce(into: target, &context) == nil { try provision.produce(into: target, &context) }
    }

    /// The instance, for a provision of a class type.
    func object(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        if let object = try component?.object(&context) { return object }
        return try provision.object(&context)
    }
}

/// A provision whose binding is known to be broken: resolving it throws why.
final class FailingProvision: Provision, @unchecked Sendable {  // Immutable.
    let error: DIError

    init(_ error: DIError) {
        self.error = error
    }

    override func produce(into target: Room, _ context: inout ResolveContext) throws(DIError) {
        throw error
    }

    override func object(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        throw error
    }
}

/// A component whose shared instance belongs to the main actor (`DISharing.mainActor`), provided as its own type:
/// handed out there only, `main-actor-isolated` anywhere else.
final class MainActorOnlyProvision: Provision, @unchecked Sendable {  // Immutable.
    /// Owned: the slot or entry that owns this provision is below the component, not the component itself.
    let component: BoundComponent

    init(_ component: BoundComponent) {
        self.component = component
    }

    override func produce(into target: Room, _ context: inout ResolveContext) throws(DIError) {
        try component.requireMainActorToHandOut()
        try component.produce(into: target, &context)
    }

    override func object(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        try component.requireMainActorToHandOut()
        return try component.object(&context)
    }
}

/// A component provided as another type it was registered `.as`: each instance converted by the alias.
final class AliasProvision: Provision, @unchecked Sendable {  // Immutable.
    /// Owned, as `MainActorOnlyProvision`'s is.
    let component: BoundComponent
    let alias: Alias

    init(_ component: BoundComponent, alias: Alias) {
        self.component = component
        self.alias = alias
    }

    override func produce(into target: Room, _ context: inout ResolveContext) throws(DIError) {
        try component.requireMainActorToHandOut()
        try component.layout.withRoom { (source) throws(DIError) in
            do throws(DIError) {
                try component.produce(into: source, &context)
            } catch {
                throw CycleGuard.reentry(error, askedAs: DIRequest(type: alias.type, name: alias.name), of: component)
            }
            guard alias.convert(source, target) else {
                throw DIError(
                    .aliasCastFailed(
                        component.info, alias: DIRequest(type: alias.type, name: alias.name),
                        offMainActor: !MainActorCheck.isIsolated))
            }
        }
    }
}
