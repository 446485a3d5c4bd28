import Testing
import Tether
import TetherTestSupport

@Suite("Request inputs: values a request scope is given, which its components take")
struct RequestInputTests {
    /// A value, as Hummingbird's `Request` and swift-log's `Logger` are.
    struct User: Sendable {
        let name: String
    }

    final class Orders: Sendable {
        let user: User
        init(user: User) { self.user = user }
    }

    protocol Greeting: Sendable {
        var text: String { get }
    }
    struct Hello: Greeting {
        let text = "hello"
    }

    /// Given to a scope, which must not dispose it: it did not make it.
    final class Connection: DIDisposable {
        let disposals: MessageLog
        init(disposals: MessageLog) { self.disposals = disposals }
        func dispose() async throws { disposals.append("connection") }
    }

    private func container() -> DIContainer {
        let container = DIContainer()
        container.registerRequestInput(User.self)
        container.register(Orders.init(user:)).lifetime(.perRequest)
        return container
    }

    @Test func eachRequestsComponentsGetItsOwnValueAndOneInstanceWithinIt() async throws {
        let container = container()
        let (ann, again) = try await container.withRequestScope(providing: User(name: "ann")) { scope in
            (try scope.resolve(Orders.self), try scope.resolve(Orders.self))
        }
        let bob = try await container.withRequestScope(providing: User(name: "bob")) { scope in
            try scope.resolve(Orders.self)
        }
        #expect(ann === again)
        #expect(ann.user.name == "ann")
        #expect(bob.user.name == "bob")
        #expect(bob !== ann)
    }

    @Test func severalInputsNamedOnesAndExistentialsAreGivenTogether() throws {
        let container = DIContainer()
        container.registerRequestInput(User.self)
        container.registerRequestInput(String.self, name: "tenant")
        container.registerRequestInput((any Greeting).self)
        let scope = try DIRequestScope(
            container: container,
            providing: User(name: "ann"), DIRequestInput("acme", name: "tenant"), Hello() as any Greeting)
        #expect(try scope.resolve(User.self).name == "ann")
        #expect(try scope.resolve(String.self, name: "tenant") == "acme")
        #expect(try scope.resolve((any Greeting).self).text == "hello")
    }

