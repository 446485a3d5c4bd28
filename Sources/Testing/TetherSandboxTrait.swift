public import Testing

/// A Swift Testing trait that runs each test in a sandbox of its own (`withTetherSandbox`): the `perRun` and
/// `single` instances of the containers it makes are its own, however many tests build containers with the same
/// setup function at the same time. They are dropped when the test ends, so none outlives it.
///
/// On a suite it applies to every test and test case in it (and in nested suites), each in its own sandbox.
///
/// ```swift
/// @Suite(.tetherSandbox)  // App, Checkout and its `single` Database: the setup in Docs/en/Testing.md
/// struct CheckoutTests {
///     let container = App.makeContainer()  // made in each test's own sandbox
///
///     @Test func payingWritesOnce() {
///         let checkout: Checkout = container.resolve()
///         checkout.pay()
///         #expect(checkout.database.writes.count == 1)  // no test running beside it wrote to this Database
///     }
/// }
/// ```
public struct TetherSandboxTrait: TestTrait, SuiteTrait, TestScoping {
    /// `true`: a suite's tests each get a sandbox, rather than sharing one for the whole suite.
    public var isRecursive: Bool { true }

    /// Runs the test in a fresh sandbox.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTetherSandbox { try await function() }
    }
}

extension Trait where Self == TetherSandboxTrait {
    /// Gives each test its own `perRun` and `single` instances: `@Test(.tetherSandbox)`, `@Suite(.tetherSandbox)`.
    public static var tetherSandbox: Self { TetherSandboxTrait() }
}
