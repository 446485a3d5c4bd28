import Testing
// The quick start of README.md, imports included: it must compile as pasted into a new file.
// snippet: readme-quick-start-types
import Tether
import TetherValidation  // validate(), in a CI test

protocol PaymentGateway: AnyObject {}
final class StripeGateway: PaymentGateway, Sendable {}
final class CheckoutService {
    let gateway: any PaymentGateway
    init(gateway: any PaymentGateway) { self.gateway = gateway }
}
// end-snippet

/// The examples of README.md.
@Suite("Docs: README")
struct ReadmeSnippets {
    @Test func quickStartResolvesAndValidates() throws {
        // snippet: readme-quick-start
        let container = DIContainer()
        container.register(StripeGateway.init)
            .as((any PaymentGateway).self)
            .lifetime(.single)
        container.register(CheckoutService.init(gateway:))
            .lifetime(.objectGraph)

        container.initializeSingletonObjects()  // singletons now, not on first use
        let checkout: CheckoutService = container.resolve()
        let checked = try container.resolveOrThrow(CheckoutService.self)  // throws DIError instead of trapping

        // In a CI test: fails on a missing, ambiguous or cyclic dependency, and runs no factory.
        try container.validate()
        // end-snippet
        #expect(checkout.gateway === checked.gateway)  // one StripeGateway for the process
        #expect(checkout !== checked)  // each resolve is a graph of its own
        container.dropProcessWideInstances()
    }
}