    @Test func aComponentTakingAnInputTheScopeWasNotGivenSaysWhatToGiveIt() throws {
        let container = DIContainer()
        let inputLine = #line + 1
        container.registerRequestInput(User.self)
        let line = #line + 1
        container.register(Orders.init(user:)).lifetime(.perRequest)
        let scope = DIRequestScope(container: container)
        let error = #expect(throws: DIError.self) { try scope.resolve(Orders.self) }
        #expect(error?.code == "missing-request-input")
        #expect(
            error?.description == """
                error[missing-request-input]: User is a request input, and the request scope this resolve runs in was \
                not given one
                  path: Orders (perRequest, \(#fileID):\(line)) -> User (perRequest, \(#fileID):\(inputLine))
                  registered at: \(#fileID):\(inputLine)
                  help: give the request's scope its User: `container.withRequestScope(providing: ...) { scope in ... }` \
                or `DIRequestScope(container:providing:)`, in the request that resolves it
                """)
    }

    @Test func aValueNoDeclarationTakesIsRefusedWhenTheScopeIsMade() async throws {
        let container = container()
        let error = #expect(throws: DIError.self) { try DIRequestScope(container: container, providing: 42) }
        #expect(error?.code == "undeclared-request-input")
        #expect(
            error?.description == """
                error[undeclared-request-input]: a request scope was given `Int`, and no `registerRequestInput` \
                declares it
                  path: Int
                  help: declare it with `container.registerRequestInput(Int.self)`, or leave it out of `providing:`; a \
                value is the input of its static type (`as any P` for an input declared as `any P`)
                """)
        let ran = Counter()
        await #expect(throws: DIError.self) {
            try await container.withRequestScope(providing: User(name: "ann"), "tenant") { _ in ran.increment() }
        }
        #expect(ran.count == 0)
        // Declared under a name, a value given without it is not that input.
        container.registerRequestInput(String.self, name: "tenant")
        #expect(throws: DIError.self) { try DIRequestScope(container: container, providing: "acme") }
        _ = try DIRequestScope(container: container, providing: DIRequestInput("acme", name: "tenant"))
    }

    @Test func anInputOutsideAnyScopeOrAfterItsEndIsOutsideTheRequestScope() async throws {
        let container = container()
        let outside = #expect(throws: DIError.self) { try container.resolveOrThrow(User.self) }
        #expect(outside?.code == "outside-request-scope")
        let scope = try DIRequestScope(container: container, providing: User(name: "ann"))
        await scope.end()
        let ended = #expect(throws: DIError.self) { try scope.resolve(User.self) }
        #expect(ended?.message == "User is perRequest, and the request scope this resolve runs in has ended")
    }

    @Test func theScopeDoesNotDisposeAnInputItWasGiven() async throws {
        let disposals = MessageLog()
        let container = DIContainer()
        container.registerRequestInput(Connection.self)
        let connection = Connection(disposals: disposals)
        let scope = try DIRequestScope(container: container, providing: connection)
        #expect(try scope.resolve(Connection.self) === connection)
        #expect(await scope.end().disposed.isEmpty)
        #expect(disposals.messages.isEmpty)
    }

    @Test func theSnapshotShowsARequestInputAndALifetimeOnItIsRefused() throws {
        let container = container()
        let input = try #require(container.registrySnapshot().components.first { $0.typeName == "User" })
        #expect(input.factoryKind == .requestInput)
        #expect(input.factoryKind.description == "request input")
        #expect(input.lifetime == .perRequest)
        container.registerRequestInput(Hello.self).lifetime(.perContainer(.strong))
        let scope = try DIRequestScope(container: container, providing: Hello())
        let error = #expect(throws: DIError.self) { try scope.resolve(Hello.self) }
        #expect(error?.code == "invalid-registration")
    }
}

@Suite("Async perRequest: an async factory made once per request through its scope, disposed when it ends")
struct AsyncPerRequestTests {
    typealias UnitOfWork = RequestScopeTests.UnitOfWork
    typealias Repository = RequestScopeTests.Repository

    /// A perRequest component with nothing to dispose, resolved to learn whether the scope has ended.
    final class Probe: Sendable {}

    private func container(_ disposals: MessageLog, made: Counter = Counter()) -> DIContainer {
        let container = DIContainer()
        container.register { () async throws -> UnitOfWork in
            made.increment()
            await Task.yield()
            return UnitOfWork(disposals: disposals)
        }.lifetime(.perRequest)
        container.register(Repository.init(work:)).lifetime(.perRequest)
        return container
    }

    @Test func aRequestMakesItOnceAndAnotherRequestItsOwnDisposingEachInOrder() async throws {
        let disposals = MessageLog()
        let container = container(disposals)
        let scope = DIRequestScope(container: container)
        let repository = try await scope.resolveAsync(Repository.self)
        #expect(try await scope.resolveAsync(UnitOfWork.self) === repository.work)
        // A synchronous resolve in the request reuses what it made.
        #expect(try scope.resolve(Repository.self) === repository)
        let report = await scope.end()
        #expect(disposals.messages == ["repository", "unit of work"])
        #expect(report.disposed.map { "\($0.type)" } == ["Repository", "UnitOfWork"])
        let other = try await container.withRequestScope { scope in try await scope.resolveAsync(Repository.self) }
        #expect(other.work !== repository.work)
        #expect(disposals.messages.count == 4)
    }

    @Test func tasksOfOneRequestAskingAtOnceGetOneInstance() async throws {
        let made = Counter()
        let container = container(MessageLog(), made: made)
        for round in 0..<50 {
            let scope = DIRequestScope(container: container)
            let seen = try await withThrowingTaskGroup(of: ObjectIdentifier.self) { group in
                for _ in 0..<6 {
                    group.addTask { ObjectIdentifier(try await scope.resolveAsync(UnitOfWork.self)) }
                }
                return try await group.reduce(into: Set<ObjectIdentifier>()) { $0.insert($1) }
            }
            #expect(seen.count == 1, "round \(round)")
            #expect(await scope.end().disposed.count == 1)
        }
        #expect(made.count == 50)
    }

