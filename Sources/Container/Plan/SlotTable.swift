/// The bound slots of a component, as the closures of its plan capture them.
///
/// The elements are written while the plan is built, before it is published, and only read afterwards.
@usableFromInline
struct SlotTable: @unchecked Sendable {
    @usableFromInline let provisions: UnsafeBufferPointer<ProvisionRef>

    @inlinable
    init(_ slots: UnsafeMutableBufferPointer<ProvisionRef>) {
        provisions = UnsafeBufferPointer(slots)
    }
}
