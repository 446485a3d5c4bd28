import Testing
import Tether
import TetherTestSupport

/// The examples of Docs/*/Lifetimes.md.
@Suite("Docs: Lifetimes")
struct LifetimesSnippets {
    // snippet: lifetime-types
    final class Cat: Sendable {}
    final class DetailModel: Sendable {}
    final class UserSession: Sendable {}
    final class Clock: Sendable {}
    // end-snippet
    final class Calendar: Sendable {}

    @Test func prototypeBuildsANewCatForEveryRequest() {
        // snippet: lifetime-prototype
        let container = DIContainer()
        container.register(Cat.init).lifetime(.prototype)
        let first: Cat = container.resolve()
        let second: Cat = container.resolve()
        #expect(first !== second)
        // end-snippet
    }

    // snippet: lifetime-graph-types
    final class A {
        let b: B, c: C
        init(b: B, c: C) { (self.b, self.c) = (b, c) }
    }
    final class B {
        let e: E, d: D
        init(e: E, d: D) { (self.e, self.d) = (e, d) }
    }
    final class C {
        let d: D, z: Z
        init(d: D, z: Z) { (self.d, self.z) = (d, z) }
    }
    final class D: Sendable {}
    final class E {}
    final class Z {}

    /// Everything is a prototype except D, which the examples vary.
    func registerGraph(in container: DIContainer, d lifetime: DILifeTime) {
        container.register(A.init(b:c:))
        container.register(B.init(e:d:))
        container.register(C.init(d:z:))
        container.register(D.init).lifetime(lifetime)
        container.register(E.init)
        container.register(Z.init)
    }
    // end-snippet

    @Test func prototypeDIsBuiltForEachPathThatNeedsIt() {
        // snippet: lifetime-graph-prototype
        let container = DIContainer()
        registerGraph(in: container, d: .prototype)
        let a1: A = container.resolve()
        let a2: A = container.resolve()
        #expect(a1.b.d !== a1.c.d)  // B and C each got a D of their own
        #expect(a1.b.d !== a2.b.d)
        #expect(a2.b.d !== a2.c.d)
        // end-snippet
    }

    @Test func objectGraphDIsSharedWithinOneResolve() {
        // snippet: lifetime-graph-object-graph
        let container = DIContainer()
        registerGraph(in: container, d: .objectGraph)
        let a1: A = container.resolve()
        let a2: A = container.resolve()
        #expect(a1.b.d === a1.c.d)  // one D for the whole graph of a1
        #expect(a1.b.d !== a2.b.d)  // and a new one for the next resolve
        #expect(a2.b.d === a2.c.d)
        // end-snippet
    }

    // snippet: lifetime-xyz-types
    protocol XYZFetching: AnyObject {}
    protocol XYZUpdating: AnyObject {}
    final class XYZCombinedService: XYZFetching, XYZUpdating {}
    final class XYZSessionService: Sendable {}
    final class XYZService: Sendable {
        let session: XYZSessionService
        init(session: XYZSessionService) { self.session = session }
    }
    final class XYZViewModel {
        let fetcher: any XYZFetching
        let updater: any XYZUpdating
        let service: XYZService
        init(fetcher: any XYZFetching, updater: any XYZUpdating, service: XYZService) {
            (self.fetcher, self.updater, self.service) = (fetcher, updater, service)
        }
    }
    // end-snippet

    @Test func oneResolveSharesOneCombinedServiceBetweenBothProtocols() {
        // snippet: lifetime-xyz
        let container = DIContainer()
        container.register(XYZViewModel.init(fetcher:updater:service:))
        container.register(XYZCombinedService.init)
            .as((any XYZFetching).self)
            .as((any XYZUpdating).self)
            .lifetime(.objectGraph)
        container.register(XYZService.init(session:))
        container.register(XYZSessionService.init)

        let model: XYZViewModel = container.resolve()
        #expect(model.fetcher === model.updater)  // both parameters met the same service
        let next: XYZViewModel = container.resolve()
        #expect(next.fetcher !== model.fetcher)  // a new resolve is a new graph
        // end-snippet
    }

