/// A registered factory with the slots of its parameters, `P...`, as the plan bound them.
@usableFromInline
struct FactoryCall<Value, each P>: ComponentFactory {
    @usableFromInline let factory: @Sendable (consuming (repeat each P)) throws -> Value
    @usableFromInline let slots: SlotTable
    /// Names the component in a `factoryFailed` error; a reference rather than the `DIComponentInfo`, so that a
    /// resolve does not copy the name and place around every factory call. The plan keeps the component alive.
    @usableFromInline unowned(unsafe) let component: BoundComponent

    @inlinable
    init(
        factory: @escaping @Sendable (consuming (repeat each P)) throws -> Value, slots: SlotTable,
        component: BoundComponent
    ) {
        self.factory = factory
        self.slots = slots
        self.component = component
    }

    @inlinable @inline(__always)
    func build(_ context: inout ResolveContext) throws(DIError) -> Value {
        var index = 0
        // One `do` around both: the slots throw `DIError`, which passes through unchanged.
        do {
            return try factory(
                (repeat try ResolveContext.take((each P).self, from: slots.provisions, at: &index, &context)))
        } catch let error as DIError {
            throw error
        } catch {
            throw component.factoryFailure(error)
        }
    }
}

extension BoundComponent {
    /// The error of a factory that threw `error` itself.
    @usableFromInline @inline(never)
    func factoryFailure(_ error: any Error) -> DIError {
        DIError(.factoryFailed(info, underlying: error))
    }
}
