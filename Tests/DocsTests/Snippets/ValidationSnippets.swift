import Testing
import Tether
import TetherValidation

/// The examples of Docs/*/Validation.md. Each prints its report into the page, so the reports there are real.
@Suite("Docs: Validation")
struct ValidationSnippets {
    // snippet: validation-types
    protocol PaymentGateway: AnyObject {}
    final class CardGateway: PaymentGateway, Sendable {}
    final class WalletGateway: PaymentGateway {}
    final class PriceService: Sendable {}
    final class CartModel: Sendable {
        init(prices: PriceService, gateway: any PaymentGateway) {}
    }
    final class CartScreen {
        init(model: CartModel) {}
    }
    final class PriceLabel {
        init(prices: PriceService) {}
    }
    // end-snippet

    // snippet: validation-module-types
    enum PricingModule: DIModule {
        static func register(in container: DIContainer) { container.register(PriceService.init) }
    }
    enum CartModule: DIModule {
        static let imports: [any DIModule.Type] = [PricingModule.self]  // without it, PriceService is missing
        static func register(in container: DIContainer) {
            container.register(CartModel.init(prices:gateway:))
            container.register(CardGateway.init).as((any PaymentGateway).self)
        }
    }
    // end-snippet

    // snippet: validation-module
    @Test func cartModuleStandsOnItsImports() throws {
        try CartModule.validate()
    }
    // end-snippet

    // snippet: validation-ci
    enum AppContainer {
        static func make() -> DIContainer {
            let container = DIContainer()
            container.register(CartScreen.init(model:)).root()
            container.register(CartModel.init(prices:gateway:)).lifetime(.objectGraph)
            container.register(PriceService.init).lifetime(.perContainer(.strong))
            container.register(CardGateway.init).as((any PaymentGateway).self)
            return container
        }
    }

    @Test func appContainerIsValid() throws {
        try AppContainer.make().validate()
    }
    // end-snippet

    @Test func reportListsEveryFindingWithoutThrowing() {
        // snippet: validation-report
        let report = AppContainer.make().validationReport()
        #expect(report.isValid)
        #expect(report.findings.isEmpty)
        #expect(report.summary == "0 errors, 0 warnings, 0 notes")
        // end-snippet
    }

    @Test func missingDependency() {
        // snippet: validation-missing-dependency
        let container = DIContainer()
        container.register(CartScreen.init(model:)).root()
        container.register(CartModel.init(prices:gateway:)).lifetime(.objectGraph)
        container.register(CardGateway.init).as((any PaymentGateway).self)
        container.register(PriceLabel.init(prices:)).root()
        let report = container.validationReport()
        #expect(report.findings.map(\.code) == [.missingDependency])  // one finding for both consumers
        // end-snippet
        DocOutput.check(report.description, named: "validation-missing-dependency")
    }

    @Test func ambiguousDependency() {
        // snippet: validation-ambiguous-dependency
        let container = DIContainer()
        container.register(CartModel.init(prices:gateway:))
        container.register(PriceService.init)
        container.register(CardGateway.init).as((any PaymentGateway).self)
        container.register(WalletGateway.init).as((any PaymentGateway).self)
        let report = container.validationReport()
        #expect(report.findings.map(\.code) == [.ambiguousDependency])
        // end-snippet
        DocOutput.check(report.description, named: "validation-ambiguous-dependency")
    }

    @Test func multipleDefaults() {
        // snippet: validation-multiple-defaults
        let container = DIContainer()
        container.register(CartModel.init(prices:gateway:))
        container.register(PriceService.init)
        container.register(CardGateway.init).as((any PaymentGateway).self).default()
        container.register(WalletGateway.init).as((any PaymentGateway).self).default()
        let report = container.validationReport()
        #expect(report.findings.map(\.code) == [.multipleDefaults])
        // end-snippet
        DocOutput.check(report.description, named: "validation-multiple-defaults")
    }

