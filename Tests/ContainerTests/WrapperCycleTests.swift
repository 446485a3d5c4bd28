import Foundation
import Testing
import Tether

/// Two screens whose wrappers ask for each other: a cycle no single resolve sees.
final class PingScreen {
    static let line = #line + 1
    @Injected var pong: PongScreen
}
final class PongScreen {
    static let line = #line + 1
    @Injected var ping: PingScreen
}

/// A form whose completion injects into the form it completes.
final class SelfInjectingForm {
    var completions = 0
    /// Another form of the same type, which its completion may inject into.
    let partner: SelfInjectingForm?
    init(partner: SelfInjectingForm? = nil) { self.partner = partner }
}

@Suite("Cycles that leave the resolve stop with dependency-cycle, never a crash without a word")
struct WrapperCycleTests {
    @Test func aCycleThroughWrappersStopsWithDependencyCycleNamingEachWrapper() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let container = DIContainer()
            container.register(PingScreen.init)
            container.register(PongScreen.init)
            _ = DIContainer.withAmbient(container) { container.resolve(PingScreen.self) }
        }
        let output = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(
            output.contains("error[dependency-cycle]: `PongScreen` is needed while it is still being built"),
            "\(output)")
        let ping = "@Injected in PingScreen at TetherTests/WrapperCycleTests.swift:\(PingScreen.line)"
        let pong = "@Injected in PongScreen at TetherTests/WrapperCycleTests.swift:\(PongScreen.line)"
        #expect(
            output.contains("through: \(ping) asks for PongScreen -> \(pong) asks for PingScreen -> \(ping) again"),
            "\(output)")
        #expect(output.contains("help: make one of these wrappers `@LazyInjected`"), "\(output)")
    }

    @Test func aCompletionThatInjectsIntoTheObjectItCompletesIsADependencyCycle() throws {
        let container = DIContainer()
        container.register { SelfInjectingForm() }.completion { [unowned container] (form: SelfInjectingForm) in
            form.completions += 1
            try container.injectOrThrow(into: form)
        }
        let error = try #require(throws: DIError.self) { try container.resolveOrThrow(SelfInjectingForm.self) }
        #expect(error.code == "dependency-cycle")
        #expect(error.message == "`SelfInjectingForm` is needed while it is still being built", "\(error)")
    }

    @Test func injectingIntoAnotherObjectOfTheSameTypeInsideACompletionIsNoCycle() throws {
        let container = DIContainer()
        container.register { SelfInjectingForm(partner: SelfInjectingForm()) }.completion {
            [unowned container] (form: SelfInjectingForm) in
            form.completions += 1
            if let partner = form.partner { try container.injectOrThrow(into: partner) }
        }
        let form = try container.resolveOrThrow(SelfInjectingForm.self)
        #expect(form.completions == 1)
        #expect(form.partner?.completions == 1)
    }
}