    @Test func aSynchronousResolveBeforeItIsMadeSaysToAwaitItThroughTheScope() async throws {
        let container = container(MessageLog())
        let scope = DIRequestScope(container: container)
        let error = try #require(#expect(throws: DIError.self) { try scope.resolve(Repository.self) })
        #expect(error.message.hasPrefix("UnitOfWork has an async factory and no instance yet"))
        #expect(
            error.help == "resolve it (or what needs it) through the request's scope with `try await "
                + "scope.resolveAsync()`; a synchronous resolve in that request then reuses it")
        await scope.end()
    }

    @Test func outsideAnyScopeItIsRefusedBeforeItsFactoryRuns() async throws {
        let made = Counter()
        let container = container(MessageLog(), made: made)
        let error = await #expect(throws: DIError.self) { try await container.resolveAsync(Repository.self) }
        #expect(error?.code == "outside-request-scope")
        #expect(error?.path.map(\.requested.typeName) == ["Repository", "UnitOfWork"])
        let own = await #expect(throws: DIError.self) { try await container.resolveAsync(UnitOfWork.self) }
        #expect(own?.code == "outside-request-scope")
        #expect(made.count == 0)
    }

    @Test func anAsyncFactoryTakesTheRequestsInputs() async throws {
        struct User: Sendable {
            let name: String
        }
        final class Session: Sendable {
            let user: User
            init(user: User) { self.user = user }
        }
        let container = DIContainer()
        container.registerRequestInput(User.self)
        container.register { (user: User) async throws -> Session in Session(user: user) }.lifetime(.perRequest)
        let name = try await container.withRequestScope(providing: User(name: "ann")) { scope in
            try await scope.resolveAsync(Session.self).user.name
        }
        #expect(name == "ann")
    }

    @Test func anAsyncMakeRunningWhenTheRequestEndsIsDisposedOnceAndNotHandedOut() async throws {
        let disposals = MessageLog()
        let gate = AsyncGate()
        let container = DIContainer()
        container.register(Probe.init).lifetime(.perRequest)
        container.register { () async throws -> UnitOfWork in
            await gate.enterAndWait()
            return UnitOfWork(disposals: disposals)
        }.lifetime(.perRequest)
        let scope = DIRequestScope(container: container)
        let resolving = Task { () async -> String in
            do throws(DIError) {
                _ = try await scope.resolveAsync(UnitOfWork.self)
                return "handed out"
            } catch {
                return error.code
            }
        }
        await gate.waitUntilEntered()
        let ending = Task {
            let report = await scope.end()
            disposals.append("end returned")
            return report
        }
        // The end has begun once a resolve of a perRequest component through the scope is refused.
        while (try? scope.resolve(Probe.self)) != nil { await Task.yield() }
        await gate.release()
        let report = await ending.value
        #expect(await resolving.value == "outside-request-scope")
        #expect(disposals.messages == ["unit of work", "end returned"])
        #expect(report.disposed.map { "\($0.type)" } == ["UnitOfWork"])
    }
}

/// A factory's await that the test ends: `enterAndWait` suspends until `release`, and `waitUntilEntered` returns once
/// a factory has entered. Continuations, not sleeps.
actor AsyncGate {
    private var entered = false
    private var released = false
    private var enteredWaiters: [CheckedContinuation<Void, Never>] = []
    private var releaseWaiters: [CheckedContinuation<Void, Never>] = []

    func enterAndWait() async {
        entered = true
        for waiter in enteredWaiters { waiter.resume() }
        enteredWaiters = []
        if released { return }
        await withCheckedContinuation { releaseWaiters.append($0) }
    }

    func waitUntilEntered() async {
        if entered { return }
        await withCheckedContinuation { enteredWaiters.append($0) }
    }

    func release() {
        released = true
        for waiter in releaseWaiters { waiter.resume() }
        releaseWaiters = []
    }
}