    @Test func ambiguousRepeatedRegistration() {
        // snippet: validation-ambiguous-repeated
        func registerPayments(in container: DIContainer) {
            container.register(CardGateway.init).as((any PaymentGateway).self)
        }
        let container = DIContainer()
        container.register(CartModel.init(prices:gateway:))
        container.register(PriceService.init)
        registerPayments(in: container)
        registerPayments(in: container)  // a second setup path runs it again
        let report = container.validationReport()
        #expect(report.findings.map(\.code) == [.ambiguousDependency])
        // end-snippet
        DocOutput.check(report.description, named: "validation-ambiguous-repeated")
    }

    // snippet: validation-cycle-types
    final class Wallet {
        init(ledger: Ledger) {}
    }
    final class Ledger {
        init(wallet: Wallet) {}
    }
    // end-snippet

    @Test func constructionCycle() {
        // snippet: validation-dependency-cycle
        let container = DIContainer()
        container.register(Wallet.init(ledger:)).lifetime(.objectGraph)
        container.register(Ledger.init(wallet:)).lifetime(.objectGraph)
        let report = container.validationReport()
        #expect(report.findings.map(\.code) == [.dependencyCycle])
        // end-snippet
        DocOutput.check(report.description, named: "validation-dependency-cycle")
    }

    // snippet: validation-never-ending-types
    final class Author {
        var books: Book?
    }
    final class Book {
        var author: Author?
    }
    // end-snippet

    @Test func deferredCycleOfPrototypesNeverEnds() {
        // snippet: validation-dependency-cycle-prototypes
        let container = DIContainer()
        container.register(Author.init).injection(cycle: true, \.books)
        container.register(Book.init).injection(cycle: true, \.author)
        let report = container.validationReport()
        #expect(report.findings.map(\.code) == [.dependencyCycle])
        // end-snippet
        DocOutput.check(report.description, named: "validation-dependency-cycle-prototypes")
    }

    @Test func captiveDependency() throws {
        // snippet: validation-captive-dependency
        let session = DIScope(name: "session", storage: DICacheStorage())  // emptied at sign-out
        let container = DIContainer()
        container.register(CartModel.init(prices:gateway:)).lifetime(.single)
        container.register(PriceService.init).lifetime(.custom(session))
        container.register(CardGateway.init).as((any PaymentGateway).self).lifetime(.objectGraph)
        let report = container.validationReport()
        #expect(report.findings.map(\.code) == [.captiveDependency, .longLivedHolder])
        #expect(report.findings.map(\.severity) == [.warning, .note])
        try container.validate()  // neither fails validate()
        // end-snippet
        DocOutput.check(report.description, named: "validation-captive-dependency")
    }

    // snippet: validation-weak-value-types
    struct Theme {
        var accent = "blue"
    }
    // end-snippet

    @Test func weakValueType() {
        // snippet: validation-weak-value-type
        let container = DIContainer()
        container.register { Theme() }.lifetime(.perRun(.weak))
        let report = container.validationReport()
        #expect(report.findings.map(\.code) == [.weakValueType])
        // end-snippet
        DocOutput.check(report.description, named: "validation-weak-value-type")
    }

    // snippet: validation-undisposed-types
    final class Connection: DIDisposable {
        func dispose() async throws {}  // closes the socket
    }
    // end-snippet

    @Test func undisposedDisposable() {
        // snippet: validation-undisposed-disposable
        let container = DIContainer()
        container.register(Connection.init)  // a new one per resolve, which nobody disposes
        let report = container.validationReport()
        #expect(report.findings.map(\.code) == [.undisposedDisposable])
        // end-snippet
        DocOutput.check(report.description, named: "validation-undisposed-disposable")
    }

    // snippet: validation-arguments-types
    final class Receipt: Sendable {
        init(number: Int, prices: PriceService) {}
    }
    final class ReceiptPrinter {
        init(receipt: Receipt) {}
    }
    // end-snippet

