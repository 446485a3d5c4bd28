import Testing
import Tether

/// What a Swinject app passes to its view models at resolve (`r.resolve(VM.self, argument: injectable)`).
struct Injectable: Sendable {
    let id: Int
}
final class ProfileUseCases: Sendable {}
final class ProfileModel: Sendable {
    let useCases: ProfileUseCases
    let injectable: Injectable
    init(useCases: ProfileUseCases, injectable: Injectable) {
        (self.useCases, self.injectable) = (useCases, injectable)
    }
}
final class Session: Sendable {}
final class SessionModel: Sendable {
    let session: Session
    let title: String
    init(session: Session, useCases: ProfileUseCases, title: String) { (self.session, self.title) = (session, title) }
}

@Suite("An initializer parameter marked as a runtime argument")
struct ArgumentParameterTests {
    static func container() -> DIContainer {
        let container = DIContainer()
        container.register(ProfileUseCases.init).lifetime(.perContainer(.strong))
        container.register(ProfileModel.init(useCases:injectable:)).argument(at: 1)
        return container
    }

    @Test func aParameterMarkedAsAnArgumentIsTheValuePassedAtResolve() throws {
        let container = Self.container()
        let model = try container.resolveOrThrow(ProfileModel.self, arguments: Injectable(id: 7))
        #expect(model.injectable.id == 7)
        #expect(model.useCases === (try container.resolveOrThrow(ProfileUseCases.self)), "the others are resolved")
        let provider = try container.resolveOrThrow(Provider<ProfileModel>.self)
        #expect(try provider.get(arguments: Injectable(id: 8)).injectable.id == 8)
    }

    @Test func classParametersMarkedAsArgumentsAreTheObjectsPassedInParameterOrder() throws {
        let container = Self.container()
        container.register(SessionModel.init(session:useCases:title:)).argument(at: 2).argument(at: 0)
        let session = Session()
        let model = try container.resolveOrThrow(SessionModel.self, arguments: session, "Inbox")
        #expect(model.session === session)
        #expect(model.title == "Inbox")
        let snapshot = try #require(container.registrySnapshot().components.last)
        #expect(snapshot.dependencies.map(\.kind) == [.argument, .plain, .argument])
    }

    @Test func aMarkedArgumentIsCheckedAsADIArgumentIs() throws {
        let container = Self.container()
        let missing = try #require(throws: DIError.self) { try container.resolveOrThrow(ProfileModel.self) }
        #expect(missing.code == "argument-mismatch")
        #expect(missing.message == "ProfileModel takes arguments (Injectable) but was given ()")
        let wrong = try #require(throws: DIError.self) { try container.resolveOrThrow(ProfileModel.self, arguments: 3) }
        #expect(wrong.message == "ProfileModel takes arguments (Injectable) but was given (Int)")
    }

    @Test func anArgumentIndexPastTheParametersIsAnInvalidRegistration() throws {
        let container = DIContainer()
        container.register(ProfileUseCases.init)
        container.register(ProfileModel.init(useCases:injectable:)).argument(at: 2)
        let error = try #require(throws: DIError.self) { try container.resolveOrThrow(ProfileModel.self) }
        #expect(error.code == "invalid-registration")
        #expect(error.message.hasSuffix("argument(at: 2), but the factory takes 2 parameters"), "\(error.message)")
    }
}
