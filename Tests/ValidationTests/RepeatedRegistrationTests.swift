import Testing
import Tether
import TetherValidation

// One registering function called twice makes candidates with one site: the finding says the line ran twice.
protocol ImageLoading: AnyObject {}
final class CachedImageLoader: ImageLoading {}
final class NetworkImageLoader: ImageLoading {}
final class Gallery {
    init(loader: any ImageLoading) {}
}

/// A part of the app, registered by a function, as a feature's setup often is.
private func registerImages(in container: DIContainer) -> Int {
    container.register(CachedImageLoader.init).as((any ImageLoading).self)
    return #line - 1
}

/// A helper that registers whatever it is given without passing its caller's `#line` on: every type it registers
/// gets its site.
private func registerLoader<Loader: ImageLoading>(
    _ make: @escaping @Sendable () -> Loader, in container: DIContainer
) -> Int {
    container.register(make).as((any ImageLoading).self)
    return #line - 1
}

@Suite("ambiguous-dependency: candidates that are one line run twice")
struct RepeatedRegistrationTests {
    @Test func candidatesSharingOneSiteAreOneLineThatRanTwice() throws {
        let container = DIContainer()
        container.register(Gallery.init(loader:))
        let line = registerImages(in: container)
        _ = registerImages(in: container)
        let report = container.validationReport()
        #expect(report.codes == ["ambiguous-dependency"])
        let finding = try #require(report.findings.first)
        let site = "TetherValidationTests/RepeatedRegistrationTests.swift:\(line)"
        #expect(
            finding.details == [
                "candidate: CachedImageLoader at \(site)", "candidate: CachedImageLoader at \(site)",
                "why: these are one registration at \(site) that ran 2 times",
            ])
        #expect(
            finding.help == "run the registration at \(site) once (install its module or call its function once), "
                + "add `.replacing()` to it if a later run should replace the earlier, or give each run its own name with "
                + "`.as((any ImageLoading).self, name:)`")
    }

    @Test func candidatesFromDifferentSitesKeepTheUsualHelp() throws {
        let container = DIContainer()
        container.register(Gallery.init(loader:))
        container.register(CachedImageLoader.init).as((any ImageLoading).self)
        container.register(CachedImageLoader.init).as((any ImageLoading).self)
        let finding = try #require(container.validationReport().findings.first)
        #expect(finding.details.count == 2)
        #expect(finding.help.hasPrefix("mark one of them `.default()`"))
    }

    @Test func twoTypesRegisteredThroughOneHelperAreTwoImplementationsNotARepeat() throws {
        let container = DIContainer()
        container.register(Gallery.init(loader:))
        let line = registerLoader({ CachedImageLoader() }, in: container)
        _ = registerLoader({ NetworkImageLoader() }, in: container)
        let finding = try #require(container.validationReport().findings.first)
        let site = "TetherValidationTests/RepeatedRegistrationTests.swift:\(line)"
        #expect(finding.code == .ambiguousDependency)
        #expect(
            finding.details == ["candidate: CachedImageLoader at \(site)", "candidate: NetworkImageLoader at \(site)"])
        #expect(finding.help.hasPrefix("mark one of them `.default()`"))

        // The helper run twice for one type is a repeat beside the other implementation, and named as one.
        _ = registerLoader({ CachedImageLoader() }, in: container)
        let repeated = try #require(container.validationReport().findings.first)
        #expect(repeated.details.last == "why: the registration of CachedImageLoader at \(site) ran 2 times")
        #expect(repeated.help.hasPrefix("mark one of them `.default()`"))
    }

    @Test func theFixTheHelpGivesResolves() throws {
        let container = DIContainer()
        container.register(Gallery.init(loader:))
        _ = registerImages(in: container)
        container.register(CachedImageLoader.init).as((any ImageLoading).self).replacing()
        try container.validate()
        _ = try container.resolveOrThrow(Gallery.self)
    }
}
