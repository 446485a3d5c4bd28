/// A dependency-injection container: register components, then resolve them with their dependencies.
///
/// ```swift
/// let container = DIContainer()
/// container.register(Cat.init).lifetime(.perContainer(.strong)).as(Animal.self)
/// let cat: Cat = container.resolve()
/// ```
/// Registering and resolving are safe from any thread. A resolve reads an immutable plan published atomically,
/// and takes no container-wide lock; only the instance being created is locked while its factory runs.
public final class DIContainer: Sendable {
    /// The container whose registrations this one sees when it has none of its own for a request.
    public let parent: DIContainer?

    private let state = Locked(State())
    /// The current plan, retained by `State.plans`; `nil` after a registration change until the next resolve.
    private let publishedWord = AtomicWord(0)

    private struct State {
        var registrations: [Registration] = []
        var positions: [Int: Int] = [:]
        /// Every plan ever published: a resolve may still read a replaced plan without holding a reference.
        var plans: [RegistryPlan] = []
        var cells: [Int: InstanceCell] = [:]
    }

    /// Makes an empty container; with a `parent`, requests it cannot serve go to the parent, and its own
    /// registrations override the parent's (for tests and per-feature overrides).
    public init(parent: DIContainer? = nil) {
        self.parent = parent
    }

    // MARK: Registrations

    /// Adds a registration and returns its identity.
    @usableFromInline
    func add(_ registration: Registration) -> Int {
        state.withLock { state in
            state.positions[registration.id] = state.registrations.count
            state.registrations.append(registration)
        }
        invalidate()
        return registration.id
    }

    /// Adds an alias from a builder.
    @usableFromInline
    func addAlias(_ alias: Alias, to id: Int) {
        modify(id) { $0.aliases.append(alias) }
    }

    /// Adds an injection from a builder.
    @usableFromInline
    func addInjection(_ injection: InjectionDescriptor, to id: Int) {
        modify(id) { $0.injections.append(injection) }
    }

    /// Changes a registration from its builder.
    func modify(_ id: Int, _ change: (inout Registration) -> Void) {
        state.withLock { state in
            guard let position = state.positions[id] else { return }
            change(&state.registrations[position])
        }
        invalidate()
    }

    private func invalidate() {
        publishedWord.store(0)
    }

    /// This container's registrations, in registration order.
    var registrations: [Registration] {
        state.withLock { $0.registrations }
    }

    /// This container's and its ancestors' registrations, ancestors' first, each group with its distance from
    /// here (0 for this container).
    func registrationsWithAncestors() -> [RegistrationLevel] {
        Self.levelled(registrations, below: parent)
    }

    /// `own` at level 0 and the registrations of `parent` and its ancestors above it, ancestors' first. Grouped
    /// rather than flattened, so that no registration is copied.
    private static func levelled(_ own: [Registration], below parent: DIContainer?) -> [RegistrationLevel] {
        let levels = [own] + sequence(first: parent, next: { $0?.parent }).compactMap { $0?.registrations }
        return levels.enumerated().reversed().map { RegistrationLevel(registrations: $1, level: $0) }
    }

    // MARK: Plans

    /// The published plan, if it is still current.
    @inline(__always)
    var published: Unmanaged<RegistryPlan>? {
        AtomicWord.reference(publishedWord.load(), as: RegistryPlan.self)
    }

    /// The plan to resolve from: the published one if it is still current, otherwise a new one.
    @inline(__always)
    func currentPlan() -> Unmanaged<RegistryPlan> {
        if let plan = uncheckedPlan { return plan }
        return checkedPlan()
    }

    /// The published plan, when it can be used without checks: a container without a parent needs no check
    /// that the plan still matches the parent's.
    @inline(__always)
    var uncheckedPlan: Unmanaged<RegistryPlan>? {
        parent == nil ? published : nil
    }

    func checkedPlan() -> Unmanaged<RegistryPlan> {
        if let plan = published, isCurrent(plan) { return plan }
        return rebuildPlan()
    }

    private func isCurrent(_ plan: Unmanaged<RegistryPlan>) -> Bool {
        parent == nil || isBound(plan, to: parent?.published)
    }

    /// Whether `plan` was built against `parentPlan`, the parent's current plan (`nil` when it has none now).
    private func isBound(_ plan: Unmanaged<RegistryPlan>, to parentPlan: Unmanaged<RegistryPlan>?) -> Bool {
        parentPlan != nil && parentPlan.map(Self.address) == plan._withUnsafeGuaranteedRef { $0.parentPlan }
    }

    private func rebuildPlan() -> Unmanaged<RegistryPlan> {
        let parentPlan = parent?.currentPlan()
        let (plan, built) = state.withLock { state -> (Unmanaged<RegistryPlan>, (plans: Int, binder: PlanBinder)?) in
            if let plan = published, parent == nil || isBound(plan, to: parentPlan) {
                return (plan, nil)
            }
            let binder = PlanBinder(registrations: Self.levelled(state.registrations, below: parent)) { registration in
                if let cell = state.cells[registration.id] { return cell }
                let policy: DIReferencePolicy = if case .perContainer(let policy) = registration.lifetime { policy } else { .strong }
                let cell = InstanceCell(policy: policy, isProcessWide: false)
                state.cells[registration.id] = cell
                return cell
            }
            let plan = RegistryPlan(binder: binder, parentPlan: parentPlan.map(Self.address))
            state.plans.append(plan)
            let unmanaged = Unmanaged.passUnretained(plan)
            publishedWord.store(AtomicWord.word(unmanaged))
            return (unmanaged, (state.plans.count, binder))
        }
        // Logged outside the lock: a log handler is user code, and may resolve from this container.
        if let built {
            for step in built.binder.weakValueTypes {
                DILogger.log(.warning, "\(step): a value type cannot be held weakly, so it is built anew for every request")
            }
            DILogger.log(
                .info, "plan built: \(built.binder.components.count) registrations (plan \(built.plans) of this container)")
        }
        return plan
    }

    private static func address(_ plan: Unmanaged<RegistryPlan>) -> UInt {
        UInt(bitPattern: plan.toOpaque())
    }
}

/// The registrations of one container, `level` containers above the one resolving or validating.
struct RegistrationLevel {
    let registrations: [Registration]
    let level: Int
}
