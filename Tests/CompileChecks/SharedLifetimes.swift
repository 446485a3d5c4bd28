// swift-format-ignore-file
// What the compiler refuses, each on its line: a trailing `expected-error` comment names the text of the error the
// line must get. Scripts/check-compile-errors.py type-checks this file against the built Tether module and fails on a missing
// error or any other one. Not part of a target: it does not compile, by design.
import Tether

final class Counter {
    var value = 0
}
protocol Counting: AnyObject {}
extension Counter: Counting {}

func everySharedLifetimeOfANonSendableClass(_ container: DIContainer) {
    container.register(Counter.init).lifetime(.perContainer(.strong))  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
    container.register(Counter.init).lifetime(.perContainer(.weak))  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
    container.register(Counter.init).lifetime(.perRun(.strong))  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
    container.register(Counter.init).lifetime(.perRun(.weak))  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
    container.register(Counter.init).lifetime(.single)  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
    container.register(Counter.init).lifetime(.custom(.cached))  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
    container.register(Counter.init).lifetime(.application)  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
    container.register(Counter.init).lifetime(.shared)  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
    container.register(Counter.init).lifetime(.container)  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
    container.register(Counter.init).lifetime(.cached)  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
    container.register(Counter.init).lifetime(.perRequest)  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
    container.register { Counter() }.lifetime(.single)  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
}

func aSharedLifetimeAfterOtherBuilderCalls(_ container: DIContainer) {
    container.register(Counter.init).as((any Counting).self).lifetime(.single)  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
    container.register(Counter.init).tag(Int.self).lifetime(.single)  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
    container.register(Counter.init).as(Counter.self, name: "a").lifetime(.single)  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
    container.register(Counter.init).default().root().lifetime(.perContainer(.strong))  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
}

func aLifetimeChosenAtRunTime(_ container: DIContainer, lifetime: DILifeTime) {
    container.register(Counter.init).lifetime(lifetime)  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
    container.register(Counter.init).lifetime(.of(lifetime))  // expected-error: type 'Counter' does not conform to the 'Sendable' protocol
}

/// A conformance outside the module can only carry one of the two lifetimes the protocol's value type makes.
struct HomeMadeUnshared: DILifeTime.Unshared {
    var unshared: DILifeTime.UnsharedValue { .single }  // expected-error: type 'DILifeTime.UnsharedValue' has no member 'single'
}

func aNonSendableInstanceFromNonisolatedCode(_ container: DIContainer) {
    container.registerInstance(Counter())  // expected-error: call to main actor-isolated instance method 'registerInstance(_:file:line:filePath:)' in a synchronous nonisolated context
}
