import Testing
import Tether
import TetherValidation

protocol WrappedPayments: AnyObject {}
final class CardWallet: WrappedPayments {}
final class CashWallet: WrappedPayments {}
final class ReceiptPrinter {}
final class CheckoutSession: Sendable {}
enum Express {}

/// A view model that asks for its dependencies through wrappers, as Factory and Resolver apps write them.
@MainActor
final class WrappedCheckoutModel {
    @Injected var payments: any WrappedPayments
    @LazyInjected var printer: ReceiptPrinter
    @OptionalInjected var coupon: String?
}

/// A view that makes its own model: the container never makes it.
struct WrappedCheckoutView {
    @LazyInjected var printer: ReceiptPrinter
    @Injected var express: DITagged<Express, any WrappedPayments>
}

/// Inherits the wrappers of its superclass.
class WrappedScreen {
    @Injected var printer: ReceiptPrinter
}
final class WrappedReceiptScreen: WrappedScreen {}

final class NamedWrapperHolder {
    @Injected(name: "card") var payments: any WrappedPayments
}

final class SessionHolder {
    @Injected var session: CheckoutSession
}

final class PingWrapper {
    @Injected var pong: PongWrapper
}
final class PongWrapper {
    @Injected var ping: PingWrapper
}

/// A screen whose presenter asks for it back through a wrapper: a resolve of its own, so a new screen each time.
final class LoopScreen {
    var presenter: LoopPresenter?
}
final class LoopPresenter {
    @Injected var screen: LoopScreen
}

final class SharedRepository {}
final class FirstUseCase {
    @Injected var repository: SharedRepository
}
final class SecondUseCase {
    @Injected var repository: SharedRepository
}
final class UseCaseRoot {
    init(first: FirstUseCase, second: SecondUseCase) {}
}

final class PrinterFactoryHolder {
    @LazyInjected var makePrinter: Provider<ReceiptPrinter>
}

/// Parts of a screen, made with it: their wrappers resolve when the screen is made.
struct ScreenParts {
    @Injected var printer: ReceiptPrinter
    var pair = (1, ScreenBadge())
}
struct ScreenBadge {
    @OptionalInjected var session: CheckoutSession?
    @LazyInjected var wallet: any WrappedPayments
}
final class PartsScreen {
    let parts = ScreenParts()
    let title = "Checkout"
}

