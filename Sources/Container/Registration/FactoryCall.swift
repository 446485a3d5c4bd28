/// A registered factory with the slots of its parameters, `P...`, as the plan bound them.
@usableFromInline
struct FactoryCall<Value, each P>: ComponentFactory {
    @usableFromInline let factory: @Sendable (consuming (repeat each P)) throws -> Value
    @usableFromInline let slots: SlotTable
    /// Names the component in a `factoryFailed` error.
    @usableFromInline let info: DIComponentInfo

    @inlinable
    init(factory: @escaping @Sendable (consuming (repeat each P)) throws -> Value, slots: SlotTable, info: DIComponentInfo) {
        self.factory = factory
        self.slots = slots
        self.info = info
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
            throw DIError(.factoryFailed(info, underlying: error))
        }
    }
}
