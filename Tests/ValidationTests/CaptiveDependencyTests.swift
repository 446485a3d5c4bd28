import Testing
import Tether
import TetherValidation

// A warning only where a holder takes something away from the user; the ordinary container-scoped service
// holding a graph-scoped helper is a note, and a value type held is nothing.
final class SessionStore {}
final class SessionCache {}
final class ProfileService {
    let store: SessionStore
    init(store: SessionStore) { self.store = store }
}
final class SettingsService {
    let store: SessionStore
    init(store: SessionStore) { self.store = store }
}
final class AppCore {
    let profile: ProfileService
    let settings: SettingsService
    init(profile: ProfileService, settings: SettingsService) {
        self.profile = profile
        self.settings = settings
    }
}
protocol SessionReading: AnyObject {}
protocol SessionWriting: AnyObject {}
extension SessionStore: SessionReading, SessionWriting {}
final class SyncService {
    let profile: ProfileService
    let store: SessionStore
    init(profile: ProfileService, store: SessionStore) {
        self.profile = profile
        self.store = store
    }
}
struct RetryPolicy {}
final class RetryingClient {
    init(policy: RetryPolicy) {}
}

@Suite("captive-dependency: warnings where a lifetime is lost, notes for the rest")
struct CaptiveDependencyTests {
    @Test func aSingleHoldingAnObjectGraphKeepsItsOwnCopyAsANote() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register(ProfileService.init(store:)).lifetime(.single)
        container.register(SessionStore.init).lifetime(.objectGraph)
        let report = container.validationReport()
        #expect(report.codes == ["captive-dependency"])
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .info)
        #expect(finding.description == """
            info[captive-dependency]: `ProfileService` (single) keeps its `SessionStore` (objectGraph) as long as it lives
              --> TetherValidationTests/CaptiveDependencyTests.swift:\(line) (parameter 1 of ProfileService)
              path: ProfileService (single) -> SessionStore (objectGraph)
              why: the SessionStore built for ProfileService is its own and nothing else holds it, as with any field of a long-lived object
              help: nothing to do if ProfileService may keep it; inject `Provider<SessionStore>` if it needs a new one each time
            """)
        #expect(report.summary == "0 errors, 0 warnings, 1 note")
    }

    @Test func aPerContainerHoldingAPrototypeIsANote() {
        let container = DIContainer()
        container.register(ProfileService.init(store:)).lifetime(.perContainer(.strong))
        container.register(SessionStore.init)
        let report = container.validationReport()
        #expect(report.findings.map(\.severity) == [.info])
        #expect(report.codes == ["captive-dependency"])
    }

    @Test func aCustomScopeHeldByALongerLivedHolderIsAWarning() throws {
        let session = DIScope(name: "session", storage: DICacheStorage())
        let container = DIContainer()
        container.register(ProfileService.init(store:)).lifetime(.perRun(.strong))
        container.register(SessionStore.init).lifetime(.custom(session))
        let finding = try #require(container.validationReport().findings.first)
        #expect(finding.code == .captiveDependency)
        #expect(finding.severity == .warning)
        #expect(finding.message
            == "`ProfileService` (perRun(.strong)) holds `SessionStore` (custom(session)), so cleaning the scope no longer ends it")
        #expect(finding.help.hasPrefix("inject `Provider<SessionStore>` and call it when needed (each call asks the scope)"))
    }

    @Test func aWeakLifetimeHeldByALongerLivedHolderIsAWarning() throws {
        let container = DIContainer()
        container.register(ProfileService.init(store:)).lifetime(.single)
        container.register(SessionStore.init).lifetime(.perContainer(.weak))
        let finding = try #require(container.validationReport().findings.first)
        #expect(finding.severity == .warning)
        #expect(finding.message
            == "`ProfileService` (single) holds `SessionStore` (perContainer(.weak)), so its weak lifetime never releases it")
        #expect(finding.help.contains("give SessionStore a strong lifetime if it is meant to stay"))
    }

    @Test func twoSingletonsBuiltInOneResolveSharingAnObjectGraphIsOneWarning() throws {
        let container = DIContainer()
        container.register(AppCore.init(profile:settings:)).lifetime(.single)
        let line = #line + 1
        container.register(ProfileService.init(store:)).lifetime(.single)
        container.register(SettingsService.init(store:)).lifetime(.single)
        container.register(SessionStore.init).lifetime(.objectGraph)
        let report = container.validationReport()
        #expect(report.codes == ["captive-dependency"], "\(report)")
        let finding = try #require(report.findings.first)
        #expect(finding.severity == .warning)
        #expect(finding.message
            == "`ProfileService` (single) and `SettingsService` (single) share one `SessionStore` (objectGraph) for as long as they live")
        #expect(finding.details == [
            "holder: parameter 1 of ProfileService at TetherValidationTests/CaptiveDependencyTests.swift:\(line)",
            "holder: parameter 1 of SettingsService at TetherValidationTests/CaptiveDependencyTests.swift:\(line + 1)",
            "why: resolving `AppCore` builds them in one resolve, which makes one SessionStore for all; resolved apart, each would get its own",
        ])
        #expect(finding.involved.map(\.typeName) == ["SessionStore", "SettingsService"])

        // What the warning says happens: built together they share one store, resolved apart each has its own.
        let core: AppCore = container.resolve()
        #expect(core.profile.store === core.settings.store)
        let apart = DIContainer()
        apart.register(ProfileService.init(store:)).lifetime(.single)
        apart.register(SettingsService.init(store:)).lifetime(.single)
        apart.register(SessionStore.init).lifetime(.objectGraph)
        #expect(apart.resolve(ProfileService.self).store !== apart.resolve(SettingsService.self).store)
    }

    @Test func aHolderThatBuildsTheOtherHolderSharesItsInstanceWithIt() throws {
        let container = DIContainer()
        container.register(SyncService.init(profile:store:)).lifetime(.perContainer(.strong))
        container.register(ProfileService.init(store:)).lifetime(.single)
        container.register(SessionStore.init).lifetime(.objectGraph)
        let report = container.validationReport()
        let finding = try #require(report.findings.first)
        #expect(report.findings.count == 1)
        #expect(finding.severity == .warning)
        #expect(finding.message.hasPrefix("`SyncService` (perContainer(.strong)) and `ProfileService` (single) share one `SessionStore`"))
        #expect(finding.details.last?.hasPrefix("why: resolving `SyncService` builds them in one resolve") == true)
        let sync: SyncService = container.resolve()
        #expect(sync.store === sync.profile.store)
    }

    @Test func twoSingletonsNoResolveBuildsTogetherGetNotes() {
        let container = DIContainer()
        container.register(ProfileService.init(store:)).lifetime(.single)
        container.register(SettingsService.init(store:)).lifetime(.single)
        container.register(SessionStore.init).lifetime(.objectGraph)
        let report = container.validationReport()
        #expect(report.codes == ["captive-dependency", "captive-dependency"])
        #expect(report.findings.allSatisfy { $0.severity == .info })
    }

    @Test func forwardingRegistrationsOfOneObjectGraphInstanceShareItByDesign() {
        let container = DIContainer()
        container.register { (reader: any SessionReading, writer: any SessionWriting) in
            AppCore(profile: ProfileService(store: SessionStore()), settings: SettingsService(store: SessionStore()))
        }.lifetime(.single)
        container.register { (store: SessionStore) -> any SessionReading in store }.lifetime(.single)
        container.register { (store: SessionStore) -> any SessionWriting in store }.lifetime(.single)
        container.register(SessionStore.init).lifetime(.objectGraph)
        let report = container.validationReport()
        #expect(report.codes == ["captive-dependency", "captive-dependency"], "\(report)")
        #expect(report.warnings.isEmpty)
    }

    @Test func aValueTypeHeldByALongerLivedHolderIsNoFinding() {
        let container = DIContainer()
        container.register(RetryingClient.init(policy:)).lifetime(.single)
        container.register { RetryPolicy() }.lifetime(.objectGraph)
        #expect(container.validationReport().findings.isEmpty)
    }
}
