import Testing
import Tether
import TetherValidation

// `register(Foo.init)` makes every parameter a dependency, those with default values too.
final class LocaleSource {}
final class Formatter {
    init(locale: LocaleSource = LocaleSource()) {}
}

@Suite("missing-dependency: a parameter with a default value is resolved too")
struct DefaultArgumentTests {
    static let hint =
        "a parameter with a default value is resolved too: to keep its default, register a closure that leaves it out"

    @Test func theFindingSaysADefaultValueIsResolvedToo() throws {
        let container = DIContainer()
        container.register(Formatter.init(locale:))
        let finding = try #require(container.validationReport().findings.first)
        #expect(finding.code == .missingDependency)
        #expect(finding.help.hasSuffix("; " + Self.hint))
    }

    @Test func theRuntimeErrorSaysSoToo() throws {
        let container = DIContainer()
        container.register(Formatter.init(locale:))
        let error = try #require(#expect(throws: DIError.self) { try container.resolveOrThrow(Formatter.self) })
        #expect(error.code == "not-registered")
        #expect(error.help.hasSuffix("; " + Self.hint))
    }

    @Test func aClosureThatLeavesTheParameterOutKeepsItsDefault() throws {
        let container = DIContainer()
        container.register { Formatter() }
        try container.validate()
        _ = try container.resolveOrThrow(Formatter.self)
    }

    final class Holder {
        var locale = LocaleSource()
    }

    @Test func anInjectionHasNoDefaultValueSoTheHintIsLeftOut() throws {
        let container = DIContainer()
        container.register { Holder() }.injection(\.locale)
        let finding = try #require(container.validationReport().findings.first)
        #expect(finding.code == .missingDependency)
        #expect(finding.location?.context == "injection `locale` of Holder")
        #expect(!finding.help.contains("default value"))
    }

    @Test func aTopLevelResolveAsksNoParameterSoTheRuntimeErrorLeavesTheHintOut() throws {
        let error = try #require(#expect(throws: DIError.self) { try DIContainer().resolveOrThrow(LocaleSource.self) })
        #expect(error.code == "not-registered")
        #expect(
            error.help == "register a component that provides `LocaleSource`, or add `.as(LocaleSource.self)` to a "
                + "registration whose type implements it")
    }

    @Test func aRuntimeInjectionLeavesTheHintOutAsValidationDoes() throws {
        let container = DIContainer()
        container.register { Holder() }.injection(\.locale)
        let error = try #require(#expect(throws: DIError.self) { try container.resolveOrThrow(Holder.self) })
        #expect(error.code == "not-registered")
        #expect(!error.help.contains("default value"))
    }
}
