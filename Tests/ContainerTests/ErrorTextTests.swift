import Testing
import Tether

/// Every kind of `DIError`, and each variant its text depends on, with the report it prints whole: the code, the
/// message, the path and the failed request, the lines naming registrations, and the fix. Apps and CI logs match on
/// these texts (`error[code]`, the help), so a change to how errors are described must leave every one as it is.
@Suite("DIError: the text of every kind stays as it was")
struct ErrorTextTests {
    private final class Mailer {}
    private protocol Sender {}
    private struct Closed: Error {}

    private static let mailer = DIComponentInfo(type: Mailer.self, file: "App/Mail.swift", line: 12)
    private static let other = DIComponentInfo(type: Mailer.self, file: "App/Other.swift", line: 40)
    private static let request = DIRequest(type: Mailer.self)
    private static let parameter = DIRequest(type: Mailer.self, parameter: true)
    private static let named = DIRequest(type: Mailer.self, name: "main")
    private static let sender = DIRequest(type: (any Sender).self)
    private static let namedSender = DIRequest(type: (any Sender).self, name: "bulk")
    private static let step = DIResolutionStep(requested: request, component: mailer, lifetime: .prototype)
    private static let otherStep = DIResolutionStep(requested: named, component: other, lifetime: .objectGraph)

    /// One error of each kind and variant, by a name that says which. Made anew for each use: kept in a static, the
    /// errors' payloads, reached through pointers whose spare bits hold the case, look leaked to LeakSanitizer (ASan).
    static var errors: [(name: String, error: DIError)] {
        [
            ("not registered", DIError(.notRegistered(request, similar: []))),
            ("not registered, a parameter", DIError(.notRegistered(parameter, similar: []), path: [otherStep])),
            (
                "not registered, another name",
                DIError(
                    .notRegistered(request, similar: [DINearMiss(reason: .differentName("main"), component: mailer)]))
            ),
            (
                "not registered, unnamed",
                DIError(.notRegistered(named, similar: [DINearMiss(reason: .unnamed, component: mailer)]))
            ),
            (
                "not registered, optional only",
                DIError(.notRegistered(request, similar: [DINearMiss(reason: .optionalOnly, component: mailer)]))
            ),
            (
                "not registered, untagged",
                DIError(.notRegistered(request, similar: [DINearMiss(reason: .untagged("Urgent"), component: mailer)]))
            ),
            ("ambiguous", DIError(.ambiguous(request, candidates: [mailer, other]), path: [otherStep])),
            ("multiple defaults", DIError(.multipleDefaults(request, candidates: [mailer, other]))),
            ("cycle", DIError(.cycle(request, cycle: [step, otherStep]), path: [step, otherStep])),
            ("cycle, abbreviated", DIError(.cycle(request, cycle: Array(repeating: step, count: 30)))),
            ("alias cast failed", DIError(.aliasCastFailed(mailer, alias: sender, offMainActor: false))),
            ("alias cast failed, named", DIError(.aliasCastFailed(mailer, alias: namedSender, offMainActor: false))),
            (
                "alias cast failed, off the main actor",
                DIError(.aliasCastFailed(mailer, alias: sender, offMainActor: true))
            ),
            (
                "alias cast failed, off the main actor, a class",
                DIError(.aliasCastFailed(mailer, alias: request, offMainActor: true))
            ),
            ("argument mismatch", DIError(.argumentMismatch(mailer, expected: ["String", "Int"], received: ["Int"]))),
            (
                "arguments taken by none",
                DIError(
                    .argumentsTakenByNone(request, received: ["Int"], candidates: [(mailer, ["String"]), (other, [])]))
            ),
            ("too many tags", DIError(.tooManyTags(request, count: 9))),
            ("cached arguments", DIError(.cachedArguments(mailer, lifetime: .perContainer(.strong)))),
            ("arguments unavailable", DIError(.argumentsUnavailable(mailer, expected: ["String"]), path: [otherStep])),
            ("storage type mismatch", DIError(.storageTypeMismatch(scope: "session", component: mailer, found: "Int"))),
            ("factory failed", DIError(.factoryFailed(mailer, underlying: Closed()), path: [otherStep, step])),
            ("stack exhausted", DIError(.stackExhausted(mailer, stackLeft: 40_960), path: [otherStep, step])),
            ("invalid registration", DIError(.invalidRegistration(mailer, problem: "it has no parameter 3"))),
            (
                "async factory, kept, per request",
                DIError(.asyncFactory(mailer, lifetime: .perRequest, keepsInstances: true), path: [step])
            ),
            (
                "async factory, kept",
                DIError(.asyncFactory(mailer, lifetime: .perContainer(.strong), keepsInstances: true), path: [step])
            ),
            (
                "async factory, not kept",
                DIError(.asyncFactory(mailer, lifetime: .prototype, keepsInstances: false), path: [step])
            ),
            ("main actor, built there", DIError(.mainActorIsolated(mailer, reason: .builtThere), path: [step])),
            ("main actor, shared there", DIError(.mainActorIsolated(mailer, reason: .sharedThere))),
            ("main actor, registered there", DIError(.mainActorIsolated(mailer, reason: .registeredThere))),
            ("container released", DIError(.containerReleased(accessor: "Lazy<Mailer>", madeFor: nil))),
            ("container released, made for", DIError(.containerReleased(accessor: "Provider<Mailer>", madeFor: other))),
            ("shared not sendable", DIError(.sharedNotSendable(mailer, lifetime: .perRun(.weak)))),
            ("made elsewhere", DIError(.madeElsewhere(mailer), path: [otherStep, step])),
            ("not injectable", DIError(.notInjectable(request, providedBy: nil))),
            ("not injectable, through an alias", DIError(.notInjectable(sender, providedBy: mailer))),
            ("container shut down", DIError(.containerShutDown(named))),
            ("outside a request scope", DIError(.outsideRequestScope(mailer, scopeEnded: false), path: [step])),
            ("outside a request scope, ended", DIError(.outsideRequestScope(mailer, scopeEnded: true), path: [step])),
            ("request input missing", DIError(.requestInputMissing(mailer), path: [step])),
            ("undeclared request input", DIError(.undeclaredRequestInput(namedSender))),
            ("undeclared request input, unnamed", DIError(.undeclaredRequestInput(sender))),
        ]
    }

