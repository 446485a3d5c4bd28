/// The factory of an `async` registration, as `resolveAsync` awaits it: the shape of its arguments, which the engine
/// reads first, and the call that turns them into an instance.
///
/// A class, so that every registration pays one word for it, and only async ones more.
final class AsyncFactory: Sendable {
    let parameters: FactoryParameters
    /// The size and alignment of the tuple of the arguments.
    let size: Int
    let alignment: Int
    /// Moves the arguments into the factory and initializes `instance` with what it returns.
    let call: @Sendable (Memory) async throws -> Void

    init(
        parameters: FactoryParameters, size: Int, alignment: Int,
        call: @escaping @Sendable (Memory) async throws -> Void
    ) {
        self.parameters = parameters
        self.size = size
        self.alignment = alignment
        self.call = call
    }

    /// Where a call's arguments lie and its instance goes: memory of the awaiting resolve, which only that resolve
    /// touches, before and after the call.
    struct Memory: @unchecked Sendable {
        let arguments: Room
        let instance: Room
    }
}
