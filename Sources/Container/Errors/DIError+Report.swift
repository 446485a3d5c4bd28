extension DIError {
    /// What a report says of an error, in the parts `code`, `failedRequest`, `message`, `details` and `help` read.
    struct Report {
        /// See `DIError.code`.
        let code: String
        /// See `DIError.failedRequest`.
        let failedRequest: String?
        /// See `DIError.message`.
        let message: String
        /// See `DIError.details`.
        let details: [String]
        /// See `DIError.help`.
        let help: String
    }

    /// The report of this error: one case per kind, its code, message, lines and fix side by side, so that a kind is
    /// described in one place and its parts cannot disagree.
    var report: Report {
        switch kind {
        case .notRegistered(let request, let similar):
            return Report(
                code: "not-registered", failedRequest: request.description,
                message: "no registration for `\(request)`", details: similar.map { "similar: \($0)" },
                help: Self.notRegisteredHelp(request, similar))
        case .ambiguous(let request, let candidates):
            return Report(
                code: "ambiguous-dependency", failedRequest: request.description,
                message: "\(candidates.count) registrations provide `\(request)` and none is marked `.default()`",
                details: Self.candidates(candidates),
                help: "mark one registration `.default()`, or give the others names with "
                    + "`.as(\(request.metatype), name:)`"
            )
        case .multipleDefaults(let request, let candidates):
            return Report(
                code: "multiple-defaults", failedRequest: request.description,
                message: "\(candidates.count) registrations providing `\(request)` are all marked `.default()`",
                details: Self.candidates(candidates), help: "keep `.default()` on exactly one of them")
        case .cycle(let request, let cycle):
            let type = request.codeSpelling
            return Report(
                code: "dependency-cycle", failedRequest: request.description,
                message: "`\(request)` is needed while it is still being built",
                details: [
                    "cycle: "
                        + Self.abbreviated(cycle.map(\.description) + [request.description]).joined(separator: " -> ")
                ],
                help: "take `\(request.typeName)` as `Lazy<\(type)>` or `Provider<\(type)>`, or set it "
                    + "with `.injection(cycle: true, ...)`, and give the components that meet again a lifetime of "
                    + "objectGraph or longer")
        case .aliasCastFailed(let component, let alias, let offMainActor):
            let type = typeName(component.type)
            let name = alias.name.map { ", name: \"\($0)\"" } ?? ""
            // A conformance isolated to the main actor holds only there; the cast cannot tell it from none.
            let isolated =
                offMainActor && alias.isExistential
                ? [
                    "off the main actor: if \(type) conforms to `\(alias.typeName)` on the main actor only (`extension "
                        + "\(type): @MainActor \(alias.typeName)`), resolve it there: from `@MainActor` code, or "
                        + "`await` a resolve in a main-actor task"
                ] : []
            return Report(
                code: "alias-cast-failed", failedRequest: alias.description,
                message: "\(type) registered at \(component.site) is not a `\(alias.typeName)`",
                details: Self.registered(component) + isolated,
                help: "remove `.as(\(alias.metatype)\(name))` from the registration at \(component.site), or make "
                    + "\(type) conform to it")
        case .argumentMismatch(let component, let expected, let received):
            return Report(
                code: "argument-mismatch", failedRequest: typeName(component.type),
                message: "\(typeName(component.type)) takes arguments (\(expected.joined(separator: ", "))) "
                    + "but was given (\(received.joined(separator: ", ")))",
                details: Self.registered(component),
                help: "pass the arguments in the order and types the factory declares them")
        case .argumentsTakenByNone(let request, let received, let candidates):
            let arguments = received.joined(separator: ", ")
            return Report(
                code: "argument-mismatch", failedRequest: request.description,
                message: "no registration of `\(request)` takes the arguments (\(arguments))",
                details: candidates.map {
                    "candidate: \(typeName($0.component.type)) at \($0.component.site) takes "
                        + "(\($0.expected.joined(separator: ", ")))"
                },
                help: "pass the arguments one of the candidates takes, in the order and types its factory declares "
                    + "them, or register a factory of `\(request.typeName)` that takes (\(arguments))")
        case .tooManyTags(let request, let count):
            return Report(
                code: "invalid-request", failedRequest: request.description,
                message: "`\(request)` asks for \(count) tags, and a request names at most \(Tags.maximumCombined)",
                details: [], help: "tag the providers with one tag that stands for several, and ask for that tag")
        case .cachedArguments(let component, let lifetime):
            return Report(
                code: "cached-arguments", failedRequest: typeName(component.type),
                message: "\(typeName(component.type)) takes runtime arguments but is cached (\(lifetime)), so later "
                    + "arguments would get an instance built with earlier ones",
                details: Self.registered(component),
                help: "give the registration at \(component.site) the lifetime prototype or objectGraph")
        case .argumentsUnavailable(let component, let expected):
            return Report(
                code: "arguments-unavailable", failedRequest: typeName(component.type),
                message: "\(typeName(component.type)) takes runtime arguments (\(expected.joined(separator: ", "))) "
                    + "and cannot be injected as a dependency",
                details: Self.registered(component),
                help: "resolve \(typeName(component.type)) at top level with `resolve(arguments:)` where the "
                    + "arguments are known, take it as `Provider<\(codeSpelling(component.type))>` and call "
                    + "`get(arguments:)`, or remove its `DIArgument` parameters")
        case .storageTypeMismatch(let scope, let component, let found):
            return Report(
                code: "storage-type-mismatch", failedRequest: typeName(component.type),
                message: "scope \"\(scope)\" returned a \(found) for \(typeName(component.type))",
                details: Self.registered(component),
                help: "make the storage of scope \"\(scope)\" return the objects it was given for each key")
        case .factoryFailed(let component, let underlying):
            return Report(
                code: "factory-failed", failedRequest: nil,
                message: "the factory of \(typeName(component.type)) threw: \(underlying)",
                details: Self.registered(component),
                help: "see the underlying error; the container passed the factory the dependencies above")
        case .stackExhausted(let component, let stackLeft):
            return Report(
                code: "stack-exhausted", failedRequest: nil,
                message: "the graph is too deep for this thread's stack: the resolve stopped \(path.count) levels "
                    + "down, at \(typeName(component.type)), with \(stackLeft >> 10) KB of stack left",
                details: Self.registered(component),
                help: "resolve it on a thread with a larger stack (the main thread has 8 MB), or take a dependency "
                    + "along the path as `Lazy` or `Provider` so that what lies beyond it is built later")
        case .invalidRegistration(let component, let problem):
            return Report(
                code: "invalid-registration", failedRequest: typeName(component.type),
                message: "the registration of \(typeName(component.type)) is invalid: \(problem)",
                details: Self.registered(component),
                help: "correct the builder calls of the registration at \(component.site)")
        case .asyncFactory(let component, let lifetime, let keepsInstances):
            let type = typeName(component.type)
            return Report(
                code: "async-factory", failedRequest: nil,
                message: keepsInstances
                    ? "\(type) has an async factory and no instance yet, and a synchronous resolve cannot await it"
                    : "\(type) has an async factory and the lifetime \(lifetime), so it cannot be made ahead of the "
                        + "components that need it",
                details: Self.registered(component),
                help: Self.asyncFactoryHelp(component, lifetime: lifetime, keepsInstances: keepsInstances))
        case .mainActorIsolated(let component, let reason):
            let type = typeName(component.type)
            let message: String
            let help: String
            switch reason {
            case .builtThere:
                message = "\(type) is built on the main actor, and this resolve runs on another thread"
                help =
                    "resolve it on the main actor, or with `try await container.resolveAsync()`, which builds it "
                    + "there"
            case .sharedThere:
                message =
                    "\(type) is shared as the main actor's and handed out there only, and this resolve runs "
                    + "on another thread"
                help = Self.resolveOnTheMainActor
            case .registeredThere:
                message =
                    "\(type) was registered on the main actor, as an object that is not `Sendable`, and is "
                    + "handed out there only; this resolve runs on another thread"
                help =
                    Self.resolveOnTheMainActor + "; or make \(type) `Sendable`, which the other "
                    + "`registerInstance` shares on any thread"
            }
            // Built there, it fails inside the path's last step; otherwise it is refused before it is entered, as the
            // instance is handed out.
            return Report(
                code: "main-actor-isolated", failedRequest: reason == .builtThere ? nil : type, message: message,
                details: Self.registered(component), help: help)
        case .containerReleased(let accessor, let madeFor):
            return Report(
                code: "container-released", failedRequest: accessor,
                message: "the container that made this `\(accessor)` is gone",
                details: madeFor.map { ["made for: \(typeName($0.type)) at \($0.site)"] } ?? [],
                help: "keep the container as long as the instances that use its `Lazy` and `Provider`: one made for a "
                    + "dependency does not keep its container, so that the instances the container keeps can be "
                    + "released")
        case .sharedNotSendable(let component, let lifetime):
            return Report(
                code: "shared-not-sendable", failedRequest: typeName(component.type),
                message: "\(typeName(component.type)) gets the shared lifetime \(lifetime) from a default or from the "
                    + "registration it replaces, and nothing says it is safe to share between threads",
                details: Self.registered(component),
                help: DISharing.fix(for: typeName(component.type), lifetime: lifetime, at: component.site))
        case .madeElsewhere(let component):
            let type = typeName(component.type)
            return Report(
                code: "made-elsewhere", failedRequest: nil,
                message: "\(type) is made outside the container, which only injects into it",
                details: Self.registered(component),
                help: "depend on what \(type) provides rather than on \(type), or register it with a factory instead "
                    + "of `registerInjections(into:)` at \(component.site)")
        case .notInjectable(let request, nil):
            return Report(
                code: "not-injectable", failedRequest: request.description,
                message: "no registration of `\(request)` to inject into", details: [],
                help: "register what to inject with `container.registerInjections(into: \(request.metatype))`, then "
                    + "`.injection` and `.completion` on it")
        case .notInjectable(let request, .some(let component)):
            return Report(
                code: "not-injectable", failedRequest: request.description,
                message: "`\(request)` is provided through an alias, and `inject(into:)` needs a registration of its "
                    + "own type",
                details: Self.registered(component),
                help: "call `inject(into:)` with the object typed as \(typeName(component.type)), the type registered "
                    + "at \(component.site)")
        case .containerShutDown(let request):
            return Report(
                code: "container-shut-down", failedRequest: request.description,
                message: "`\(request)` was requested after the container's shutdown began", details: [],
                help: "resolve what the app needs before calling `shutdown()`, and stop the work that resolves (the "
                    + "server's requests, a timer) first; a container that has shut down stays so: make a new one to "
                    + "start again")
        case .outsideRequestScope(let component, let ended):
            let type = typeName(component.type)
            return Report(
                code: "outside-request-scope", failedRequest: nil,
                message: ended
                    ? "\(type) is perRequest, and the request scope this resolve runs in has ended"
                    : "\(type) is perRequest, and this resolve runs outside any request scope",
                details: Self.registered(component),
                help:
                    "resolve it through the request's scope (`try scope.resolve(\(codeSpelling(component.type)).self)` "
                    + "in `container.withRequestScope { scope in ... }`), where what it needs is resolved too, or "
                    + "give the registration at \(component.site) a lifetime that outlives requests")
        case .requestInputMissing(let component):
            let type = typeName(component.type)
            return Report(
                code: "missing-request-input", failedRequest: nil,
                message: "\(type) is a request input, and the request scope this resolve runs in was not given one",
                details: Self.registered(component),
                help: "give the request's scope its \(type): `container.withRequestScope(providing: ...) { scope in "
                    + "... }` or `DIRequestScope(container:providing:)`, in the request that resolves it")
        case .undeclaredRequestInput(let request):
            let name = request.name.map { ", name: \"\($0)\"" } ?? ""
            return Report(
                code: "undeclared-request-input", failedRequest: request.description,
                message: "a request scope was given `\(request)`, and no `registerRequestInput` declares it",
                details: [],
                help: "declare it with `container.registerRequestInput(\(request.metatype)\(name))`, or leave it out "
                    + "of `providing:`; a value is the input of its static type (`as any P` for an input declared as "
                    + "`any P`)")
        }
    }

    /// The line naming the registration involved, which most kinds print.
    private static func registered(_ component: DIComponentInfo) -> [String] {
        ["registered at: \(component.site)"]
    }

    /// A line per registration that could have provided the request.
    private static func candidates(_ candidates: [DIComponentInfo]) -> [String] {
        candidates.map { "candidate: \(typeName($0.type)) at \($0.site)" }
    }

    /// The fix for a request nothing provides: the nearest miss's, or registering a provider.
    private static func notRegisteredHelp(_ request: DIRequest, _ similar: [DINearMiss]) -> String {
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
    }

    /// The fix for an async factory a resolve could not await: where it can be awaited, or made ahead.
    private static func asyncFactoryHelp(
        _ component: DIComponentInfo, lifetime: DILifeTime, keepsInstances: Bool
    ) -> String {
        if keepsInstances, lifetime == .perRequest {
            return "resolve it (or what needs it) through the request's scope with `try await scope.resolveAsync()`; "
                + "a synchronous resolve in that request then reuses it"
        }
        if keepsInstances {
            return "resolve it (or what needs it) with `try await container.resolveAsync()`, or make it at launch "
                + "with `try await container.initializeSingletonObjectsAsync()`; a synchronous resolve then reuses it"
        }
        return "resolve \(typeName(component.type)) itself with `try await container.resolveAsync()`, or give the "
            + "registration at \(component.site) a lifetime that keeps its instance (perContainer, perRun, single "
            + "or a custom scope), which `resolveAsync` makes before what needs it"
    }

    /// The fix for an instance handed out on the main actor only: `resolveAsync` elsewhere would carry it away.
    private static let resolveOnTheMainActor =
        "resolve it, and what needs it, on the main actor: from `@MainActor` code (`resolveAsync` too), or inside "
        + "`await MainActor.run { ... }`; elsewhere an awaiting resolve throws this as well"

    /// The first and last hops of a path too long to read whole (a deep graph's), with how many were left out.
    static func abbreviated(_ hops: [String]) -> [String] {
        let kept = 8
        guard hops.count > 3 * kept else { return hops }
        return hops.prefix(kept) + ["... \(hops.count - 2 * kept) more ..."] + hops.suffix(kept)
    }
}