    // snippet: lifetime-graph-lazy-types
    final class Document {
        let outline: Outline
        init(outline: Outline) { self.outline = outline }
    }
    final class Outline {
        let document: Lazy<Document>  // a cycle back to its document, broken with Lazy
        init(document: Lazy<Document>) { self.document = document }
    }
    // end-snippet

    @Test func aLazyMadeInAGraphReadsThatGraph() throws {
        // snippet: lifetime-graph-lazy
        let container = DIContainer()
        container.register(Document.init(outline:)).lifetime(.objectGraph)
        container.register(Outline.init(document:)).lifetime(.objectGraph)
        let document: Document = container.resolve()
        #expect(try document.outline.document.get() === document)  // the graph's Document, not a new one
        // end-snippet
    }

    // snippet: lifetime-graph-provider-types
    final class Page {
        let section: Section
        init(section: Section) { self.section = section }
    }
    final class Section {
        let page: Provider<Page>  // a cycle back to its page, broken with Provider
        init(page: Provider<Page>) { self.page = page }
    }
    // end-snippet

    @Test func aProviderClosingACycleBackToItsGraphsInstanceKeepsGivingThatInstance() throws {
        // snippet: lifetime-graph-provider
        let container = DIContainer()
        container.register(Page.init(section:)).lifetime(.objectGraph)
        container.register(Section.init(page:)).lifetime(.objectGraph)
        let page: Page = container.resolve()
        #expect(page.section.page() === page)  // a cycle back to its page: that page, on every call
        // end-snippet
    }

    // snippet: lifetime-graph-provider-beside-types
    final class Shelf {
        let book: Book
        let moreBooks: Provider<Book>  // beside the book it holds: a cycle back to nothing
        init(book: Book, moreBooks: Provider<Book>) { (self.book, self.moreBooks) = (book, moreBooks) }
    }
    final class Book {}
    // end-snippet

    @Test func aProviderBesideItsGraphsInstanceStartsAGraphOfItsOwnOnceItsResolveReturned() throws {
        // snippet: lifetime-graph-provider-beside
        let container = DIContainer()
        container.register(Shelf.init(book:moreBooks:)).lifetime(.objectGraph)
        container.register(Book.init).lifetime(.objectGraph)
        let shelf: Shelf = container.resolve()
        let next = shelf.moreBooks()  // after the resolve: a new Book, in a graph of its own
        #expect(next !== shelf.book)
        #expect(shelf.moreBooks() !== next)  // and another on every call
        // end-snippet
    }

    final class PageFactory: Sendable {
        let make: Provider<Page>
        init(make: Provider<Page>) { self.make = make }
    }

    @Test func aProviderThatALongerLivedComponentKeepsResolvesOnEveryCall() {
        let container = DIContainer()
        container.register(Page.init(section:)).lifetime(.objectGraph)
        container.register(Section.init(page:)).lifetime(.objectGraph)
        container.register(PageFactory.init(make:)).lifetime(.perContainer(.strong))
        let factory: PageFactory = container.resolve()
        #expect(factory.make() !== factory.make(), "a kept Provider does not hold one graph's Page")
    }

    // snippet: lifetime-per-container-per-run
    final class ImageCache: Sendable {}
    final class Logger: Sendable {}

    /// The app's setup, run once for each container.
    func configure(_ container: DIContainer) {
        container.register(ImageCache.init).lifetime(.perContainer(.strong))
        container.register(Logger.init).lifetime(.perRun(.strong))
    }
    // end-snippet

    @Test func perContainerIsOnePerContainerAndPerRunOnePerRegistrationLine() {
        // snippet: lifetime-per-container-per-run-resolve
        let first = DIContainer()
        let second = DIContainer()
        configure(first)
        configure(second)

        #expect(first.resolve(ImageCache.self) === first.resolve(ImageCache.self))
        #expect(first.resolve(ImageCache.self) !== second.resolve(ImageCache.self))
        #expect(first.resolve(Logger.self) === second.resolve(Logger.self))  // same `register` line

        let elsewhere = DIContainer()
        elsewhere.register(Logger.init).lifetime(.perRun(.strong))  // another line, another Logger
        #expect(elsewhere.resolve(Logger.self) !== first.resolve(Logger.self))
        // end-snippet
        first.dropProcessWideInstances()
        elsewhere.dropProcessWideInstances()
    }