@Suite("Validation sees what property wrappers ask for")
struct WrapperValidationTests {
    @Test func aWrapperDependencyNothingProvidesIsMissingAtTheProperty() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register { @MainActor in WrappedCheckoutModel() }
        container.register(ReceiptPrinter.init)
        let report = container.validationReport()
        #expect(report.codes == ["missing-dependency"], "\(report)")
        let text = try #require(report.findings.first).description
        #expect(
            text.contains(
                "--> TetherValidationTests/WrapperValidationTests.swift:\(line) (@Injected `payments` of WrappedCheckoutModel)"
            ), "\(text)")
        #expect(text.hasPrefix("error[missing-dependency]: no registration for `WrappedPayments`"), "\(text)")
        #expect(text.hasSuffix("or declare it `@OptionalInjected` if it is optional"), "\(text)")
        container.register(CardWallet.init).as((any WrappedPayments).self)
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }

    @Test func aTypeTheContainerDoesNotMakeIsMadeKnownInOneLine() throws {
        let container = DIContainer()
        container.registerWrappers(of: WrappedCheckoutView.self)
        container.register(CardWallet.init).as((any WrappedPayments).self).tag(Express.self)
        let report = container.validationReport()
        #expect(report.codes == ["missing-dependency"], "\(report)")
        #expect(
            try #require(report.findings.first).description.contains(
                "(@LazyInjected `printer` of WrappedCheckoutView)"), "\(report)")
        container.register(ReceiptPrinter.init)
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }

    @Test func twoUnnamedProvidersOfAWrapperDependencyAreAmbiguous() {
        let container = DIContainer()
        container.registerWrappers(of: WrappedCheckoutModel.self)
        container.register(ReceiptPrinter.init)
        container.register(CardWallet.init).as((any WrappedPayments).self)
        container.register(CashWallet.init).as((any WrappedPayments).self)
        #expect(container.validationReport().codes == ["ambiguous-dependency"], "\(container.validationReport())")
    }

    @Test func aWrapperMayAskForANameValidationCannotSeeSoNamedProvidersAreNotReported() {
        let container = DIContainer()
        container.registerWrappers(of: NamedWrapperHolder.self)
        container.register(CardWallet.init).as((any WrappedPayments).self, name: "card")
        container.register(CashWallet.init).as((any WrappedPayments).self, name: "cash")
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }

    @Test func inheritedWrappersAreSeen() {
        let container = DIContainer()
        container.registerWrappers(of: WrappedReceiptScreen.self)
        #expect(container.validationReport().codes == ["missing-dependency"], "\(container.validationReport())")
        let snapshot = container.registrySnapshot().components[0]
        #expect(snapshot.dependencies.map(\.position) == [.wrapper(property: "printer", wrapper: "@Injected")])
    }

    @Test func aLongLivedHolderOfAScopedInstanceThroughAWrapperIsCaptive() {
        let container = DIContainer()
        let scope = DIScope(name: "checkout", storage: DICacheStorage())
        container.register(CheckoutSession.init).lifetime(.custom(scope))
        container.register(SessionHolder.init).lifetime(uncheckedSendable: .perContainer(.strong))
        let report = container.validationReport()
        #expect(report.codes == ["captive-dependency", "unchecked-sendable"], "\(report)")
        #expect(report.findings.first?.location?.context == "@Injected `session` of SessionHolder", "\(report)")
    }

    @Test func wrappersThatAskForEachOtherAreACycle() {
        let container = DIContainer()
        container.register(PingWrapper.init)
        container.register(PongWrapper.init)
        #expect(container.validationReport().codes == ["dependency-cycle"], "\(container.validationReport())")
    }

    @Test func aCycleThroughAWrapperNeverEndsEvenThroughAnObjectGraphMember() throws {
        let container = DIContainer()
        container.register(LoopScreen.init).lifetime(.objectGraph).injection(cycle: true, \.presenter)
        container.register(LoopPresenter.init)
        let report = container.validationReport()
        #expect(report.codes == ["dependency-cycle"], "\(report)")
        #expect(
            try #require(report.findings.first).help.hasPrefix("make a wrapper of the cycle `@LazyInjected`"),
            "\(report)")
    }

    @Test func longLivedHoldersOfAnObjectGraphInstanceThroughWrappersEachHaveTheirOwn() {
        let container = DIContainer()
        container.register(SharedRepository.init).lifetime(.objectGraph)
        container.register(FirstUseCase.init).lifetime(uncheckedSendable: .perContainer(.strong))
        container.register(SecondUseCase.init).lifetime(uncheckedSendable: .perContainer(.strong))
        container.register(UseCaseRoot.init(first:second:)).root()
        #expect(
            container.validationReport().codes == [
                "long-lived-holder", "unchecked-sendable", "long-lived-holder", "unchecked-sendable",
            ],
            "\(container.validationReport())")
    }

    @Test func aLazyWrapperOfAProviderAsksForWhatTheProviderMakes() {
        let container = DIContainer()
        container.registerWrappers(of: PrinterFactoryHolder.self)
        container.register(ReceiptPrinter.init)
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }

    @Test func namedProvidersAWrapperMayAskForAreReachedFromItsHolder() {
        let container = DIContainer()
        container.register(NamedWrapperHolder.init).root()
        container.register(CardWallet.init).as((any WrappedPayments).self, name: "card")
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }

    @Test func wrappersInStructsAndTuplesAClassStoresAreCheckedUnderTheirPath() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register(PartsScreen.init)
        let positions = container.registrySnapshot().components[0].dependencies.map(\.position)
        #expect(
            positions == [
                .wrapper(property: "parts.printer", wrapper: "@Injected"),
                .wrapper(property: "parts.pair.1.session", wrapper: "@OptionalInjected"),
                .wrapper(property: "parts.pair.1.wallet", wrapper: "@LazyInjected"),
            ])
        let report = container.validationReport()
        #expect(report.codes == ["missing-dependency", "missing-dependency"], "\(report)")
        #expect(
            report.findings.map { $0.location?.description } == [
                "TetherValidationTests/WrapperValidationTests.swift:\(line) (@Injected `parts.printer` of PartsScreen)",
                "TetherValidationTests/WrapperValidationTests.swift:\(line) "
                    + "(@LazyInjected `parts.pair.1.wallet` of PartsScreen)",
            ])
        container.register(ReceiptPrinter.init)
        container.register(CardWallet.init).as((any WrappedPayments).self)
        #expect(container.validationReport().findings.isEmpty, "\(container.validationReport())")
    }
}