    @Test func argumentsUnavailable() {
        // snippet: validation-arguments-unavailable
        let container = DIContainer()
        container.register(PriceService.init)
        container.register { (number: DIArgument<Int>, prices: PriceService) in
            Receipt(number: number.value, prices: prices)
        }
        container.register(ReceiptPrinter.init(receipt:))
        let report = container.validationReport()
        #expect(report.findings.map(\.code) == [.argumentsUnavailable])
        // end-snippet
        DocOutput.check(report.description, named: "validation-arguments-unavailable")
    }

    @Test func cachedArguments() {
        // snippet: validation-cached-arguments
        let container = DIContainer()
        container.register(PriceService.init).lifetime(.perContainer(.strong))
        container.register { (number: DIArgument<Int>, prices: PriceService) in
            Receipt(number: number.value, prices: prices)
        }.lifetime(.perContainer(.strong))
        let report = container.validationReport()
        #expect(report.findings.map(\.code) == [.cachedArguments])
        // end-snippet
        DocOutput.check(report.description, named: "validation-cached-arguments")
    }

    // snippet: validation-retain-cycle-types
    final class Feed {}
    final class FeedScreenModel: Sendable {
        init(container: DIContainer) {}  // resolves from its screen's container later
    }
    // end-snippet

    @Test func containerRetainCycle() {
        // snippet: validation-container-retain-cycle
        let app = DIContainer()
        app.register(Feed.init)
        let screen = DIContainer(parent: app)  // made per screen, dropped when it closes
        screen.register { [unowned screen] in screen }  // the container handed out as a component
        screen.register(FeedScreenModel.init(container:)).lifetime(.perContainer(.strong))
        let report = screen.validationReport(options: .init(checks: [.containerRetainCycle]))
        #expect(report.findings.map(\.code) == [.containerRetainCycle])
        // end-snippet
        DocOutput.check(report.description, named: "validation-container-retain-cycle")
    }

