import Testing
import Tether
import TetherValidation

@Suite("undisposed-disposable: a DIDisposable the container keeps no instance of")
struct UndisposedDisposableTests {
    final class Connection: DIDisposable {
        func dispose() async throws {}
    }
    final class Pool: DIDisposable {
        init(connection: Connection) {}
        func dispose() async throws {}
    }
    final class Request {
        init(connection: Connection) {}
    }

    private func findings(_ container: DIContainer) -> [DIFinding] {
        container.validationReport().findings.filter { $0.code == .undisposedDisposable }
    }

    @Test func aPrototypeDisposableIsAWarningThatNamesItsLineAndTheFix() {
        let container = DIContainer()
        let line = #line + 1
        container.register(Connection.init)
        let found = findings(container)
        #expect(found.count == 1)
        #expect(found.first?.severity == .warning)
        #expect(
            found.first?.description == """
                warning[undisposed-disposable]: Connection is DIDisposable, and with the lifetime prototype nobody \
                disposes it
                  --> \(#fileID):\(line) (lifetime of Connection)
                  why: shutdown() disposes only the instances the container keeps, and it keeps no Connection
                  help: give it a strong lifetime the container keeps (`.lifetime(.perContainer(.strong))`, \
                `.perRun(.strong)`, `.single`), or dispose each instance where it is used
                """)
    }

    @Test(arguments: [DILifeTime.perContainer(.weak), .perRun(.weak)])
    func aWeakLifetimeOfADisposableIsAWarning(lifetime: DILifeTime) {
        let container = DIContainer()
        container.register(Connection.init).lifetime(lifetime)
        #expect(findings(container).count == 1)
    }

    @Test(arguments: [DILifeTime.perContainer(.strong), .perRun(.strong), .single])
    func aStrongLifetimeTheContainerKeepsIsNoFinding(lifetime: DILifeTime) {
        let container = DIContainer()
        container.register(Connection.init).lifetime(lifetime)
        #expect(findings(container).isEmpty)
    }

    @Test func anObjectGraphDisposableIsAWarningOnlyWhereNoKeptComponentHoldsIt() {
        let held = DIContainer()
        held.register(Connection.init).lifetime(.objectGraph)
        held.register(Pool.init(connection:)).lifetime(.perContainer(.strong))
        #expect(findings(held).isEmpty)

        let loose = DIContainer()
        loose.register(Connection.init).lifetime(.objectGraph)
        loose.register(Request.init(connection:))
        #expect(findings(loose).map(\.component?.info.type).count == 1)
    }

    @Test func anInstanceGivenToRegisterInstanceIsItsOwnersAndNoFinding() {
        let container = DIContainer()
        container.registerInstance(Connection())
        #expect(findings(container).isEmpty)
    }

    protocol Session: DIDisposable {}
    /// Refines `DIDisposable` through `Session`.
    protocol Channel: Session, AnyObject {}
    protocol Named: Sendable {}
    final class LiveSession: Channel, Named {
        func dispose() async throws {}
    }
    class DisposableBase: DIDisposable, @unchecked Sendable {
        func dispose() async throws {}
    }
    final class Socket: DisposableBase, Named, @unchecked Sendable {}

    @Test(arguments: [DILifeTime.prototype, .objectGraph])
    func aComponentRegisteredAsAProtocolThatRefinesDIDisposableIsAWarning(lifetime: DILifeTime) {
        let container = DIContainer()
        let line = #line + 1
        container.register { () -> any Session in LiveSession() }.lifetime(lifetime)
        let found = findings(container)
        #expect(
            found.map(\.message) == ["Session is DIDisposable, and with the lifetime \(lifetime) nobody disposes it"])
        #expect(found.first?.location?.line == line)
    }

    @Test func aProtocolThatRefinesDIDisposableThroughAnotherOrInACompositionIsAWarning() {
        let container = DIContainer()
        container.register { () -> any Channel in LiveSession() }
        container.register { () -> any Named & Session in LiveSession() }
        container.register { () -> any DisposableBase & Named in Socket() }
        #expect(findings(container).count == 3)
    }

    @Test func aProtocolThatDoesNotRefineDIDisposableIsNoFinding() {
        let container = DIContainer()
        container.register { () -> any Named in LiveSession() }
        #expect(findings(container).isEmpty)
    }

    @Test(arguments: [DILifeTime.prototype, .objectGraph])
    func aComponentProvidedAsAProtocolThatRefinesDIDisposableIsAWarningThatNamesThatType(lifetime: DILifeTime) {
        let container = DIContainer()
        let line = #line + 1
        container.register { () -> any Named in LiveSession() }.as((any Session).self).lifetime(lifetime)
        let found = findings(container)
        #expect(
            found.map(\.message) == [
                "Named (provided as Session) is DIDisposable, and with the lifetime \(lifetime) nobody disposes it"
            ])
        #expect(found.first?.location?.line == line)
        #expect(found.first?.path.map(\.type) == ["Named"])
    }

    @Test func aComponentProvidedAsAProtocolThatDoesNotRefineDIDisposableIsNoFinding() {
        let container = DIContainer()
        container.register { () -> any Named in LiveSession() }.as((any Sendable).self)
        #expect(findings(container).isEmpty)
    }
}
