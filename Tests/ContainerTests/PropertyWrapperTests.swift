import Foundation
import Testing
import Tether
import TetherTestSupport

protocol Payments: AnyObject {
    var provider: String { get }
}
final class CardPayments: Payments {
    let provider = "card"
}
final class WalletPayments: Payments {
    let provider = "wallet"
}
enum Express {}
final class Coordinator: Sendable {}
final class Exporter {}

/// A view model as a Factory app writes one: main-actor, with wrappers instead of initializer parameters.
@MainActor
final class CheckoutViewModel {
    @Injected var payments: any Payments
    @Injected(name: "wallet") var wallet: any Payments
    @Injected(tag: Express.self) var express: any Payments
    @LazyInjected var exporter: Exporter
    @OptionalInjected var coupon: String?
    @WeakLazyInjected var coordinator: Coordinator?
}

/// A screen whose wrapper asks for what nobody registered, and the line of that wrapper.
let missingPaymentsLine = #line + 2
struct MissingPaymentsScreen {
    @Injected var payments: any Payments
}

/// The same for a class, which a wrapper resolves on a path of its own (`WrapperSite.resolveObject`).
final class Ledger {}
let missingLedgerLine = #line + 2
struct MissingLedgerScreen {
    @Injected var ledger: Ledger
}

func checkoutContainer() -> DIContainer {
    let container = DIContainer()
    container.register(CardPayments.init).as((any Payments).self).tag(Express.self)
    container.register(WalletPayments.init).as((any Payments).self, name: "wallet")
    container.register(Exporter.init)
    container.register(Coordinator.init).lifetime(.perContainer(.strong))
    return container
}

@Suite("Property wrappers resolve from the ambient container")
struct PropertyWrapperTests {
    @MainActor
    @Test func eachWrapperResolvesAsItsDeclarationSays() throws {
        let container = checkoutContainer()
        let model = DIContainer.withAmbient(container) { CheckoutViewModel() }
        #expect(model.payments.provider == "card")
        #expect(model.wallet.provider == "wallet")
        #expect(model.express.provider == "card")
        #expect(model.coupon == nil)
        #expect(model.coordinator === container.resolve(Coordinator.self))
    }

    @MainActor
    @Test func aLazyWrapperResolvesOnItsFirstReadFromTheContainerOfItsObject() throws {
        let container = checkoutContainer()
        // Counted per test: other tests make exporters at the same time.
        let made = Guarded(0)
        container.register {
            made.withLock { $0 += 1 }
            return Exporter()
        }.replacing()
        let model = DIContainer.withAmbient(container) { CheckoutViewModel() }
        #expect(made.withLock { $0 } == 0, "nothing built before the first read")
        // Read outside the ambient scope: the object keeps the container it was made with.
        let first = model.exporter
        #expect(model.exporter === first)
        #expect(made.withLock { $0 } == 1)
    }

    @Test func concurrentTasksEachResolveFromTheirOwnContainer() async throws {
        let one = DIContainer()
        one.register(CardPayments.init).as((any Payments).self)
        let two = DIContainer()
        two.register(WalletPayments.init).as((any Payments).self)
        struct Holder {
            @Injected var payments: any Payments
        }
        async let first = DIContainer.withAmbient(one) { Holder().payments.provider }
        async let second = DIContainer.withAmbient(two) { Holder().payments.provider }
        #expect(await [first, second] == ["card", "wallet"])
    }

    @Test func aWeakWrapperLetsItsObjectGo() throws {
        let container = DIContainer()
        container.register(Coordinator.init)
        final class Screen {
            @WeakLazyInjected var coordinator: Coordinator?
        }
        let screen = DIContainer.withAmbient(container) { Screen() }
        #expect(screen.coordinator != nil, "the first read hands it out")
        #expect(screen.coordinator == nil, "then a prototype nobody else holds is gone, and not resolved again")
    }

    @Test func aLazyWrapperDoesNotKeepTheContainerThatKeepsItsObject() {
        final class OrdersModel {
            @LazyInjected var exporter: Exporter
        }
        weak var released: DIContainer?
        do {
            let container = DIContainer()
            container.register(Exporter.init)
            // A lazy wrapper is a `var` the first read sets, so the holder cannot be `Sendable`: the test promises one thread.
            container.register(OrdersModel.init).lifetime(uncheckedSendable: .perContainer(.strong))
            let model = DIContainer.withAmbient(container) { container.resolve(OrdersModel.self) }
            _ = model.exporter
            released = container
        }
        #expect(released == nil, "the container keeps the model, and the model's wrapper must not keep the container")
    }