    @Test func unreachable() {
        // snippet: validation-unreachable
        let container = AppContainer.make()
        container.register(WalletGateway.init).as((any PaymentGateway).self, name: "wallet")  // left over
        let report = container.validationReport()
        #expect(report.findings.map(\.code) == [.unreachable])
        #expect(report.isValid)  // a note, not an error

        // Roots given in the options add to the `.root()` marks.
        let options = DIValidationOptions(roots: [(any PaymentGateway).self])
        #expect(container.validationReport(options: options).findings.isEmpty)

        // An app that marks only some roots can have the rest inferred; the note lists what was assumed.
        container.register(PriceLabel.init(prices:))  // nobody's dependency, under its own type
        let inferring = DIValidationOptions(infersEntryPoints: true)
        #expect(
            container.validationReport(options: inferring).findings.map(\.message) == ["no root reaches WalletGateway"])
        // end-snippet
        DocOutput.check(report.description, named: "validation-unreachable")
    }

    // snippet: validation-optional-injection-types
    final class CheckoutScreen {
        var prices: PriceService!  // set by injection
    }
    // end-snippet

    @Test func optionalInjectionUnprovided() {
        // snippet: validation-optional-injection-unprovided
        let container = DIContainer()
        container.register(CheckoutScreen.init).injection(\.prices)  // asks for `PriceService?`
        let report = container.validationReport()
        #expect(report.findings.map(\.code) == [.optionalInjectionUnprovided])
        // end-snippet
        DocOutput.check(report.description, named: "validation-optional-injection-unprovided")
    }

    // snippet: validation-split-tuple-types
    struct Audit<Input: Sendable>: Sendable {
        let input: Input
    }

    func registerAudit<Input: Sendable>(_ container: DIContainer, _: Input.Type, line: Int = #line) {
        container.register({ (input: Input) in Audit(input: input) }, line: line)  // reads a tuple as its elements
    }
    // end-snippet

    @Test func splitTupleParameter() {
        // snippet: validation-split-tuple-parameter
        let container = DIContainer()
        container.register { () -> (Int, String) in (42, "order") }
        container.register { 0 }
        container.register { "" }
        registerAudit(container, (Int, String).self)
        let report = container.validationReport()
        #expect(report.findings.map(\.code) == [.splitTupleParameter])
        // end-snippet
        DocOutput.check(report.description, named: "validation-split-tuple-parameter")
    }

    // snippet: validation-wrappers-types
    final class OrderHistory {}
    @MainActor
    final class OrdersModel: Sendable {  // a view makes it: `@StateObject var model = OrdersModel()`
        @LazyInjected var history: OrderHistory
        @Injected var gateway: any PaymentGateway
    }
    // end-snippet

    @Test func wrapperDependencies() {
        // snippet: validation-wrappers
        let container = DIContainer()
        container.register(CardGateway.init).as((any PaymentGateway).self)
        container.registerWrappers(of: OrdersModel.self)  // the container does not make it
        let report = container.validationReport()
        #expect(report.findings.map(\.code) == [.missingDependency])  // nothing provides OrderHistory
        // end-snippet
        DocOutput.check(report.description, named: "validation-wrappers")
    }

    @Test func optionsChooseChecksAndSeverities() {
        // snippet: validation-options
        let container = DIContainer()
        container.register(CartModel.init(prices:gateway:)).lifetime(.single)
        container.register(PriceService.init).lifetime(.perContainer(.weak))
        container.register(CardGateway.init).as((any PaymentGateway).self).lifetime(.single)

        // In this app a captive is a bug: make it fail CI (the own-copy notes, `.longLivedHolder`, stay notes).
        let strict = DIValidationOptions(severities: [.captiveDependency: .error])
        #expect(throws: DIValidationError.self) { try container.validate(options: strict) }

        // Or run only the checks you want.
        let some = DIValidationOptions(checks: [.missingDependency, .dependencyCycle])
        #expect(container.validationReport(options: some).findings.isEmpty)
        // end-snippet
    }

    @Test func suppressionKeepsItsReasonInTheReport() {
        // snippet: validation-suppress
        let container = DIContainer()
        container.register(CartModel.init(prices:gateway:)).lifetime(.single)
            .suppress("long-lived-holder", reason: "PriceService holds no state")
        container.register(PriceService.init).lifetime(.objectGraph)
        container.register(CardGateway.init).as((any PaymentGateway).self).lifetime(.single)
        let report = container.validationReport()
        #expect(report.findings.isEmpty)
        #expect(report.suppressed.map(\.reason) == ["PriceService holds no state"])
        #expect(report.summary == "0 errors, 0 warnings, 0 notes (1 suppressed)")
        // end-snippet
    }

    // snippet: validation-no-factory-types
    final class Database: Sendable {
        init() { fatalError("validation never opens the database") }
    }
    // end-snippet

    @Test func validationNeverRunsAFactory() throws {
        // snippet: validation-no-factory
        let container = DIContainer()
        container.register(Database.init).lifetime(.single)
        try container.validate()  // reads what `register` recorded; builds nothing
        // end-snippet
    }

    @Test func thrownErrorCarriesTheWholeReport() {
        // snippet: validation-thrown
        let container = DIContainer()
        container.register(CartModel.init(prices:gateway:))
        do {
            try container.validate()
        } catch {
            #expect(error.report.errors.count == 2)  // PriceService and PaymentGateway are missing
            #expect(error.description == error.report.description)
        }
        // end-snippet
    }

    // snippet: validation-request-captive-types
    final class UnitOfWork: Sendable {}
    final class AuditTrail: Sendable {
        init(work: UnitOfWork) {}
    }
    final class ReportCache: Sendable {
        init(audit: AuditTrail, work: Lazy<UnitOfWork>) {}
    }
    // end-snippet

    @Test func requestCaptive() throws {
        // snippet: validation-request-captive
        let container = DIContainer()
        container.register(UnitOfWork.init).lifetime(.perRequest)
        container.register(AuditTrail.init(work:))  // a prototype: ReportCache keeps the one it was built with
        container.register(ReportCache.init(audit:work:)).lifetime(.single)
        let report = container.validationReport()
        #expect(report.errors.map(\.code) == [.captiveDependency, .captiveDependency])  // one per parameter
        // end-snippet
        DocOutput.check(report.description, named: "validation-request-captive")
    }
}
