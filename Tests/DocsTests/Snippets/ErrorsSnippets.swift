import Testing
import Tether

/// The examples of Docs/*/Errors.md. Each prints its error into the page, so the texts there are real.
@Suite("Docs: Errors")
struct ErrorsSnippets {
    // snippet: errors-types
    protocol Mailer: AnyObject {}
    final class SMTPMailer: Mailer, Sendable {}
    final class MockMailer: Mailer {}
    final class Outbox {
        init(mailer: any Mailer) {}
    }
    final class SignupService {
        init(outbox: Outbox) {}
    }
    // end-snippet

    @Test func notRegisteredShowsThePathWithLifetimesAndSites() {
        // snippet: errors-not-registered
        let container = DIContainer()
        container.register(SignupService.init(outbox:)).lifetime(.objectGraph)
        container.register(Outbox.init(mailer:))
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(SignupService.self) }
        #expect(error?.code == "not-registered")
        #expect(error?.path.map(\.requested.typeName) == ["SignupService", "Outbox"])
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-not-registered")
    }

    @Test func nearMissUnderAnotherName() {
        // snippet: errors-near-miss-name
        let container = DIContainer()
        container.register(SMTPMailer.init).as((any Mailer).self, name: "smtp")
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow((any Mailer).self) }
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-near-miss-name")
    }

    @Test func nearMissWithoutTheRequestedName() {
        // snippet: errors-near-miss-unnamed
        let container = DIContainer()
        container.register(SMTPMailer.init).as((any Mailer).self)
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow((any Mailer).self, name: "smtp") }
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-near-miss-unnamed")
    }

    @Test func nearMissThatProvidesOnlyAnOptional() {
        // snippet: errors-near-miss-optional
        let container = DIContainer()
        container.register { () -> SMTPMailer? in nil }
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(SMTPMailer.self) }
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-near-miss-optional")
    }

    @Test func ambiguityListsTheCandidates() {
        // snippet: errors-ambiguous
        let container = DIContainer()
        container.register(Outbox.init(mailer:))
        container.register(SMTPMailer.init).as((any Mailer).self)
        container.register(MockMailer.init).as((any Mailer).self)
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(Outbox.self) }
        #expect(error?.code == "ambiguous-dependency")
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-ambiguous")
    }

    @Test func twoDefaultsAreAnError() {
        // snippet: errors-multiple-defaults
        let container = DIContainer()
        container.register(SMTPMailer.init).as((any Mailer).self).default()
        container.register(MockMailer.init).as((any Mailer).self).default()
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow((any Mailer).self) }
        #expect(error?.code == "multiple-defaults")
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-multiple-defaults")
    }

    // snippet: errors-cycle-types
    final class Wallet {
        init(ledger: Ledger) {}
    }
    final class Ledger {
        init(wallet: Wallet) {}
    }
    // end-snippet

    @Test func constructionCycleIsAnErrorNotAStackOverflow() {
        // snippet: errors-cycle
        let container = DIContainer()
        container.register(Wallet.init(ledger:)).lifetime(.objectGraph)
        container.register(Ledger.init(wallet:)).lifetime(.objectGraph)
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(Wallet.self) }
        #expect(error?.code == "dependency-cycle")
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-cycle")
    }

    final class Printer {}

    @Test func aliasToATypeTheInstanceIsNotFailsAtResolve() {
        // snippet: errors-alias-cast
        let container = DIContainer()
        container.register(Printer.init).as((any Mailer).self)  // compiles: `as` takes any type
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow((any Mailer).self) }
        #expect(error?.code == "alias-cast-failed")
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-alias-cast")
    }

    // snippet: errors-arguments-types
    final class Invoice: Sendable {
        init(number: Int, mailer: any Mailer) {}
    }
    final class Billing {
        init(invoice: Invoice) {}
    }

    func registerInvoices(in container: DIContainer) {
        container.register(SMTPMailer.init).as((any Mailer).self)
        container.register { (number: DIArgument<Int>, mailer: any Mailer) in
            Invoice(number: number.value, mailer: mailer)
        }
    }
    // end-snippet

    @Test func argumentsOfTheWrongTypeAreAMismatch() {
        // snippet: errors-argument-mismatch
        let container = DIContainer()
        registerInvoices(in: container)
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(Invoice.self, arguments: "42") }
        #expect(error?.code == "argument-mismatch")
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-argument-mismatch")
    }

    @Test func componentWithArgumentsCannotBeADependency() {
        // snippet: errors-arguments-unavailable
        let container = DIContainer()
        registerInvoices(in: container)
        container.register(Billing.init(invoice:))
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(Billing.self) }
        #expect(error?.code == "arguments-unavailable")
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-arguments-unavailable")
    }

    @Test func cachedComponentRefusesArguments() {
        // snippet: errors-cached-arguments
        let container = DIContainer()
        container.register(SMTPMailer.init).as((any Mailer).self)
        container.register { (number: DIArgument<Int>, mailer: any Mailer) in
            Invoice(number: number.value, mailer: mailer)
        }.lifetime(.perContainer(.strong))
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(Invoice.self, arguments: 42) }
        #expect(error?.code == "cached-arguments")
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-cached-arguments")
    }

    // snippet: errors-storage-types
    /// A broken storage: it answers every key with the same string.
    final class ConstantStorage: DIStorage {
        var any: [DIComponentInfo: Any] { [:] }
        func fetch(key: DIComponentInfo) -> Any? { "stale" }
        func save(object: Any, by key: DIComponentInfo) {}
        func clean() {}
    }
    // end-snippet

    @Test func storageReturningAnotherTypeIsAnError() {
        // snippet: errors-storage-type-mismatch
        let container = DIContainer()
        let scope = DIScope(name: "drafts", storage: ConstantStorage())
        container.register(SMTPMailer.init).lifetime(.custom(scope))
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(SMTPMailer.self) }
        #expect(error?.code == "storage-type-mismatch")
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-storage-type-mismatch")
    }

    // snippet: errors-factory-types
    struct MissingConfiguration: Error {
        let key: String
    }
    final class Config {
        init(values: [String: String]) throws {
            guard values["smtp.host"] != nil else { throw MissingConfiguration(key: "smtp.host") }
        }
    }
    // end-snippet

    @Test func throwingFactoryIsWrappedWithThePath() {
        // snippet: errors-factory-failed
        let container = DIContainer()
        container.register { () throws -> Config in try Config(values: [:]) }
        container.register { (config: Config) in SMTPMailer() }.as((any Mailer).self)
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow((any Mailer).self) }
        #expect(error?.code == "factory-failed")
        if case .factoryFailed(_, let underlying)? = error?.kind {
            #expect(underlying is MissingConfiguration)
        }
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-factory-failed")
    }

    // snippet: errors-container-released-types
    final class Sender {
        let makeMailer: Provider<any Mailer>
        init(makeMailer: Provider<any Mailer>) { self.makeMailer = makeMailer }
    }
    // end-snippet

    @Test func anAccessorUsedAfterItsContainerWentSaysSo() {
        // snippet: errors-container-released
        var container: DIContainer? = DIContainer()
        container!.register(SMTPMailer.init).as((any Mailer).self)
        container!.register(Sender.init(makeMailer:))
        let sender = container!.resolve(Sender.self)
        container = nil  // the Provider made for Sender does not keep it
        let error = #expect(throws: DIError.self) { try sender.makeMailer.get() }
        #expect(error?.code == "container-released")
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-container-released")
    }

    @Test func aResolveAfterTheShutdownBeganIsRefused() async {
        // snippet: errors-container-shut-down
        let container = DIContainer()
        container.register(SMTPMailer.init).as((any Mailer).self).lifetime(.perContainer(.strong))
        await container.shutdown()
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow((any Mailer).self) }
        #expect(error?.code == "container-shut-down")
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-container-shut-down")
    }

    @Test func aPerRequestComponentOutsideARequestScopeSaysSo() {
        // snippet: errors-outside-request-scope
        let container = DIContainer()
        container.register(SMTPMailer.init).as((any Mailer).self).lifetime(.perRequest)
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow((any Mailer).self) }
        #expect(error?.code == "outside-request-scope")
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-outside-request-scope")
    }

    // snippet: errors-made-elsewhere-types
    final class Onboarding {}  // made by the system; the container injects into it
    final class OnboardingTracker {
        init(screen: Onboarding) {}
    }
    // end-snippet

    @Test func aDependencyOnAnObjectMadeElsewhereSaysSo() {
        // snippet: errors-made-elsewhere
        let container = DIContainer()
        container.registerInjections(into: Onboarding.self)
        container.register(OnboardingTracker.init)
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(OnboardingTracker.self) }
        #expect(error?.code == "made-elsewhere")
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-made-elsewhere")
    }

    @Test func injectingIntoAnUnregisteredTypeSaysHowToRegisterIt() {
        // snippet: errors-not-injectable
        let container = DIContainer()
        let error = #expect(throws: DIError.self) { try container.injectOrThrow(into: Onboarding()) }
        #expect(error?.code == "not-injectable")
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-not-injectable")
    }

    @Test func trappingResolveStopsWithTheSameText() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            // snippet: errors-trap
            let container = DIContainer()
            let outbox: Outbox = container.resolve()  // stops the program: error[not-registered] …
            // end-snippet
            _ = outbox
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("error[not-registered]: no registration for `Outbox`"))
    }

    // snippet: errors-main-actor-instance-types
    final class EntryBook {  // not Sendable: the launch code keeps using it
        var entries: [String] = []
    }
    final class EntrySummary: Sendable {
        let count: Int
        init(book: EntryBook) { count = book.entries.count }
    }
    // end-snippet

    @MainActor
    @Test func anInstanceRegisteredOnTheMainActorIsHandedOutThereOnly() async throws {
        // snippet: errors-main-actor-instance
        let container = DIContainer()
        container.registerInstance(EntryBook())  // on the main actor: handed out there only
        container.register(EntrySummary.init(book:)).lifetime(.perContainer(.strong))
        let error = await Task.detached {  // another thread
            #expect(throws: DIError.self) { try container.resolveOrThrow(EntrySummary.self) }
        }.value
        #expect(error?.code == "main-actor-isolated")

        let summary = try await Task.detached {  // as the help says: inside MainActor.run
            try await MainActor.run { try container.resolveOrThrow(EntrySummary.self) }
        }.value
        #expect(try container.resolveOrThrow(EntrySummary.self) === summary)
        // end-snippet
        DocOutput.check(error?.description ?? "", named: "errors-main-actor-instance")
    }
}