    /// The reports, by the names above.
    static let expected: [String: String] = [
        "not registered": """
        error[not-registered]: no registration for `Mailer`
          path: Mailer
          help: register a component that provides `Mailer`, or add `.as(Mailer.self)` to a registration whose \
        type implements it
        """,
        "not registered, a parameter": """
        error[not-registered]: no registration for `Mailer`
          path: Mailer named "main" as Mailer (objectGraph, App/Other.swift:40) -> Mailer
          help: register a component that provides `Mailer`, or add `.as(Mailer.self)` to a registration whose \
        type implements it; a parameter with a default value is resolved too: to keep its default, register a \
        closure that leaves it out
        """,
        "not registered, another name": """
        error[not-registered]: no registration for `Mailer`
          path: Mailer
          similar: Mailer registered under name "main" at App/Mail.swift:12
          help: resolve it with `name: "main"`, or register `Mailer` without a name
        """,
        "not registered, unnamed": """
        error[not-registered]: no registration for `Mailer named "main"`
          path: Mailer named "main"
          similar: Mailer registered without a name at App/Mail.swift:12
          help: resolve it without a name, or add `.as(Mailer.self, name: "main")` to the registration at \
        App/Mail.swift:12
        """,
        "not registered, optional only": """
        error[not-registered]: no registration for `Mailer`
          path: Mailer
          similar: Mailer registered at App/Mail.swift:12 provides only an Optional
          help: register a factory that returns a non-optional `Mailer`
        """,
        "not registered, untagged": """
        error[not-registered]: no registration for `Mailer`
          path: Mailer
          similar: Mailer registered without tag Urgent at App/Mail.swift:12
          help: add `.tag(Urgent.self)` to the registration at App/Mail.swift:12
        """,
        "ambiguous": """
        error[ambiguous-dependency]: 2 registrations provide `Mailer` and none is marked `.default()`
          path: Mailer named "main" as Mailer (objectGraph, App/Other.swift:40) -> Mailer
          candidate: Mailer at App/Mail.swift:12
          candidate: Mailer at App/Other.swift:40
          help: mark one registration `.default()`, or give the others names with `.as(Mailer.self, name:)`
        """,
        "multiple defaults": """
        error[multiple-defaults]: 2 registrations providing `Mailer` are all marked `.default()`
          path: Mailer
          candidate: Mailer at App/Mail.swift:12
          candidate: Mailer at App/Other.swift:40
          help: keep `.default()` on exactly one of them
        """,
        "cycle": """
        error[dependency-cycle]: `Mailer` is needed while it is still being built
          path: Mailer (prototype, App/Mail.swift:12) -> Mailer named "main" as Mailer (objectGraph, \
        App/Other.swift:40) -> Mailer
          cycle: Mailer (prototype, App/Mail.swift:12) -> Mailer named "main" as Mailer (objectGraph, \
        App/Other.swift:40) -> Mailer
          help: take `Mailer` as `Lazy<Mailer>` or `Provider<Mailer>`, or set it with `.injection(cycle: true, \
        ...)`, and give the components that meet again a lifetime of objectGraph or longer
        """,
        "cycle, abbreviated": """
        error[dependency-cycle]: `Mailer` is needed while it is still being built
          path: Mailer
          cycle: Mailer (prototype, App/Mail.swift:12) -> Mailer (prototype, App/Mail.swift:12) -> Mailer \
        (prototype, App/Mail.swift:12) -> Mailer (prototype, App/Mail.swift:12) -> Mailer (prototype, \
        App/Mail.swift:12) -> Mailer (prototype, App/Mail.swift:12) -> Mailer (prototype, App/Mail.swift:12) -> \
        Mailer (prototype, App/Mail.swift:12) -> ... 15 more ... -> Mailer (prototype, App/Mail.swift:12) -> \
        Mailer (prototype, App/Mail.swift:12) -> Mailer (prototype, App/Mail.swift:12) -> Mailer (prototype, \
        App/Mail.swift:12) -> Mailer (prototype, App/Mail.swift:12) -> Mailer (prototype, App/Mail.swift:12) -> \
        Mailer (prototype, App/Mail.swift:12) -> Mailer
          help: take `Mailer` as `Lazy<Mailer>` or `Provider<Mailer>`, or set it with `.injection(cycle: true, \
        ...)`, and give the components that meet again a lifetime of objectGraph or longer
        """,
        "alias cast failed": """
        error[alias-cast-failed]: Mailer registered at App/Mail.swift:12 is not a `Sender`
          path: Sender
          registered at: App/Mail.swift:12
          help: remove `.as((any Sender).self)` from the registration at App/Mail.swift:12, or make Mailer conform \
        to it
        """,
        "alias cast failed, named": """
        error[alias-cast-failed]: Mailer registered at App/Mail.swift:12 is not a `Sender`
          path: Sender named "bulk"
          registered at: App/Mail.swift:12
          help: remove `.as((any Sender).self, name: "bulk")` from the registration at App/Mail.swift:12, or make \
        Mailer conform to it
        """,
        "alias cast failed, off the main actor": """
        error[alias-cast-failed]: Mailer registered at App/Mail.swift:12 is not a `Sender`
          path: Sender
          registered at: App/Mail.swift:12
          off the main actor: if Mailer conforms to `Sender` on the main actor only (`extension Mailer: @MainActor \
        Sender`), resolve it there: from `@MainActor` code, or `await` a resolve in a main-actor task
          help: remove `.as((any Sender).self)` from the registration at App/Mail.swift:12, or make Mailer conform \
        to it
        """,
        "argument mismatch": """
        error[argument-mismatch]: Mailer takes arguments (String, Int) but was given (Int)
          path: Mailer
          registered at: App/Mail.swift:12
          help: pass the arguments in the order and types the factory declares them
        """,
        "arguments taken by none": """
        error[argument-mismatch]: no registration of `Mailer` takes the arguments (Int)
          path: Mailer
          candidate: Mailer at App/Mail.swift:12 takes (String)
          candidate: Mailer at App/Other.swift:40 takes ()
          help: pass the arguments one of the candidates takes, in the order and types its factory declares them, \
        or register a factory of `Mailer` that takes (Int)
        """,
        "too many tags": """
        error[invalid-request]: `Mailer` asks for 9 tags, and a request names at most 3
          path: Mailer
          help: tag the providers with one tag that stands for several, and ask for that tag
        """,
        "cached arguments": """
        error[cached-arguments]: Mailer takes runtime arguments but is cached (perContainer(.strong)), so later \
        arguments would get an instance built with earlier ones
          path: Mailer
          registered at: App/Mail.swift:12
          help: give the registration at App/Mail.swift:12 the lifetime prototype or objectGraph
        """,
        "arguments unavailable": """
        error[arguments-unavailable]: Mailer takes runtime arguments (String) and cannot be injected as a dependency
          path: Mailer named "main" as Mailer (objectGraph, App/Other.swift:40) -> Mailer
          registered at: App/Mail.swift:12
          help: resolve Mailer at top level with `resolve(arguments:)` where the arguments are known, take it as \
        `Provider<Mailer>` and call `get(arguments:)`, or remove its `DIArgument` parameters
        """,
        "storage type mismatch": """
        error[storage-type-mismatch]: scope "session" returned a Int for Mailer
          path: Mailer
          registered at: App/Mail.swift:12
          help: make the storage of scope "session" return the objects it was given for each key
        """,
        "factory failed": """
        error[factory-failed]: the factory of Mailer threw: Closed()
          path: Mailer named "main" as Mailer (objectGraph, App/Other.swift:40) -> Mailer (prototype, \
        App/Mail.swift:12)
          registered at: App/Mail.swift:12
          help: see the underlying error; the container passed the factory the dependencies above
        """,
        "stack exhausted": """
        error[stack-exhausted]: the graph is too deep for this thread's stack: the resolve stopped 2 levels down, \
        at Mailer, with 40 KB of stack left
          path: Mailer named "main" as Mailer (objectGraph, App/Other.swift:40) -> Mailer (prototype, \
        App/Mail.swift:12)
          registered at: App/Mail.swift:12
          help: resolve it on a thread with a larger stack (the main thread has 8 MB), or take a dependency along \
        the path as `Lazy` or `Provider` so that what lies beyond it is built later
        """,
        "invalid registration": """
        error[invalid-registration]: the registration of Mailer is invalid: it has no parameter 3
          path: Mailer
          registered at: App/Mail.swift:12
          help: correct the builder calls of the registration at App/Mail.swift:12
        """,
        "async factory, kept, per request": """
        error[async-factory]: Mailer has an async factory and no instance yet, and a synchronous resolve cannot \
        await it
          path: Mailer (prototype, App/Mail.swift:12)
          registered at: App/Mail.swift:12
          help: resolve it (or what needs it) through the request's scope with `try await scope.resolveAsync()`; a \
        synchronous resolve in that request then reuses it
        """,
        "async factory, kept": """
        error[async-factory]: Mailer has an async factory and no instance yet, and a synchronous resolve cannot \
        await it
          path: Mailer (prototype, App/Mail.swift:12)
          registered at: App/Mail.swift:12
          help: resolve it (or what needs it) with `try await container.resolveAsync()`, or make it at launch with \
        `try await container.initializeSingletonObjectsAsync()`; a synchronous resolve then reuses it
        """,
        "async factory, not kept": """
        error[async-factory]: Mailer has an async factory and the lifetime prototype, so it cannot be made ahead \
        of the components that need it
          path: Mailer (prototype, App/Mail.swift:12)
          registered at: App/Mail.swift:12
          help: resolve Mailer itself with `try await container.resolveAsync()`, or give the registration at \
        App/Mail.swift:12 a lifetime that keeps its instance (perContainer, perRun, single or a custom scope), \
        which `resolveAsync` makes before what needs it
        """,
        "main actor, built there": """
        error[main-actor-isolated]: Mailer is built on the main actor, and this resolve runs on another thread
          path: Mailer (prototype, App/Mail.swift:12)
          registered at: App/Mail.swift:12
          help: resolve it on the main actor, or with `try await container.resolveAsync()`, which builds it there
        """,
        "main actor, shared there": """
        error[main-actor-isolated]: Mailer is shared as the main actor's and handed out there only, and this \
        resolve runs on another thread
          path: Mailer
          registered at: App/Mail.swift:12
          help: resolve it, and what needs it, on the main actor: from `@MainActor` code (`resolveAsync` too), or \
        inside `await MainActor.run { ... }`; elsewhere an awaiting resolve throws this as well
        """,
        "main actor, registered there": """
        error[main-actor-isolated]: Mailer was registered on the main actor, as an object that is not `Sendable`, \
        and is handed out there only; this resolve runs on another thread
          path: Mailer
          registered at: App/Mail.swift:12
          help: resolve it, and what needs it, on the main actor: from `@MainActor` code (`resolveAsync` too), or \
        inside `await MainActor.run { ... }`; elsewhere an awaiting resolve throws this as well; or make Mailer \
        `Sendable`, which the other `registerInstance` shares on any thread
        """,
        "container released": """
        error[container-released]: the container that made this `Lazy<Mailer>` is gone
          path: Lazy<Mailer>
          help: keep the container as long as the instances that use its `Lazy` and `Provider`: one made for a \
        dependency does not keep its container, so that the instances the container keeps can be released
        """,
        "container released, made for": """
        error[container-released]: the container that made this `Provider<Mailer>` is gone
          path: Provider<Mailer>
          made for: Mailer at App/Other.swift:40
          help: keep the container as long as the instances that use its `Lazy` and `Provider`: one made for a \
        dependency does not keep its container, so that the instances the container keeps can be released
        """,
        "shared not sendable": """
        error[shared-not-sendable]: Mailer gets the shared lifetime perRun(.weak) from a default or from the \
        registration it replaces, and nothing says it is safe to share between threads
          path: Mailer
          registered at: App/Mail.swift:12
          help: write the lifetime on the registration at App/Mail.swift:12, `.lifetime(.perRun(.weak))`, which \
        compiles once Mailer is `Sendable` (immutable, its state behind a `Mutex`, an actor, or `@MainActor`); for \
        an object of a `@MainActor` factory, `.lifetime(.perRun(.weak), on: MainActor.self)`; while migrating, \
        `.lifetime(uncheckedSendable: .perRun(.weak))`; or give it `.prototype` or `.objectGraph`
        """,
        "made elsewhere": """
        error[made-elsewhere]: Mailer is made outside the container, which only injects into it
          path: Mailer named "main" as Mailer (objectGraph, App/Other.swift:40) -> Mailer (prototype, \
        App/Mail.swift:12)
          registered at: App/Mail.swift:12
          help: depend on what Mailer provides rather than on Mailer, or register it with a factory instead of \
        `registerInjections(into:)` at App/Mail.swift:12
        """,
        "not injectable": """
        error[not-injectable]: no registration of `Mailer` to inject into
          path: Mailer
          help: register what to inject with `container.registerInjections(into: Mailer.self)`, then `.injection` \
        and `.completion` on it
        """,
        "not injectable, through an alias": """
        error[not-injectable]: `Sender` is provided through an alias, and `inject(into:)` needs a registration of \
        its own type
          path: Sender
          registered at: App/Mail.swift:12
          help: call `inject(into:)` with the object typed as Mailer, the type registered at App/Mail.swift:12
        """,
        "container shut down": """
        error[container-shut-down]: `Mailer named "main"` was requested after the container's shutdown began
          path: Mailer named "main"
          help: resolve what the app needs before calling `shutdown()`, and stop the work that resolves (the \
        server's requests, a timer) first; a container that has shut down stays so: make a new one to start again
        """,
        "outside a request scope": """
        error[outside-request-scope]: Mailer is perRequest, and this resolve runs outside any request scope
          path: Mailer (prototype, App/Mail.swift:12)
          registered at: App/Mail.swift:12
          help: resolve it through the request's scope (`try scope.resolve(Mailer.self)` in \
        `container.withRequestScope { scope in ... }`), where what it needs is resolved too, or give the \
        registration at App/Mail.swift:12 a lifetime that outlives requests
        """,
        "outside a request scope, ended": """
        error[outside-request-scope]: Mailer is perRequest, and the request scope this resolve runs in has ended
          path: Mailer (prototype, App/Mail.swift:12)
          registered at: App/Mail.swift:12
          help: resolve it through the request's scope (`try scope.resolve(Mailer.self)` in \
        `container.withRequestScope { scope in ... }`), where what it needs is resolved too, or give the \
        registration at App/Mail.swift:12 a lifetime that outlives requests
        """,
        "request input missing": """
        error[missing-request-input]: Mailer is a request input, and the request scope this resolve runs in was \
        not given one
          path: Mailer (prototype, App/Mail.swift:12)
          registered at: App/Mail.swift:12
          help: give the request's scope its Mailer: `container.withRequestScope(providing: ...) { scope in ... }` \
        or `DIRequestScope(container:providing:)`, in the request that resolves it
        """,
        "undeclared request input": """
        error[undeclared-request-input]: a request scope was given `Sender named "bulk"`, and no \
        `registerRequestInput` declares it
          path: Sender named "bulk"
          help: declare it with `container.registerRequestInput((any Sender).self, name: "bulk")`, or leave it out \
        of `providing:`; a value is the input of its static type (`as any P` for an input declared as `any P`)
        """,
        "alias cast failed, off the main actor, a class": """
        error[alias-cast-failed]: Mailer registered at App/Mail.swift:12 is not a `Mailer`
          path: Mailer
          registered at: App/Mail.swift:12
          help: remove `.as(Mailer.self)` from the registration at App/Mail.swift:12, or make Mailer conform to it
        """,
        "undeclared request input, unnamed": """
        error[undeclared-request-input]: a request scope was given `Sender`, and no `registerRequestInput` declares it
          path: Sender
          help: declare it with `container.registerRequestInput((any Sender).self)`, or leave it out of `providing:`; \
        a value is the input of its static type (`as any P` for an input declared as `any P`)
        """,
    ]

    @Test(arguments: errors.map(\.name))
    func everyKindPrintsItsReportAsBefore(named name: String) throws {
        let error = try #require(Self.errors.first { $0.name == name }?.error)
        #expect(error.description == Self.expected[name], "\(name)")
    }
}
