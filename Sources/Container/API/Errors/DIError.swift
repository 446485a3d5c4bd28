/// Why the container could not build what was asked, with the path that led there.
///
/// The throwing API (`resolveOrThrow`) throws it; the trapping `resolve()` stops with the same text.
///
/// Catch it where the app can carry on without the object:
///
/// ```swift
/// func makeSync(_ container: DIContainer) -> SyncService? {  // SyncService: a class of the app
///     do throws(DIError) {
///         return try container.resolveOrThrow(SyncService.self)
///     } catch {
///         if case .factoryFailed(_, let underlying) = error.kind { print("sync is off:", underlying) }
///         print(error.code, error.path.map(\.requested.typeName))  // the code is stable: group logs by it
///         return nil
///     }
/// }
/// ```
public struct DIError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    ///
    /// Indirect, so that an error is two words: every resolve step has room for one on its stack, and a deep
    /// graph must not pay for the largest case at every level.
    public indirect enum Kind: Sendable {
        /// Nothing provides the request; `similar` lists registrations that nearly do.
        case notRegistered(DIRequest, similar: [DINearMiss])
        /// Several registrations provide the request and none is `.default()`.
        case ambiguous(DIRequest, candidates: [DIComponentInfo])
        /// Several registrations providing the request are marked `.default()`.
        case multipleDefaults(DIRequest, candidates: [DIComponentInfo])
        /// The request comes back to a component still being built; `cycle` runs from its first visit.
        case cycle(DIRequest, cycle: [DIResolutionStep])
        /// The instance built does not conform to the type it was registered `.as`; `alias` is that type and name,
        /// a request, so that the fix spells the metatype as code does (`(any Mailer).self`). `offMainActor`: the
        /// resolve ran off the main actor, where a conformance isolated to it (`extension X: @MainActor P`) does not
        /// hold.
        case aliasCastFailed(DIComponentInfo, alias: DIRequest, offMainActor: Bool)
        /// The runtime arguments given do not match those the component takes.
        case argumentMismatch(DIComponentInfo, expected: [String], received: [String])
        /// Several registrations provide the request, each taking its own runtime arguments, and none takes those
        /// given (`received`): the same problem as `argumentMismatch` (and its code), with every candidate named.
        case argumentsTakenByNone(
            DIRequest, received: [String], candidates: [(component: DIComponentInfo, expected: [String])])
        /// The request names more tags (`DITagged` inside `DITagged`) than a registration provides combinations of.
        case tooManyTags(DIRequest, count: Int)
        /// A component that takes runtime arguments has a caching lifetime, which would hand out an instance
        /// built with other arguments.
        case cachedArguments(DIComponentInfo, lifetime: DILifeTime)
        /// A component that takes runtime arguments was needed as a dependency, where nobody can pass them.
        case argumentsUnavailable(DIComponentInfo, expected: [String])
        /// A custom scope's storage returned an object of another type than the one saved.
        case storageTypeMismatch(scope: String, component: DIComponentInfo, found: String)
        /// The factory itself threw.
        case factoryFailed(DIComponentInfo, underlying: any Error)
        /// The graph is too deep for the thread's stack: the resolve stopped before building `component`, with
        /// `stackLeft` bytes of stack left, rather than overflow it.
        case stackExhausted(DIComponentInfo, stackLeft: Int)
        /// The registration's builder calls contradict its factory (`problem` says how), so it builds nothing.
        case invalidRegistration(DIComponentInfo, problem: String)
        /// The component's factory is `async`, and this resolve cannot await it: a synchronous resolve, or a
        /// dependency that keeps no instance (`keepsInstances` false: prototype, objectGraph, a weak lifetime of a
        /// value type) that `resolveAsync` could make first.
        case asyncFactory(DIComponentInfo, lifetime: DILifeTime, keepsInstances: Bool)
        /// The component belongs to the main actor, and this resolve runs on another thread: its factory is
        /// isolated there and this resolve is synchronous, or its instance is handed out there only (`reason`).
        case mainActorIsolated(DIComponentInfo, reason: MainActorReason = .builtThere)
        /// A `Lazy` or `Provider` made for a dependency of `madeFor` was used after the container that made it was
        /// released: such an accessor does not keep its container, so that the instances the container keeps do
        /// not keep it alive. `accessor` is its type, as code spells it.
        case containerReleased(accessor: String, madeFor: DIComponentInfo?)
        /// The component's shared lifetime came from a default (a module's `defaultLifetime`,
        /// `DISetting.Defaults.lifeTime`), and nothing on its registration line says that sharing its instance
        /// between threads is sound: the container refuses to share it (see `DISharing`).
        case sharedNotSendable(DIComponentInfo, lifetime: DILifeTime)
        /// The component is registered with `registerInjections(into:)`: it is made elsewhere (by the system, a
        /// storyboard, a SwiftUI view) and the container only injects into it, so it cannot be a dependency.
        case madeElsewhere(DIComponentInfo)
        /// `inject(into:)` found no registration of the object's type as its own type; `providedBy` is the one that
        /// provides that type through an alias, if any.
        case notInjectable(DIRequest, providedBy: DIComponentInfo?)
        /// The container's `shutdown()` has begun: it refuses new resolves, so that nothing is made after its
        /// instances are disposed.
        case containerShutDown(DIRequest)
        /// The component is `perRequest`, and the resolve runs outside any request scope, or in one that has
        /// ended.
        case outsideRequestScope(DIComponentInfo, scopeEnded: Bool)
        /// The component is a request input (`registerRequestInput`), and the request scope this resolve runs in was
        /// not given a value for it.
        case requestInputMissing(DIComponentInfo)
        /// A request scope was given a value (`providing:`) that no `registerRequestInput` declares, under the
        /// value's static type and name.
        case undeclaredRequestInput(DIRequest)
    }

    /// What ties a component to the main actor, in `main-actor-isolated`: it decides which fix works, since an
    /// awaiting resolve elsewhere can build a main-actor component there but not carry a main-actor instance away.
    public enum MainActorReason: Sendable, Hashable {
        /// Its factory (or an `.injection(on: MainActor.self)`, `.completion(on:)` step) is isolated to the main
        /// actor: it is built there, and `resolveAsync` hops there to build it.
        case builtThere
        /// Its instance is shared as the main actor's (`.lifetime(_:on: MainActor.self)`, or a main-actor factory
        /// under a shared default lifetime): handed out there only, even once it exists.
        case sharedThere
        /// An object that is not `Sendable`, registered by main-actor code (`registerInstance`): handed out there
        /// only.
        case registeredThere
    }

    /// What went wrong.
    public let kind: Kind
    /// The components being built when it happened, from the top-level request down.
    public internal(set) var path: [DIResolutionStep]

    /// Makes an error with an empty path; each enclosing component prepends itself as the error passes.
    public init(_ kind: Kind, path: [DIResolutionStep] = []) {
        self.kind = kind
        self.path = path
    }

    /// A stable identifier of the kind of problem, shared with validation findings where they mean the same.
    public var code: String { report.code }

    /// The request that failed, shown after the path; `nil` when the failure is inside the path's last component.
    public var failedRequest: String? { report.failedRequest }

    /// One line saying what is wrong.
    public var message: String { report.message }

    /// Lines naming registrations involved: candidates, near misses, the cycle.
    public var details: [String] { report.details }

    /// How to fix it.
    public var help: String { report.help }

    /// The whole report: code, message, path, registrations involved, fix.
    public var description: String {
        let report = report
        var lines = ["error[\(report.code)]: \(report.message)"]
        let hops = path.map(\.description) + (report.failedRequest.map { [$0] } ?? [])
        lines.append("  path: " + Self.abbreviated(hops).joined(separator: " -> "))
        lines += report.details.map { "  " + $0 }
        lines.append("  help: " + report.help)
        return lines.joined(separator: "\n")
    }
}

extension DIError {
    /// The error as seen from the components that were building `steps` (outermost first) when it passed through.
    func prepending(_ steps: some Collection<DIResolutionStep>) -> DIError {
        guard !steps.isEmpty else { return self }
        var copy = self
        copy.path.insert(contentsOf: steps, at: 0)
        return copy
    }
}