    // snippet: lifetime-single
    final class Analytics: Sendable {
        static let started = Counter()
        init() { Self.started.increment() }
    }

    func configureAnalytics(_ container: DIContainer) {
        container.register(Analytics.init).lifetime(.single)
    }
    // end-snippet

    @Test func singleIsCreatedOnceByInitializeSingletonObjects() {
        // snippet: lifetime-single-resolve
        let first = DIContainer()
        let second = DIContainer()
        configureAnalytics(first)
        configureAnalytics(second)
        #expect(Analytics.started.count == 0)  // registering builds nothing

        first.initializeSingletonObjects()
        second.initializeSingletonObjects()
        #expect(Analytics.started.count == 1)  // once per process, not per container
        #expect(first.resolve(Analytics.self) === second.resolve(Analytics.self))
        // end-snippet
        first.dropProcessWideInstances()
    }

    @Test func weakLifetimeSharesOnlyWhileSomeoneHoldsTheInstance() {
        // snippet: lifetime-weak
        let container = DIContainer()
        container.register(DetailModel.init).lifetime(.perContainer(.weak))
        weak var released: DetailModel?
        do {
            let master: DetailModel = container.resolve()
            let detail: DetailModel = container.resolve()
            #expect(master === detail)  // shared while a screen holds it
            released = master
        }
        #expect(released == nil)  // the container did not keep it alive
        // end-snippet
    }

    // snippet: lifetime-weak-value
    final class Token: Sendable {}
    struct Palette: Sendable {
        let token = Token()
    }
    // end-snippet

    @Test func weakLifetimeBuildsValueTypesAnew() {
        // snippet: lifetime-weak-value-resolve
        let container = DIContainer()
        container.register { Palette() }.lifetime(.perRun(.weak))
        let first: Palette = container.resolve()
        let second: Palette = container.resolve()
        #expect(first.token !== second.token)  // a struct cannot be held weakly, so it is never shared
        // end-snippet
    }

    @Test func sessionScopeIsEmptiedOnLogout() {
        // snippet: lifetime-custom-scope
        let session = DIScope(name: "session", storage: DICacheStorage())
        let container = DIContainer()
        container.register(UserSession.init).lifetime(.custom(session))

        let before: UserSession = container.resolve()
        #expect(before === container.resolve(UserSession.self))
        session.dropInstances()  // on logout
        let after: UserSession = container.resolve()
        #expect(after !== before)
        #expect(after === container.resolve(UserSession.self))
        // end-snippet
    }

    // snippet: lifetime-custom-storage
    /// Hands out each stored object three times, then has a new one built.
    final class EveryThirdIsNew: DIStorage {
        private var entries: [DIComponentInfo: (object: Any, handedOut: Int)] = [:]

        var any: [DIComponentInfo: Any] { entries.mapValues { $0.object } }

        func fetch(key: DIComponentInfo) -> Any? {
            guard let entry = entries[key], entry.handedOut < 3 else { return nil }
            entries[key] = (entry.object, entry.handedOut + 1)
            return entry.object
        }

        // Called right after a build: the new object counts as handed out once.
        func save(object: Any, by key: DIComponentInfo) { entries[key] = (object, 1) }

        func clean() { entries.removeAll() }
    }
    // end-snippet

    @Test func everyThirdObjectIsNew() {
        // snippet: lifetime-custom-storage-resolve
        let container = DIContainer()
        let rotating = DIScope(name: "every third", storage: EveryThirdIsNew())
        container.register(Cat.init).lifetime(.custom(rotating))
        let cats = (1...6).map { _ in container.resolve(Cat.self) }
        #expect(cats[0] === cats[1] && cats[1] === cats[2])
        #expect(cats[3] !== cats[2])
        #expect(cats[3] === cats[4] && cats[4] === cats[5])
        // end-snippet
    }