    @Test func aMissingRegistrationStopsNamingTheWrapperItsHolderAndItsLine() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = DIContainer.withAmbient(DIContainer()) { MissingPaymentsScreen() }
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(
            output.contains(
                "@Injected in MissingPaymentsScreen at TetherTests/PropertyWrapperTests.swift:\(missingPaymentsLine) could not be resolved"
            ),
            "\(output)")
        #expect(output.contains("error[not-registered]: no registration for `Payments`"), "\(output)")
    }

    @Test func aMissingClassStopsNamingTheWrapperItsHolderAndItsLine() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = DIContainer.withAmbient(DIContainer()) { MissingLedgerScreen() }
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(
            output.contains(
                "@Injected in MissingLedgerScreen at TetherTests/PropertyWrapperTests.swift:\(missingLedgerLine) could not be resolved"
            ),
            "\(output)")
        #expect(output.contains("error[not-registered]: no registration for `Ledger`"), "\(output)")
    }

    @Test func noContainerAtAllStopsSayingHowToSetOne() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            struct Screen {
                @Injected var payments: any Payments
            }
            _ = Screen()
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(
            output.contains("no container to resolve from. Set one at launch with `DIContainer.setAmbient(_:)`"),
            "\(output)")
    }

    @Test func noContainerAtAllStopsAClassWrapperSayingHowToSetOne() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            struct Screen {
                @Injected var exporter: Exporter
            }
            _ = Screen()
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(
            output.contains("no container to resolve from. Set one at launch with `DIContainer.setAmbient(_:)`"),
            "\(output)")
    }

    @Test func aWrapperInATypeTheContainerDoesNotKnowIsLoggedOnceWithTheLineThatMakesItKnown() async {
        // Its own process: the log settings are process-wide and other tests run in parallel.
        await #expect(processExitsWith: .success) {
            final class Ledger {}
            final class UnknownHolder {
                @Injected var ledger: Ledger
            }
            final class KnownHolder {
                @Injected var ledger: Ledger
            }
            let warnings = MessageLog()
            DISetting.Log.level = .warning
            DISetting.Log.handler = { level, message in
                if level == .warning { warnings.append(message) }
            }
            let container = DIContainer()
            container.register(Ledger.init)
            container.registerWrappers(of: KnownHolder.self)
            DIContainer.withAmbient(container) {
                _ = UnknownHolder()
                _ = UnknownHolder()  // the same site: checked once
                _ = KnownHolder()
            }
            let logged = warnings.messages
            precondition(logged.count == 1, "\(logged)")
            precondition(
                logged[0].hasPrefix("@Injected in UnknownHolder at TetherTests/PropertyWrapperTests.swift:"), logged[0])
            precondition(logged[0].hasSuffix("add `container.registerWrappers(of: UnknownHolder.self)`"), logged[0])
        }
    }

    @Test func aWrapperResolvingFromTheProcesssContainerAfterItsShutdownIsRefused() async throws {
        // Its own process: the process's ambient container is read by every test running beside it. The wrapper
        // borrows that container without a count; the borrow is not a resolve, so the shutdown still refuses it.
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            final class Screen {
                @Injected var exporter: Exporter
            }
            let container = checkoutContainer()
            DIContainer.setAmbient(container)
            _ = Screen()
            _ = await container.shutdown()
            _ = Screen()
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(output.contains("error[container-shut-down]"), "\(output)")
    }

    @Test func aReplacedProcessContainerIsReleasedOnceNoWrapperReadsIt() async {
        await #expect(processExitsWith: .success) {
            final class Screen {
                @Injected var exporter: Exporter
            }
            let released = WeakBox<DIContainer>()
            do {
                let first = checkoutContainer()
                released.value = first
                DIContainer.setAmbient(first)
                _ = Screen()
            }
            let second = checkoutContainer()
            DIContainer.setAmbient(second)
            precondition(released.value == nil, "the process kept the container it replaced")
            precondition(DIContainer.ambient === second)
            _ = Screen()
        }
    }
}
