/// `Lazy<P>` and `Provider<P>`: a new accessor bound to the resolving container and `P`'s provision.
///
/// The accessors it makes keep it, not the provision it was bound to: when the registry has changed since it was
/// bound, they ask it for the provision as the registry is now (`current`), so that a `Lazy` read or a
/// `Provider` called after `.replacing()` builds the replacement, and after `unregister` throws `not-registered`.
///
/// Unchecked `Sendable`: set up under the binder's lock before it is published.
final class DeferredAccessProvision: Provision, @unchecked Sendable {
    let target: Provision
    /// The component `target` resolves, `nil` for a nested shape (`Lazy<[P]>`). Held, so that an accessor made
    /// from this provision can still use it after the plan dropped it (a plan lets go of a component's binding,
    /// which may hold this provision, when it drops the component or goes itself).
    let root: BoundComponent?
    /// The plan that bound it. `unowned`, since the plan owns what holds this provision (a component's binding):
    /// the plan's container (`keeper`) is held by every accessor made from this provision and by the caller of the
    /// resolve that runs it, and the plan lives as long as its container.
    private(set) unowned var binder: RegistryPlan?
    /// For a nested shape, the components its target resolves (`P`'s providers in `Lazy<[P]>`), held so that an
    /// accessor made from it can still run it after the plan dropped them, and which take the accessor's runtime
    /// arguments; `root` holds the one component otherwise.
    private(set) var builds: [BoundComponent] = []
    /// What it was bound for, to bind it again; `nil` until the binder notes it.
    private(set) var request: DeferredRequest?
    /// The binder's `generation` when it was bound.
    private var generation: UInt = 0
    /// The accessor last bound again for the same request, owned here.
    private let rebound = RetiringReference<DeferredAccessProvision>()
    /// 0 until a resolve asks `closesCycleBackToRoot`, then 1 for no and 2 for yes.
    private let closesCycle = AtomicWord(0)
    /// Writes a new accessor to the memory given, in the resolve that makes it.
    typealias Make = @Sendable (DIContainer, DeferredAccessProvision, Room, inout ResolveContext) -> Void
    let make: Make

    /// The slot provision of a `Lazy` or `Provider` (`accessor`) bound to `target`, whose accessors `make` writes.
    static func accessor(for target: SlotTarget, named accessor: String, make: @escaping Make) -> Provision {
        switch target {
        case .one(let provision, let component):
            DeferredAccessProvision(provision, root: component, binder: nil, make: make)
        case .deferred(let provision, let binder):
            DeferredAccessProvision(provision, root: nil, binder: binder, make: make)
        case .failure(let error), .absent(let error): FailingProvision(error)
        case .many, .argument: preconditionFailure("a \(accessor) slot is bound to one provider")
        }
    }

    init(_ target: Provision, root: BoundComponent?, binder: RegistryPlan?, make: @escaping Make) {
        self.target = target
        self.root = root
        self.binder = binder
        self.make = make
    }

    /// Whether `root` builds, while it is built, the component whose slot this fills: an accessor made there closes a
    /// cycle back to the instance its graph is building (see `GraphInstance`). Read pinned, in a resolve, when every
    /// binding it walks is there; worked out once, from the construction edges of the bindings below `root`.
    var closesCycleBackToRoot: Bool {
        let known = closesCycle.load()
        if known != 0 { return known == 2 }
        guard let root, let consumer = request?.consumer?.component else { return false }
        var seen: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var work = [root]
        var found = false
        var walkedAll = true
        search: while let component = work.popLast() {
            guard let targets = component.currentBinding.peek({ $0?.constructionTargets }) else {
                // Dropped since: what it builds is not known now, so the answer is not kept.
                walkedAll = false
                continue
            }
            for target in targets where seen.insert(ObjectIdentifier(target)).inserted {
                if target.info == consumer {
                    found = true
                    break search
                }
                work.append(target)
            }
        }
        if found || walkedAll { closesCycle.store(found ? 2 : 1) }
        return found
    }

    /// Notes the component whose slot it fills, for its errors (under the binder's lock).
    override func noteConsumer(_ component: BoundComponent) {
        request?.consumer = component.step
    }

    /// Notes the components a nested shape's target resolves (under the binder's lock).
    func hold(_ targets: [BoundComponent]) {
        builds = targets
    }

    /// Notes what it was bound for, by which plan, at which of its generations (under the binder's lock).
    func track(_ request: DeferredRequest, binder: RegistryPlan, generation: UInt) {
        self.request = request
        self.binder = binder
        self.generation = generation
    }

    /// The container an accessor resolves from: the one whose plan bound the target. A parent's process-wide
    /// component resolved through a child gets a `Lazy` of the parent, as the parent would give it.
    var container: DIContainer {
        (root?.plan ?? binder!).owner
    }

    /// The container that keeps everything this provision points to alive: the binder's, which holds its
    /// ancestors, whose plans made the rest.
    var keeper: DIContainer {
        binder!.owner
    }

    /// Whether nothing it was bound from has changed since.
    var isCurrent: Bool {
        guard let binder else { return true }
        return binder.isCurrent && binder.generation == generation
    }

    /// This accessor, or the one bound again for the registry as it is now; throws why nothing provides its
    /// request any more.
    func current() throws(DIError) -> DeferredAccessProvision {
        if request == nil || isCurrent { return self }
        if let latest = latestRebound, latest.isCurrent { return latest }
        return try binder!.rebind(self)
    }

    /// The accessor last bound again for the same request.
    var latestRebound: DeferredAccessProvision? {
        rebound.object
    }

    /// Remembers `latest` for the accessors made from this one; returns the one it replaces, for the binder to
    /// retire (under the binder's lock).
    func noteRebound(_ latest: DeferredAccessProvision) -> DeferredAccessProvision? {
        rebound.exchange(with: latest)
    }

    override func produce(into target: Room, _ context: inout ResolveContext) throws(DIError) {
        make(keeper, self, target, &context)
    }
}

/// What a `Lazy` or `Provider` slot asked for, so that its accessor can be bound again.
struct DeferredRequest {
    /// The `Lazy` or `Provider` dependency.
    let dependency: DependencyDescriptor
    /// A request's own (it may pass runtime arguments), not a slot's.
    let topLevel: Bool
    /// A factory parameter's, which the not-registered error mentions.
    let parameter: Bool
    /// For an element of `[Lazy<P>]` or `[Provider<P>]`: the list, and the registration and alias it came from.
    var listedIn: (list: DependencyDescriptor, registration: Int, alias: Int?)?
    /// The component whose slot made the accessor, which an error of the accessor names as where it was made.
    var consumer: DIResolutionStep?

    init(
        dependency: DependencyDescriptor, topLevel: Bool, parameter: Bool,
        listedIn: (list: DependencyDescriptor, registration: Int, alias: Int?)? = nil
    ) {
        self.dependency = dependency
        self.topLevel = topLevel
        self.parameter = parameter
        self.listedIn = listedIn
    }
}