    /// Runs in a process of its own: the default is process-wide, and other tests register at the same time.
    static func defaultLifetimeExample() {
        // snippet: lifetime-default
        DISetting.Defaults.lifeTime = .objectGraph  // read by `register`, so set it before registering
        let container = DIContainer()
        container.register(A.init(b:c:))
        container.register(B.init(e:d:))
        container.register(C.init(d:z:))
        container.register(D.init)
        container.register(E.init)
        container.register(Z.init)
        let a: A = container.resolve()
        precondition(a.b.d === a.c.d)  // D is objectGraph without saying so
        // end-snippet
    }

    @Test func changingTheDefaultLifetimeAffectsLaterRegistrations() async {
        await #expect(processExitsWith: .success) {
            LifetimesSnippets.defaultLifetimeExample()
        }
    }

    @Test func dropInstancesOfPerContainerReleasesThisContainersOwn() {
        // snippet: lifetime-reset-per-container
        let container = DIContainer()
        container.register(Clock.init).lifetime(.perContainer(.strong))
        let before: Clock = container.resolve()
        // this container's perContainer instances; children keep theirs
        container.dropInstances(of: .perContainer(.strong), .perContainer(.weak))
        #expect(container.resolve(Clock.self) !== before)
        // end-snippet
    }

    @Test func dropInstancesOfTheProcessWideLifetimesReleasesThisContainersInstances() {
        // snippet: lifetime-reset-container
        let container = DIContainer()
        container.register(Clock.init).lifetime(.perRun(.strong))
        let before: Clock = container.resolve()
        container.dropProcessWideInstances()  // perRun and single registrations this container sees
        #expect(container.resolve(Clock.self) !== before)
        // end-snippet
        container.dropProcessWideInstances()
    }

    @Test func dropInstancesOfOneLifetimeKeepsTheOthers() {
        // snippet: lifetime-reset-one
        let container = DIContainer()
        container.register(Clock.init).lifetime(.perContainer(.strong))
        container.register(Calendar.init).lifetime(.single)
        let (clock, calendar) = (container.resolve(Clock.self), container.resolve(Calendar.self))
        container.dropInstances(of: .single)  // only the single ones
        #expect(container.resolve(Calendar.self) !== calendar)
        #expect(container.resolve(Clock.self) === clock)
        // end-snippet
        container.dropInstances(of: .perContainer(.weak))
        #expect(container.resolve(Clock.self) === clock, "a strong instance is not dropped with the weak ones")
        container.dropInstances(of: .perContainer(.strong))
        #expect(container.resolve(Clock.self) !== clock)
        let repeated = container.resolve(Calendar.self)
        container.dropInstances(of: .perRun(.strong))
        #expect(container.resolve(Calendar.self) === repeated, "a single is not a perRun(.strong)")
        container.dropInstances(of: .single)
    }

    /// Runs in a process of its own: it drops the instances of every other test too.
    static func resetProcessExample() {
        // snippet: lifetime-reset-process
        let container = DIContainer()
        container.register(Clock.init).lifetime(.single)
        container.initializeSingletonObjects()
        let before: Clock = container.resolve()
        DIContainer.dropAllProcessWideInstances()  // every perRun and single instance of the process
        precondition(container.resolve(Clock.self) !== before)
        // end-snippet
    }

    @Test func dropProcessWideInstancesReleasesEveryInstance() async {
        await #expect(processExitsWith: .success) {
            LifetimesSnippets.resetProcessExample()
        }
    }

    @Test func resolverNamesAreTheSameLifetimes() {
        // snippet: lifetime-resolver-names
        #expect(DILifeTime.unique == .prototype)
        #expect(DILifeTime.graph == .objectGraph)
        #expect(DILifeTime.application == .perRun(.strong))
        #expect(DILifeTime.shared == .perRun(.weak))
        #expect(DILifeTime.container == .perContainer(.strong))
        #expect(DILifeTime.cached == .custom(DIScope.cached))
        // end-snippet
    }
}
