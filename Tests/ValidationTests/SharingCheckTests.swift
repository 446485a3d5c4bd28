import Testing
import Tether
import TetherValidation

/// An app service that is not `Sendable`.
final class DraftStore {
    var drafts: [String] = []
}

/// A protocol an app shares as `any DraftSource`, and a class of it that is not `Sendable`.
protocol DraftSource: AnyObject {}
final class LocalDrafts: DraftSource {}

/// An immutable one.
final class DraftFormatter: Sendable {}

/// A module whose default shares every registration that sets no lifetime of its own.
enum DraftsModule: DIModule {
    static let defaultLifetime: DILifeTime? = .single
    static func register(in container: DIContainer) {
        container.register(DraftStore.init)
        container.register(DraftFormatter.init).lifetime(.single)  // on the line: the compiler checked it
    }
}

@Suite("shared-not-sendable and unchecked-sendable: what a registration shares, and what proved it sound")
struct SharingCheckTests {
    @Test func aSharedLifetimeFromAModuleDefaultIsAnErrorNamingTheRegistration() throws {
        let container = DIContainer()
        container.install(DraftsModule.self)
        let report = container.validationReport()
        #expect(report.codes == ["shared-not-sendable"], "\(report)")
        let text = try #require(report.findings.first).description
        #expect(
            text.hasPrefix(
                "error[shared-not-sendable]: DraftStore gets the shared lifetime single from a default or from the "
                    + "registration it replaces, and nothing says it is safe to share between threads"),
            "\(text)")
        #expect(text.contains("--> DraftsModule > TetherValidationTests/SharingCheckTests.swift:"), "\(text)")
        #expect(text.contains("`.lifetime(.single)`, which compiles once DraftStore is `Sendable`"), "\(text)")
        #expect(throws: DIValidationError.self) { try container.validate() }
    }

    @Test func aReplacementOfATypeTheCompilerProvedSendableKeepsTheSharedLifetimeWithoutAFinding() {
        let container = DIContainer()
        container.register(DraftFormatter.init).lifetime(.perRun(.strong))
        container.register(DraftFormatter.init).replacing()
        #expect(container.validationReport().findings.isEmpty)
        #expect(container.registrySnapshot().components.map(\.sharing) == [.sendable])
    }

    @Test func aReplacementThatKeepsASharedLifetimeItDoesNotWriteIsAnErrorAtItsLine() throws {
        let container = DIContainer()
        container.register(DraftStore.init).lifetime(uncheckedSendable: .perRun(.strong))
        let line = #line + 1
        container.register(DraftStore.init).replacing()
        let report = container.validationReport()
        #expect(report.codes == ["shared-not-sendable"], "\(report)")
        let text = try #require(report.findings.first).description
        #expect(text.contains("gets the shared lifetime perRun(.strong) from a default or from the registration"))
        #expect(text.contains("--> TetherValidationTests/SharingCheckTests.swift:\(line)"), "\(text)")
        #expect(text.contains("`.lifetime(.perRun(.strong))`"), "\(text)")
    }

    @Test func theEscapeIsListedAsANote() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register(DraftStore.init).lifetime(uncheckedSendable: .perContainer(.strong))
        let report = container.validationReport()
        #expect(report.codes == ["unchecked-sendable"], "\(report)")
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .note)
        #expect(finding.location?.line == line)
        #expect(finding.help.hasPrefix("make DraftStore `Sendable`"))
        try container.validate()
    }

    @Test func theEscapeOnAProtocolAdvisesRefiningSendableOrRegisteringTheClassNotAMutex() throws {
        let container = DIContainer()
        container.register { () -> any DraftSource in LocalDrafts() }.lifetime(
            uncheckedSendable: .perContainer(.strong))
        let report = container.validationReport()
        #expect(report.codes == ["unchecked-sendable"], "\(report)")
        let help = try #require(report.findings.first).help
        #expect(
            help
                == "make DraftSource refine `Sendable` (`protocol DraftSource: Sendable`, which each conforming type "
                + "must then be), or register the conforming class with `.as((any DraftSource).self)`, whose lifetime "
                + "the compiler checks on the line; then drop `uncheckedSendable`")
        #expect(!help.contains("Mutex"))
    }

    @Test func aLifetimeProvedOnItsLineOrAGraphLifetimeIsNotReported() throws {
        let container = DIContainer()
        container.register(DraftFormatter.init).lifetime(.perContainer(.weak))
        container.register(DraftStore.init).lifetime(.objectGraph)
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }
}
