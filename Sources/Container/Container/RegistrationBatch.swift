/// The registrations a thread is making inside `DIContainer.update(_:)` or a module's installation, held back
/// until the outermost of them ends and then published in one change, so that no resolve on another thread sees
/// a registration without the rest of its builder chain (`.as`, `.tag`, `.replacing()`, `.lifetime`), or a
/// module with part of its registrations.
final class RegistrationBatch {
    /// The container the registrations are for.
    let container: DIContainer
    /// The registrations made so far, in order; builder calls change them here.
    var drafts: [Registration] = []
    /// Where each draft is in `drafts`, by registration identity.
    var positions: [Int: Int] = [:]
    /// How many `update` or module installations on this thread this batch spans.
    var depth = 1

    init(container: DIContainer) {
        self.container = container
    }

    private final class Frames {
        var batches: [RegistrationBatch] = []
    }

    private static let frames = ThreadLocal { Frames() }
    /// How many batches are open in the process: while none is, registering does not look up its thread's.
    private static let open = AtomicWord(0)

    /// The batch the calling thread holds open for `container`, if any.
    static func current(for container: DIContainer) -> RegistrationBatch? {
        guard open.load() != 0 else { return nil }
        return frames.value.batches.last { $0.container === container }
    }

    /// Runs `body` with registrations into `container` held back, then publishes them in one change: when `body`
    /// ends, unless an outer batch for the same container is open on this thread, which publishes them with its own.
    static func collecting<Result, Failure: Error>(
        into container: DIContainer, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        if let outer = current(for: container) {
            outer.depth += 1
            defer { outer.depth -= 1 }
            return try body()
        }
        let batch = RegistrationBatch(container: container)
        let stack = frames.value
        stack.batches.append(batch)
        open.add(1)
        // Published even when `body` throws: what it registered stays registered, as without a batch.
        defer {
            stack.batches.removeAll { $0 === batch }
            open.add(UInt.max)
            container.publish(batch.drafts)
        }
        return try body()
    }

    /// Holds back `registration`.
    func add(_ registration: Registration) {
        positions[registration.id] = drafts.count
        drafts.append(registration)
    }

    /// Drops the held-back registrations that provide `type` under `name` (as `unregister` removes published
    /// ones); returns how many.
    func removeDrafts(providing type: ObjectIdentifier, name: String?) -> Int {
        let before = drafts.count
        drafts.removeAll { draft in
            draft.provided.contains { $0.tag == nil && ObjectIdentifier($0.type) == type && $0.name == name }
        }
        positions = Dictionary(uniqueKeysWithValues: drafts.enumerated().map { ($1.id, $0) })
        return before - drafts.count
    }

    /// Applies a builder call to a held-back registration; `false` when `id` is not one of them.
    func modify(_ id: Int, _ change: (inout Registration) -> Void) -> Bool {
        guard let position = positions[id] else { return false }
        change(&drafts[position])
        return true
    }
}
