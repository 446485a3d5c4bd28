import Testing
import Tether

@Suite("Named and tagged dependencies: parameters, injections and request shapes")
struct NamedAndTaggedDependencyTests {
    protocol Database: AnyObject { var label: String { get } }
    final class Store: Database, Sendable {
        let label: String
        init(label: String) { self.label = label }
    }
    enum Primary {}
    enum Replica {}
    enum Audited {}

    final class Repository {
        let primary: any Database
        let replica: any Database
        init(primary: any Database, replica: any Database) { (self.primary, self.replica) = (primary, replica) }
    }

    /// Two databases tagged `Primary` and `Replica`, also named "primary" and "replica"; the replica is `Audited` too.
    func databases() -> DIContainer {
        let container = DIContainer()
        container.register { Store(label: "primary") }.lifetime(.perContainer(.strong))
            .as((any Database).self).as((any Database).self, name: "primary").tag(Primary.self)
        container.register { Store(label: "replica") }.lifetime(.perContainer(.strong))
            .as((any Database).self).as((any Database).self, name: "replica").tag(Replica.self).tag(Audited.self)
        return container
    }

    @Test func taggedParametersGetTheProvidersWithTheirTag() throws {
        let container = databases()
        container.register { (primary: DITagged<Primary, any Database>, replica: DITagged<Replica, any Database>) in
            Repository(primary: primary.value, replica: replica.value)
        }
        let repository = try container.resolveOrThrow(Repository.self)
        #expect(repository.primary.label == "primary")
        #expect(repository.replica.label == "replica")
        #expect(repository.primary === (try container.resolveOrThrow((any Database).self, name: "primary")))
        // Tagging adds providers; it takes none away, so the untagged request still sees both.
        #expect {
            try container.resolveOrThrow((any Database).self)
        } throws: { ($0 as? DIError)?.code == "ambiguous-dependency" }
    }

    @Test func aTaggedListHoldsEveryProviderWithTheTagInRegistrationOrder() throws {
        let container = databases()
        container.register { Store(label: "archive") }.as((any Database).self).tag(Audited.self)
        let audited = try container.resolveOrThrow(DITagged<Audited, [any Database]>.self).value
        #expect(audited.map(\.label) == ["replica", "archive"])
        let primary = try container.resolveOrThrow(DITagged<Primary, [any Database]>.self).value
        #expect(primary.map(\.label) == ["primary"])
        // Untagged `[P]` lists each registration once, however many tags it has.
        #expect(try container.resolveOrThrow([any Database].self).map(\.label) == ["primary", "replica", "archive"])
        #expect(try container.resolveOrThrow(DITagged<Replica, (any Database)?>.self).value?.label == "replica")
        #expect(try container.resolveOrThrow(DITagged<Repository, (any Database)?>.self).value == nil)
    }

    final class Reports {
        let primary: DITagged<Primary, any Database>?
        let audited: [DITagged<Audited, any Database>]
        let lazyReplica: Lazy<DITagged<Replica, any Database>>
        init(
            primary: DITagged<Primary, any Database>?, audited: [DITagged<Audited, any Database>],
            lazyReplica: Lazy<DITagged<Replica, any Database>>
        ) {
            (self.primary, self.audited, self.lazyReplica) = (primary, audited, lazyReplica)
        }
    }

    @Test func aTaggedValueInsideAnOptionalAListOrALazyAsksForTheTag() throws {
        let container = databases()
        container.register { Store(label: "archive") }.as((any Database).self).tag(Audited.self)
        container.register(Reports.init(primary:audited:lazyReplica:))
        let reports = try container.resolveOrThrow(Reports.self)
        #expect(reports.primary?.value.label == "primary")
        #expect(reports.audited.map(\.value.label) == ["replica", "archive"])
        #expect(try reports.lazyReplica.get().value.label == "replica")
        // At top level too, and an Optional of a tag nothing has is nil.
        #expect(try container.resolveOrThrow(DITagged<Replica, any Database>?.self)?.value.label == "replica")
        #expect(try container.resolveOrThrow([DITagged<Primary, any Database>].self).map(\.value.label) == ["primary"])
        #expect(try container.resolveOrThrow(DITagged<Repository, any Database>?.self) == nil)
    }

    final class Shards {
        let audited: [Lazy<DITagged<Audited, any Database>>]
        let primary: Provider<DITagged<Primary, any Database>>?
        init(audited: [Lazy<DITagged<Audited, any Database>>], primary: Provider<DITagged<Primary, any Database>>?) {
            (self.audited, self.primary) = (audited, primary)
        }
    }

    @Test func aTaggedValueTwoShapesDeepAsksForTheTag() throws {
        let container = databases()
        container.register(Shards.init(audited:primary:))
        let shards = try container.resolveOrThrow(Shards.self)
        #expect(try shards.audited.map { try $0.get().value.label } == ["replica"])
        #expect(try shards.primary?.get().value.label == "primary")
    }

    @Test func aTaggedValueInsideATaggedValueAsksForBothTags() throws {
        let container = databases()
        // A third store carries only one of the two tags: neither tag alone picks the replica.
        container.register { Store(label: "audited only") }.as((any Database).self).tag(Audited.self)
        final class Both {
            let database: any Database
            init(database: DITagged<Replica, DITagged<Audited, any Database>>) { self.database = database.value.value }
        }
        container.register(Both.init(database:))
        #expect(try container.resolveOrThrow(Both.self).database.label == "replica")
        // In either order, at top level, and inside shapes.
        let reversed = try container.resolveOrThrow(DITagged<Audited, DITagged<Replica, any Database>>.self)
        #expect(reversed.value.value.label == "replica")
        let all = try container.resolveOrThrow([DITagged<Audited, DITagged<Replica, any Database>>].self)
        #expect(all.map(\.value.value.label) == ["replica"])
        let audited = try container.resolveOrThrow([DITagged<Audited, any Database>].self)
        #expect(audited.map(\.value.label) == ["replica", "audited only"])
        let lazy = try container.resolveOrThrow(Lazy<DITagged<Replica, DITagged<Audited, any Database>>?>.self)
        #expect(try lazy.get()?.value.value.label == "replica")
    }

    @Test func aRequestForTwoTagsNamesTheTagItsNearestProviderLacks() throws {
        let container = databases()
        let error = #expect(throws: DIError.self) {
            try container.resolveOrThrow(DITagged<Primary, DITagged<Audited, any Database>>.self)
        }
        #expect(error?.code == "not-registered")
        #expect(error?.description.contains("tagged Audited and Primary") == true, "\(String(describing: error))")
        #expect(error?.description.contains("registered without tag Audited") == true, "\(String(describing: error))")
    }

    @Test func aProviderLackingBothTagsGetsHelpAddingBoth() {
        let container = DIContainer()
        container.register { Store(label: "plain") }.as((any Database).self)
        let error = #expect(throws: DIError.self) {
            try container.resolveOrThrow(DITagged<Primary, DITagged<Audited, any Database>>.self)
        }
        let text = error?.description ?? ""
        #expect(text.contains("registered without tags Audited and Primary"), "\(text)")
        #expect(text.contains("add `.tag(Audited.self)` and `.tag(Primary.self)` to the registration at"), "\(text)")
    }

    @Test func aRequestForFourTagsIsAnInvalidRegistration() {
        enum Fourth {}
        let container = databases()
        final class Deep {
            init(database: DITagged<Primary, DITagged<Replica, DITagged<Audited, DITagged<Fourth, any Database>>>>) {}
        }
        container.register(Deep.init(database:))
        let error = #expect(throws: DIError.self) { try container.resolveOrThrow(Deep.self) }
        #expect(error?.code == "invalid-registration")
        #expect(error?.description.contains("asks for 4 tags, and a request names at most 3") == true)
    }

    @Test func aTopLevelRequestForFourTagsIsAnInvalidRequest() {
        enum Fourth {}
        let container = databases()
        let error = #expect(throws: DIError.self) {
            try container.resolveOrThrow(
                DITagged<Primary, DITagged<Replica, DITagged<Audited, DITagged<Fourth, any Database>>>>.self)
        }
        #expect(error?.code == "invalid-request", "no registration is wrong, nor missing: \(String(describing: error))")
        #expect(error?.message.hasSuffix("asks for 4 tags, and a request names at most 3") == true)
        #expect(error?.help == "tag the providers with one tag that stands for several, and ask for that tag")
    }

    @Test func initializerParametersAskForNamesAndTagsByPosition() throws {
        let container = databases()
        container.register(Repository.init(primary:replica:)).parameter(at: 0, name: "primary")
            .parameter(at: 1, tag: Replica.self)
        let repository = try container.resolveOrThrow(Repository.self)
        #expect(repository.primary.label == "primary")
        #expect(repository.replica.label == "replica")
        let dependencies = container.registrySnapshot().components.last!.dependencies
        #expect(dependencies.map(\.description) == [#"Database named "primary""#, "Database tagged Replica"])
    }

    final class Report {
        var source: (any Database)?
        var backup: (any Database)?
    }

    @Test func injectionsAskForNamesAndTags() throws {
        let container = databases()
        container.register(Report.init)
            .injection(\.source, name: "replica")
            .injection(tag: Primary.self) { (report, database: any Database) in report.backup = database }
        let report = try container.resolveOrThrow(Report.self)
        #expect(report.source?.label == "replica")
        #expect(report.backup?.label == "primary")
    }

    @Test func aDependencyAskingForANameAndATagFindsTheProviderWithBoth() throws {
        let container = databases()
        container.register(Report.init).injection(\.source, name: "replica", tag: Audited.self)
        #expect(try container.resolveOrThrow(Report.self).source?.label == "replica")
    }

    @Test func aParameterPositionPastTheFactoryIsAnErrorAtResolveNotATrap() throws {
        let container = databases()
        let line = #line + 1
        container.register(Repository.init(primary:replica:)).parameter(at: 2, name: "primary")
        let error = try #require(throws: DIError.self) { try container.resolveOrThrow(Repository.self) }
        #expect(error.code == "invalid-registration")
        #expect(
            error.message
                == "the registration of Repository is invalid: parameter(at: 2), but the factory takes 2 parameters")
        #expect(error.details == ["registered at: TetherTests/NamedAndTaggedDependencyTests.swift:\(line)"])
        #expect(container.registrySnapshot().components.last?.problems.count == 1)
    }

    final class Dog: Sendable {
        let name: String
        init(name: String) { self.name = name }
    }

    @Test func namedRequestsOfEveryShapeFindTheNamedProvider() throws {
        let container = DIContainer()
        container.register { Dog(name: "Hachi") }.lifetime(.perContainer(.strong)).as(Dog.self, name: "Hachi")
        let hachi = try container.resolveOrThrow(Dog.self, name: "Hachi")
        #expect(try container.resolveOrThrow(Dog?.self, name: "Hachi") === hachi)
        #expect(try container.resolveOrThrow(Dog?.self, name: "Pochi") == nil)
        #expect(try container.resolveOrThrow(Lazy<Dog>.self, name: "Hachi").get() === hachi)
        #expect(try container.resolveOrThrow(Provider<Dog>.self, name: "Hachi").get() === hachi)
        #expect(
            try container.resolveOrThrow([Dog].self, name: "Hachi").map(ObjectIdentifier.init) == [
                ObjectIdentifier(hachi)
            ])
        #expect(try container.resolveOrThrow([Dog].self, name: "Pochi").isEmpty)
        #expect {
            try container.resolveOrThrow(Lazy<Dog>.self, name: "Pochi")
        } throws: { error in
            guard let error = error as? DIError, case .notRegistered(let request, let similar) = error.kind else {
                return false
            }
            return request.name == "Pochi" && similar.map(\.reason) == [.differentName("Hachi")]
        }
    }

    @Test func aMissingTagNamesTheRegistrationThatLacksIt() throws {
        let container = DIContainer()
        let line = #line + 1
        container.register { Store(label: "primary") }.as((any Database).self)
        container.register { (db: DITagged<Primary, any Database>) in Repository(primary: db.value, replica: db.value) }
        let error = try #require(throws: DIError.self) { try container.resolveOrThrow(Repository.self) }
        #expect(error.code == "not-registered")
        let site = "TetherTests/NamedAndTaggedDependencyTests.swift:\(line)"
        #expect(error.failedRequest == "Database tagged Primary")
        #expect(error.details == ["similar: Store registered without tag Primary at \(site)"])
        #expect(error.help == "add `.tag(Primary.self)` to the registration at \(site)")
    }

    @Test func aTagAddedAfterTheFirstResolveIsSeen() throws {
        let container = DIContainer()
        let store = container.register { Store(label: "primary") }.as((any Database).self)
        #expect(try container.resolveOrThrow(DITagged<Primary, (any Database)?>.self).value == nil)
        store.tag(Primary.self)
        #expect(try container.resolveOrThrow(DITagged<Primary, (any Database)?>.self).value?.label == "primary")
        // An alias added to a tagged registration is provided under the tag too.
        store.as(Store.self)
        #expect(try container.resolveOrThrow(DITagged<Primary, Store>.self).value.label == "primary")
    }

    @Test func aChildsTaggedProviderOverridesItsParents() throws {
        let parent = databases()
        let child = DIContainer(parent: parent)
        child.register { Store(label: "test primary") }.as((any Database).self).tag(Primary.self)
        #expect(try child.resolveOrThrow(DITagged<Primary, any Database>.self).value.label == "test primary")
        #expect(try child.resolveOrThrow(DITagged<Replica, any Database>.self).value.label == "replica")
        #expect(try parent.resolveOrThrow(DITagged<Primary, any Database>.self).value.label == "primary")
    }
}
