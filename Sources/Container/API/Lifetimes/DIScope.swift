/// A named cache for the `.custom` lifetime, backed by a `DIStorage` you choose.
///
/// ```swift
/// let session = DIScope(name: "session", storage: DICacheStorage())
/// container.register(UserManager.init).lifetime(.custom(session))
/// session.dropInstances()   // on logout: the next resolve builds new instances
/// ```
public final class DIScope: Sendable, Hashable, CustomStringConvertible {
    /// The name shown in errors and reports.
    public let name: String
    /// Whether the scope holds its instances strongly or only while someone else does.
    public let policy: DIReferencePolicy
    /// Reentrant, since a storage is user code and may resolve from the container, which reaches the scope again.
    let storage: ReentrantLocked<Handoff<any DIStorage>>
    let gates = Locked<[DIComponentInfo: CreationGate]>([:])
    /// When each stored instance was saved (see `CreationOrder`), so that `shutdown()` disposes the newer first.
    let savedAt = Locked<[DIComponentInfo: UInt]>([:])

    /// Makes a scope over `storage`, which from now on is used only under the scope's lock.
    public init(name: String, storage: sending any DIStorage, policy: DIReferencePolicy = .strong) {
        self.name = name
        self.policy = policy
        self.storage = ReentrantLocked(Handoff(value: storage))
    }

    /// Resolver's `cached` scope: process-wide, strong, emptied by `dropInstances()` or `shutdown()`.
    public static let cached = DIScope(name: "cached", storage: DICacheStorage())

    /// Releases every instance the scope holds, disposing none; the next resolves build new ones. For instances
    /// that must be disposed (closed, flushed), `shutdown()`.
    ///
    /// ```swift
    /// session.dropInstances()  // on logout: the next resolve builds a new UserManager
    /// ```
    public func dropInstances() {
        // Released after this returns, with no lock held: a `deinit` is user code and may resolve from this scope.
        _ = takeInstances()
    }

    /// Releases every instance the scope holds, as `dropInstances()` does, before its first suspension, then
    /// disposes those that are `DIDisposable`, the newest first, and returns what happened. Unlike a container's,
    /// the scope stays usable: the next resolves build new instances, while the old ones are being disposed. A
    /// cancelled caller stops waiting; the disposal still runs to its end.
    ///
    /// ```swift
    /// let report = await session.shutdown()  // on sign-out: every instance disposed
    /// ```
    @discardableResult
    public nonisolated(nonsending) func shutdown() async -> DIShutdownReport {
        await disposal().value
    }

    /// How many instances the storage holds now.
    public var count: Int {
        storage.withLock { $0.value.any.count }
    }

    /// The text reports and errors show.
    public var description: String { "DIScope(\(name), \(policy))" }

    /// The same scope object: two scopes of one name are still two scopes.
    public static func == (lhs: DIScope, rhs: DIScope) -> Bool { lhs === rhs }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
