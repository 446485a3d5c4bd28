import Testing
import Tether
import TetherTestSupport
import TetherTesting
import XCTest

/// The examples of Docs/*/Testing.md.
@Suite("Docs: Testing")
struct TestingSnippets {
    // snippet: testing-setup
    final class Database: Sendable {
        let writes = Counter()
    }
    final class Checkout: Sendable {
        let database: Database
        init(database: Database) { self.database = database }
        func pay() { database.writes.increment() }
        func refund() { database.writes.increment() }
    }

    enum App {
        /// The app's setup, which every test calls: the same registration lines each time.
        static func makeContainer() -> DIContainer {
            let container = DIContainer()
            container.register(Database.init).lifetime(.single)
            container.register(Checkout.init(database:))
            return container
        }
    }
    // end-snippet

    // snippet: testing-trait
    @Suite(.tetherSandbox)
    struct CheckoutTests {
        let container = App.makeContainer()  // made in each test's own sandbox

        @Test func payingWritesOnce() {
            let checkout: Checkout = container.resolve()
            checkout.pay()
            #expect(checkout.database.writes.count == 1)  // no other test wrote to this Database
        }

        @Test func refundingWritesOnce() {
            let checkout: Checkout = container.resolve()
            checkout.refund()
            #expect(checkout.database.writes.count == 1)
        }
    }
    // end-snippet

    @Test func eachSandboxBuildsItsOwnSingle() async {
        // snippet: testing-scope
        let first: Database = await withTetherSandbox { App.makeContainer().resolve() }
        let second: Database = await withTetherSandbox { App.makeContainer().resolve() }
        #expect(first !== second)
        // end-snippet
    }

    final class Basket: Sendable {}

    // snippet: testing-parent
    /// A feature's child container, with a `single` of its own.
    static func makeFeatureContainer(parent: DIContainer) -> DIContainer {
        let feature = DIContainer(parent: parent)
        feature.register(Basket.init).lifetime(.single)
        return feature
    }

    @Test func aChildInASandboxKeepsItsParentsSingles() async {
        let app = App.makeContainer()  // made outside any sandbox
        let appBasket: Basket = Self.makeFeatureContainer(parent: app).resolve()
        await withTetherSandbox {
            let feature = Self.makeFeatureContainer(parent: app)
            // The parent's registration: the instance of the process, where the parent was made.
            #expect(feature.resolve(Database.self) === app.resolve(Database.self))
            // The child's own registration: the sandbox's instance.
            #expect(feature.resolve(Basket.self) !== appBasket)
        }
    }
    // end-snippet

    // snippet: testing-mock-types
    protocol Mailer: AnyObject {
        func send(_ text: String)
    }
    final class RecordingMailer: Mailer {  // a mock that records what it was given: not Sendable
        var sent: [String] = []
        func send(_ text: String) { sent.append(text) }
    }
    // end-snippet

    // snippet: testing-main-actor-mock
    @MainActor  // registers the mock and inspects it on the main actor
    @Test func theMockRecordsWhatItWasGiven() throws {
        let container = DIContainer()
        let mailer = RecordingMailer()
        container.registerInstance(mailer).as((any Mailer).self)  // handed out on the main actor only
        try container.resolveOrThrow((any Mailer).self).send("receipt")
        #expect(mailer.sent == ["receipt"])
    }
    // end-snippet

    @Test func theAppsGraphIsValid() {
        // snippet: testing-expect-valid
        App.makeContainer().expectValid()  // each error and warning, an issue at its registration's line
        // end-snippet
    }
}

/// The XCTest form of the page's example.
final class TestingSnippetsXCTests: XCTestCase {
    typealias App = TestingSnippets.App

    // snippet: testing-assert-valid
    func testTheAppsGraphIsValid() {
        assertValid(App.makeContainer())  // each error and warning, a failure at its registration's line
    }
    // end-snippet
}
