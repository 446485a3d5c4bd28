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
        /// Its instance is shared as the main actor's (`.lifetime(.mainActor(...))`, or a main-actor factory under a
        /// shared default lifetime): handed out there only, even once it exists.
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
    public var code: String {
        switch kind {
        case .notRegistered: "not-registered"
        case .ambiguous: "ambiguous-dependency"
        case .multipleDefaults: "multiple-defaults"
        case .cycle: "dependency-cycle"
        case .aliasCastFailed: "alias-cast-failed"
        case .argumentMismatch, .argumentsTakenByNone: "argument-mismatch"
        case .tooManyTags: "invalid-request"
        case .argumentsUnavailable: "arguments-unavailable"
        case .cachedArguments: "cached-arguments"
        case .storageTypeMismatch: "storage-type-mismatch"
        case .factoryFailed: "factory-failed"
        case .stackExhausted: "stack-exhausted"
        case .invalidRegistration: "invalid-registration"
        case .asyncFactory: "async-factory"
        case .mainActorIsolated: "main-actor-isolated"
        case .containerReleased: "container-released"
        case .madeElsewhere: "made-elsewhere"
        case .sharedNotSendable: "shared-not-sendable"
        case .notInjectable: "not-injectable"
        case .containerShutDown: "container-shut-down"
        case .outsideRequestScope: "outside-request-scope"
        case .requestInputMissing: "missing-request-input"
        case .undeclaredRequestInput: "undeclared-request-input"
        }
    }

    /// The request that failed, shown after the path; `nil` when the failure is inside the path's last component.
    public var failedRequest: String? {
        switch kind {
        case .notRegistered(let request, _), .ambiguous(let request, _), .multipleDefaults(let request, _),
            .cycle(let request, _), .argumentsTakenByNone(let request, _, _), .tooManyTags(let request, _):
            return request.description
        case .aliasCastFailed(_, let alias, _):
            return alias.description
        case .argumentMismatch(let component, _, _), .argumentsUnavailable(let component, _),
            .storageTypeMismatch(_, let component, _), .cachedArguments(let component, _):
            return typeName(component.type)
        case .factoryFailed, .stackExhausted:
            return nil
        case .invalidRegistration(let component, _), .sharedNotSendable(let component, _):
            return typeName(component.type)
        case .mainActorIsolated(let component, let reason) where reason != .builtThere:
            return typeName(component.type)  // Refused before it is entered, as the instance is handed out.
        case .notInjectable(let request, _), .containerShutDown(let request), .undeclaredRequestInput(let request):
            return request.description
        case .asyncFactory, .mainActorIsolated, .madeElsewhere, .outsideRequestScope, .requestInputMissing:
            return nil  // Thrown while the component itself is built, which is the path's last step.
        case .containerReleased(let accessor, _):
            return accessor
        }
    }

    /// One line saying what is wrong.
    public var message: String {
        switch kind {
        case .notRegistered(let request, _):
            return "no registration for `\(request)`"
        case .ambiguous(let request, let candidates):
            return "\(candidates.count) registrations provide `\(request)` and none is marked `.default()`"
        case .multipleDefaults(let request, let candidates):
            return "\(candidates.count) registrations providing `\(request)` are all marked `.default()`"
        case .cycle(let request, _):
            return "`\(request)` is needed while it is still being built"
        case .aliasCastFailed(let component, let alias, _):
            return "\(typeName(component.type)) registered at \(component.site) is not a `\(alias.typeName)`"
        case .argumentMismatch(let component, let expected, let received):
            return "\(typeName(component.type)) takes arguments (\(expected.joined(separator: ", "))) "
                + "but was given (\(received.joined(separator: ", ")))"
        case .argumentsTakenByNone(let request, let received, _):
            return "no registration of `\(request)` takes the arguments (\(received.joined(separator: ", ")))"
        case .tooManyTags(let request, let count):
            return "`\(request)` asks for \(count) tags, and a request names at most \(Tags.maximumCombined)"
        case .argumentsUnavailable(let component, let expected):
            return "\(typeName(component.type)) takes runtime arguments (\(expected.joined(separator: ", "))) "
                + "and cannot be injected as a dependency"
        case .cachedArguments(let component, let lifetime):
            return "\(typeName(component.type)) takes runtime arguments but is cached (\(lifetime)), so later "
                + "arguments would get an instance built with earlier ones"
        case .storageTypeMismatch(let scope, let component, let found):
            return "scope \"\(scope)\" returned a \(found) for \(typeName(component.type))"
        case .factoryFailed(let component, let underlying):
            return "the factory of \(typeName(component.type)) threw: \(underlying)"
        case .stackExhausted(let component, let stackLeft):
            return "the graph is too deep for this thread's stack: the resolve stopped \(path.count) levels down, at "
                + "\(typeName(component.type)), with \(stackLeft >> 10) KB of stack left"
        case .invalidRegistration(let component, let problem):
            return "the registration of \(typeName(component.type)) is invalid: \(problem)"
        case .asyncFactory(let component, let lifetime, let keepsInstances):
            return keepsInstances
                ? "\(typeName(component.type)) has an async factory and no instance yet, and a synchronous resolve "
                    + "cannot await it"
                : "\(typeName(component.type)) has an async factory and the lifetime \(lifetime), so it cannot be made "
                    + "ahead of the components that need it"
        case .mainActorIsolated(let component, .builtThere):
            return "\(typeName(component.type)) is built on the main actor, and this resolve runs on another thread"
        case .mainActorIsolated(let component, .sharedThere):
            return "\(typeName(component.type)) is shared as the main actor's and handed out there only, and this "
                + "resolve runs on another thread"
        case .mainActorIsolated(let component, .registeredThere):
            return "\(typeName(component.type)) was registered on the main actor, as an object that is not `Sendable`, "
                + "and is handed out there only; this resolve runs on another thread"
        case .containerReleased(let accessor, _):
            return "the container that made this `\(accessor)` is gone"
        case .madeElsewhere(let component):
            return "\(typeName(component.type)) is made outside the container, which only injects into it"
        case .sharedNotSendable(let component, let lifetime):
            return
                "\(typeName(component.type)) gets the shared lifetime \(lifetime) from a default or from the "
                + "registration it replaces, and nothing says it is safe to share between threads"
        case .notInjectable(let request, nil):
            return "no registration of `\(request)` to inject into"
        case .notInjectable(let request, .some):
            return "`\(request)` is provided through an alias, and `inject(into:)` needs a registration of its own type"
        case .containerShutDown(let request):
            return "`\(request)` was requested after the container's shutdown began"
        case .outsideRequestScope(let component, let ended):
            return ended
                ? "\(typeName(component.type)) is perRequest, and the request scope this resolve runs in has ended"
                : "\(typeName(component.type)) is perRequest, and this resolve runs outside any request scope"
        case .requestInputMissing(let component):
            return "\(typeName(component.type)) is a request input, and the request scope this resolve runs in was not "
                + "given one"
        case .undeclaredRequestInput(let request):
            return "a request scope was given `\(request)`, and no `registerRequestInput` declares it"
        }
    }

    /// Lines naming registrations involved: candidates, near misses, the cycle.
    public var details: [String] {
        switch kind {
        case .notRegistered(_, let similar):
            return similar.map { "similar: \($0)" }
        case .ambiguous(_, let candidates), .multipleDefaults(_, let candidates):
            return candidates.map { "candidate: \(typeName($0.type)) at \($0.site)" }
        case .argumentsTakenByNone(_, _, let candidates):
            return candidates.map {
                "candidate: \(typeName($0.component.type)) at \($0.component.site) takes "
                    + "(\($0.expected.joined(separator: ", ")))"
            }
        case .tooManyTags:
            return []
        case .cycle(let request, let cycle):
            return [
                "cycle: " + Self.abbreviated(cycle.map(\.description) + [request.description]).joined(separator: " -> ")
            ]
        case .aliasCastFailed(let component, let alias, true) where alias.isExistential:
            // A conformance isolated to the main actor holds only there; the cast cannot tell it from none.
            let type = typeName(component.type)
            return [
                "registered at: \(component.site)",
                "off the main actor: if \(type) conforms to `\(alias.typeName)` on the main actor only (`extension \(type): "
                    + "@MainActor \(alias.typeName)`), resolve it there: from `@MainActor` code, or `await` a resolve "
                    + "in a main-actor task",
            ]
        case .aliasCastFailed(let component, _, _), .argumentMismatch(let component, _, _),
            .argumentsUnavailable(let component, _), .storageTypeMismatch(_, let component, _),
            .factoryFailed(let component, _), .cachedArguments(let component, _), .stackExhausted(let component, _),
            .invalidRegistration(let component, _), .asyncFactory(let component, _, _),
            .mainActorIsolated(let component, _), .sharedNotSendable(let component, _),
            .madeElsewhere(let component), .notInjectable(_, .some(let component)),
            .outsideRequestScope(let component, _), .requestInputMissing(let component):
            return ["registered at: \(component.site)"]
        case .notInjectable(_, nil), .containerShutDown, .undeclaredRequestInput:
            return []
        case .containerReleased(_, let madeFor):
            return madeFor.map { ["made for: \(typeName($0.type)) at \($0.site)"] } ?? []
        }
    }

    /// How to fix it.
    public var help: String {
        switch kind {
        case .notRegistered(let request, let similar):
            if let near = similar.first {
                switch near.reason {
                case .differentName(let name):
                    return "resolve it with `name: \"\(name)\"`, or register `\(request.typeName)` without a name"
                case .unnamed:
                    return "resolve it without a name, or add `.as(\(request.metatype), name: "
                        + "\"\(request.name ?? "")\")` to the registration at \(near.component.site)"
                case .optionalOnly:
                    return "register a factory that returns a non-optional `\(request.typeName)`"
                case .untagged(let tags):
                    return "add \(Tags.calls(adding: tags)) to the registration at \(near.component.site)"
                }
            }
            let register =
                "register a component that provides `\(request.typeName)`, or add "
                + "`.as(\(request.metatype))` to a registration whose type implements it"
            // Only a factory parameter can have a default value that the container resolves past.
            guard request.isParameter else { return register }
            return register + "; a parameter with a default value is resolved too: to keep its default, register a "
                + "closure that leaves it out"
        case .ambiguous(let request, _):
            return "mark one registration `.default()`, or give the others names with `.as(\(request.metatype), name:)`"
        case .multipleDefaults:
            return "keep `.default()` on exactly one of them"
        case .cycle(let request, _):
            let type = request.codeSpelling
            return "take `\(request.typeName)` as `Lazy<\(type)>` or `Provider<\(type)>`, or set it "
                + "with `.injection(cycle: true, ...)`, and give the components that meet again a lifetime of "
                + "objectGraph or longer"
        case .aliasCastFailed(let component, let alias, _):
            let name = alias.name.map { ", name: \"\($0)\"" } ?? ""
            return "remove `.as(\(alias.metatype)\(name))` from the registration at \(component.site), or make "
                + "\(typeName(component.type)) conform to it"
        case .argumentMismatch:
            return "pass the arguments in the order and types the factory declares them"
        case .argumentsTakenByNone(let request, let received, _):
            return "pass the arguments one of the candidates takes, in the order and types its factory declares "
                + "them, or register a factory of `\(request.typeName)` that takes (\(received.joined(separator: ", ")))"
        case .tooManyTags:
            return "tag the providers with one tag that stands for several, and ask for that tag"
        case .argumentsUnavailable(let component, _):
            return
                "resolve \(typeName(component.type)) at top level with `resolve(arguments:)` where the arguments are "
                + "known, take it as `Provider<\(codeSpelling(component.type))>` and call `get(arguments:)`, or remove its "
                + "`DIArgument` parameters"
        case .cachedArguments(let component, _):
            return "give the registration at \(component.site) the lifetime prototype or objectGraph"
        case .storageTypeMismatch(let scope, _, _):
            return "make the storage of scope \"\(scope)\" return the objects it was given for each key"
        case .factoryFailed:
            return "see the underlying error; the container passed the factory the dependencies above"
        case .invalidRegistration(let component, _):
            return "correct the builder calls of the registration at \(component.site)"
        case .asyncFactory(let component, let lifetime, let keepsInstances):
            if keepsInstances, lifetime == .perRequest {
                return
                    "resolve it (or what needs it) through the request's scope with `try await scope.resolveAsync()`; "
                    + "a synchronous resolve in that request then reuses it"
            }
            if keepsInstances {
                return "resolve it (or what needs it) with `try await container.resolveAsync()`, or make it at launch "
                    + "with `try await container.initializeSingletonObjectsAsync()`; a synchronous resolve then reuses it"
            }
            return "resolve \(typeName(component.type)) itself with `try await container.resolveAsync()`, or give the "
                + "registration at \(component.site) a lifetime that keeps its instance (perContainer, perRun, single "
                + "or a custom scope), which `resolveAsync` makes before what needs it"
        case .mainActorIsolated(_, .builtThere):
            return "resolve it on the main actor, or with `try await container.resolveAsync()`, which builds it there"
        case .mainActorIsolated(_, .sharedThere):
            return Self.resolveOnTheMainActor
        case .mainActorIsolated(let component, .registeredThere):
            return Self.resolveOnTheMainActor + "; or make \(typeName(component.type)) `Sendable`, which the other "
                + "`registerInstance` shares on any thread"
        case .containerReleased:
            return "keep the container as long as the instances that use its `Lazy` and `Provider`: one made for a "
                + "dependency does not keep its container, so that the instances the container keeps can be released"
        case .sharedNotSendable(let component, let lifetime):
            return DISharing.fix(for: typeName(component.type), lifetime: lifetime, at: component.site)
        case .madeElsewhere(let component):
            let type = typeName(component.type)
            return "depend on what \(type) provides rather than on \(type), or register it with a factory instead of "
                + "`registerInjections(into:)` at \(component.site)"
        case .notInjectable(_, .some(let component)):
            return "call `inject(into:)` with the object typed as \(typeName(component.type)), the type registered at "
                + "\(component.site)"
        case .notInjectable(let request, nil):
            return "register what to inject with `container.registerInjections(into: \(request.metatype))`, then "
                + "`.injection` and `.completion` on it"
        case .outsideRequestScope(let component, _):
            let type = codeSpelling(component.type)
            return "resolve it through the request's scope (`try scope.resolve(\(type).self)` in "
                + "`container.withRequestScope { scope in ... }`), where what it needs is resolved too, or give the "
                + "registration at \(component.site) a lifetime that outlives requests"
        case .requestInputMissing(let component):
            return "give the request's scope its \(typeName(component.type)): `container.withRequestScope(providing: "
                + "...) { scope in ... }` or `DIRequestScope(container:providing:)`, in the request that resolves it"
        case .undeclaredRequestInput(let request):
            let name = request.name.map { ", name: \"\($0)\"" } ?? ""
            return "declare it with `container.registerRequestInput(\(request.metatype)\(name))`, or leave it out of "
                + "`providing:`; a value is the input of its static type (`as any P` for an input declared as `any P`)"
        case .containerShutDown:
            return "resolve what the app needs before calling `shutdown()`, and stop the work that resolves (the "
                + "server's requests, a timer) first; a container that has shut down stays so: make a new one to start again"
        case .stackExhausted:
            return "resolve it on a thread with a larger stack (the main thread has 8 MB), or take a dependency "
                + "along the path as `Lazy` or `Provider` so that what lies beyond it is built later"
        }
    }

    /// The fix for an instance handed out on the main actor only: `resolveAsync` elsewhere would carry it away.
    private static let resolveOnTheMainActor =
        "resolve it, and what needs it, on the main actor: from `@MainActor` code (`resolveAsync` too), or inside "
        + "`await MainActor.run { ... }`; elsewhere an awaiting resolve throws this as well"

    /// The first and last hops of a path too long to read whole (a deep graph's), with how many were left out.
    private static func abbreviated(_ hops: [String]) -> [String] {
        let kept = 8
        guard hops.count > 3 * kept else { return hops }
        return hops.prefix(kept) + ["... \(hops.count - 2 * kept) more ..."] + hops.suffix(kept)
    }

    /// The whole report: code, message, path, registrations involved, fix.
    public var description: String {
        var lines = ["error[\(code)]: \(message)"]
        let hops = path.map(\.description) + (failedRequest.map { [$0] } ?? [])
        lines.append("  path: " + Self.abbreviated(hops).joined(separator: " -> "))
        lines += details.map { "  " + $0 }
        lines.append("  help: " + help)
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
