import Testing
import Tether
import TetherTestSupport

/// The examples of the lifetime documents this project follows, each as a test.
@Suite("Lifetimes, as the seed documents define them")
struct LifetimeSeedTests {
    @Test func prototypeMakesANewCatEveryTime() {
        let container = DIContainer()
        container.register(Cat.init as @Sendable () -> Cat).lifetime(.prototype)
        let cat1: Cat = container.resolve()
        let cat2: Cat = container.resolve()
        #expect(cat1 !== cat2)
    }

    @Test func prototypeDIsBuiltTwiceInOneGraph() {
        let container = DIContainer()
        registerSeedGraph(in: container, dLifetime: .prototype)
        let a1: A = container.resolve()
        let a2: A = container.resolve()
        #expect(a1.b.d !== a1.c.d)
        #expect(a1.b.d !== a2.b.d)
        #expect(a2.b.d !== a2.c.d)
    }

    @Test func objectGraphDIsSharedWithinOneResolveOnly() {
        let container = DIContainer()
        registerSeedGraph(in: container, dLifetime: .objectGraph)
        let a1: A = container.resolve()
        let a2: A = container.resolve()
        #expect(a1.b.d === a1.c.d)
        #expect(a1.b.d !== a2.b.d)
        #expect(a2.b.d === a2.c.d)
    }

    @Test func resolutionCycleSharesTheCombinedServiceBetweenFetcherAndUpdater() {
        let container = DIContainer()
        container.register(XYZViewModel.init(fetcher:updater:service:)).lifetime(.graph)
        container.register(XYZCombinedService.init).lifetime(.graph).as((any XYZFetching).self).as(
            (any XYZUpdating).self)
        container.register(XYZService.init(session:)).lifetime(.graph)
        container.register(XYZSessionService.init).lifetime(.graph)

        let first: XYZViewModel = container.resolve()
        let second: XYZViewModel = container.resolve()
        #expect(first.fetcher === first.updater)
        #expect(first.fetcher is XYZCombinedService)
        #expect(first.fetcher !== second.fetcher)
        #expect(first.service !== second.service)
    }

    /// Registers with the same line for every container, as an app's setup function would.
    private func configure(_ container: DIContainer) {
        container.register(D.init).lifetime(.perContainer(.strong))
        container.register(E.init).lifetime(.perRun(.strong))
    }

    /// One line run once per name, as a setup function's loop would. `line` keeps the parameterized cases, which
    /// run in parallel, on registrations of their own.
    private func registerNamedCats(_ container: DIContainer, lifetime: DILifeTime, line: Int) {
        for name in ["alpha", "beta"] {
            container.register({ Cat(name: name) }, line: line).lifetime(lifetime).as(Cat.self, name: name)
        }
    }

    @Test(arguments: [DILifeTime.perRun(.strong), .single])
    func processWideInstancesAreOnePerRegistrationEvenWhenALoopMakesThemOnOneLine(lifetime: DILifeTime) {
        let first = DIContainer()
        let second = DIContainer()
        let line = lifetime == .single ? 90_001 : 90_002
        registerNamedCats(first, lifetime: lifetime, line: line)
        registerNamedCats(second, lifetime: lifetime, line: line)
        let alpha = first.resolve(Cat.self, name: "alpha")
        let beta = first.resolve(Cat.self, name: "beta")
        #expect(alpha.name == "alpha")
        #expect(beta.name == "beta")
        #expect(alpha !== beta)
        // The same registrations in another container are the same process-wide instances.
        #expect(second.resolve(Cat.self, name: "alpha") === alpha)
        #expect(second.resolve(Cat.self, name: "beta") === beta)
        first.dropProcessWideInstances()
    }

    @Test func perContainerIsOnePerContainerAndPerRunOnePerProcess() {
        let first = DIContainer()
        let second = DIContainer()
        configure(first)
        configure(second)
        let d1: D = first.resolve()
        let d2: D = second.resolve()
        #expect(d1 === (first.resolve() as D))
        #expect(d1 !== d2)
        let e1: E = first.resolve()
        let e2: E = second.resolve()
        #expect(e1 === e2)
    }

    private func configureSingleton(_ container: DIContainer, counter: Counter) {
        container.register { () -> Z in
            counter.increment()
            return Z()
        }.lifetime(.single)
    }

    @Test func singleIsCreatedOnceByInitializeSingletonObjectsAcrossContainers() {
        let counter = Counter()
        let first = DIContainer()
        let second = DIContainer()
        configureSingleton(first, counter: counter)
        configureSingleton(second, counter: counter)
        #expect(counter.count == 0, "registration never creates an instance")
        first.initializeSingletonObjects()
        #expect(counter.count == 1)
        second.initializeSingletonObjects()
        #expect(counter.count == 1)
        #expect((first.resolve() as Z) === (second.resolve() as Z))
        #expect(counter.count == 1)
        first.dropProcessWideInstances()
    }

    @Test func weakPerRunKeepsTheInstanceOnlyWhileSomeoneHoldsIt() {
        let container = DIContainer()
        container.register(Cat.init as @Sendable () -> Cat).lifetime(.perRun(.weak))
        weak var released: Cat?
        do {
            let held: Cat = container.resolve()
            #expect(held === (container.resolve() as Cat))
            released = held
        }
        #expect(released == nil)
        let fresh: Cat = container.resolve()
        #expect(fresh !== released)
    }

    @Test func weakPerContainerKeepsTheInstanceOnlyWhileSomeoneHoldsIt() {
        let container = DIContainer()
        container.register(D.init).lifetime(.perContainer(.weak))
        weak var released: D?
        do {
            let held: D = container.resolve()
            #expect(held === (container.resolve() as D))
            released = held
        }
        #expect(released == nil)
    }

    // A cycle broken with `Lazy` between objectGraph members, as DITranquillity's users write it.
    protocol Chapter: AnyObject {}
    final class Book: Chapter {
        let index: BookIndex
        init(index: BookIndex) { self.index = index }
    }
    final class BookIndex {
        // Optional, so that a test can break the cycle a read `Lazy` closes (the sanitizers' leak check).
        var book: Lazy<Book>?
        var chapter: Lazy<any Chapter>?
        let stamp: Lazy<Stamp>
        init(book: Lazy<Book>, chapter: Lazy<any Chapter>, stamp: Lazy<Stamp>) {
            (self.book, self.chapter, self.stamp) = (book, chapter, stamp)
        }
    }
    struct Stamp { let serial: Int }

    func bookGraph(books: Counter, stamps: Counter) -> DIContainer {
        let container = DIContainer()
        container.register { (index: BookIndex, _: Stamp) -> Book in
            books.increment()
            return Book(index: index)
        }.lifetime(.objectGraph).as((any Chapter).self)
        container.register(BookIndex.init(book:chapter:stamp:)).lifetime(.objectGraph)
        container.register { () -> Stamp in
            stamps.increment()
            return Stamp(serial: stamps.count)
        }.lifetime(.objectGraph)
        return container
    }

    @Test func aLazyBetweenObjectGraphMembersReadsTheGraphItWasMadeIn() throws {
        let books = Counter()
        let stamps = Counter()
        let container = bookGraph(books: books, stamps: stamps)
        let book = try container.resolveOrThrow(Book.self)
        let other = try container.resolveOrThrow(Book.self)
        #expect(try book.index.book?.get() === book)
        #expect(try book.index.chapter?.get() === book)
        #expect(try other.index.book?.get() === other)
        #expect(try book.index.stamp.get().serial == 1)
        #expect(try other.index.stamp.get().serial == 2)
        #expect(books.count == 2)
        #expect(stamps.count == 2)
        // Once read, the index holds its book strongly, as any `Lazy` does: break that so nothing leaks.
        for index in [book.index, other.index] { (index.book, index.chapter) = (nil, nil) }
    }

    @Test func aLazyOfAGraphMemberNeitherKeepsItAliveNorOutlivesIt() throws {
        let books = Counter()
        let stamps = Counter()
        let container = bookGraph(books: books, stamps: stamps)
        weak var released: Book?
        var index: BookIndex?
        do {
            let book = try container.resolveOrThrow(Book.self)
            released = book
            index = book.index
        }
        #expect(released == nil, "a Lazy never read holds its graph's instance weakly")
        // Its graph's book is gone: the first read resolves a new one, in a graph of its own.
        let later = try #require(index?.book).get()
        #expect(later.index !== index)
        #expect(books.count == 2)
    }

    protocol Page {}  // not class-bound
    final class Chapter2: Page {
        let footer: Footer
        init(footer: Footer) { self.footer = footer }
    }
    final class Footer {
        var page: Lazy<any Page>?  // Optional, so that the test can break the cycle a read Lazy closes.
        init(page: Lazy<any Page>) { self.page = page }
    }

    @Test func aLazyOfAClassBehindAProtocolThatIsNotClassBoundAlsoHoldsItWeakly() throws {
        let container = DIContainer()
        container.register(Chapter2.init(footer:)).lifetime(.objectGraph).as((any Page).self)
        container.register(Footer.init(page:)).lifetime(.objectGraph)
        do {
            let chapter = try container.resolveOrThrow(Chapter2.self)
            #expect(try chapter.footer.page?.get() as? Chapter2 === chapter)
            chapter.footer.page = nil  // Read, it holds its chapter, as any Lazy holds its value.
        }
        weak var unread: Chapter2?
        do { unread = try container.resolveOrThrow(Chapter2.self) }
        #expect(unread == nil, "unread, it holds its chapter weakly: the cycle keeps nothing alive")
    }

    @Test func aLazyWhoseRootTheResolveDidNotBuildResolvesAnew() throws {
        let books = Counter()
        let stamps = Counter()
        let container = bookGraph(books: books, stamps: stamps)
        let index = try container.resolveOrThrow(BookIndex.self)
        #expect(books.count == 0)
        let book = try #require(index.book).get()
        #expect(books.count == 1)
        #expect(book.index !== index)
        index.book = nil
    }

    protocol Session: AnyObject, Sendable {}
    final class UserSession: Session {}

    @Test(arguments: [
        DILifeTime.perContainer(.weak), .perRun(.weak),
        .custom(DIScope(name: "weak session", storage: DICacheStorage(), policy: .weak)),
    ])
    func weakLifetimesShareAnInstanceRegisteredAsAClassBoundExistential(lifetime: DILifeTime) throws {
        let container = DIContainer()
        container.dropProcessWideInstances()
        let built = Counter()
        container.register { () -> any Session in
            built.increment()
            return UserSession()
        }.lifetime(lifetime)
        #expect(container.registrySnapshot().components[0].isClass, "weak-value-type would flag it")
        weak var released: UserSession?
        do {
            let held = try container.resolveOrThrow((any Session).self)
            #expect(held === (try container.resolveOrThrow((any Session).self)))
            #expect(built.count == 1)
            released = held as? UserSession
        }
        #expect(released == nil)
        _ = try container.resolveOrThrow((any Session).self)
        #expect(built.count == 2)
    }

    protocol Pet: Sendable {}
    final class Kitten: Pet {}
    struct Goldfish: Pet {}

    @Test(arguments: [
        DILifeTime.perContainer(.weak), .perRun(.weak),
        .custom(DIScope(name: "weak animals", storage: DICacheStorage(), policy: .weak)),
    ])
    func weakLifetimesShareAClassInstanceBehindAProtocolThatIsNotClassBound(lifetime: DILifeTime) throws {
        let container = DIContainer()
        let built = Counter()
        container.dropProcessWideInstances()
        container.register { () -> any Pet in
            built.increment()
            return Kitten()
        }.lifetime(lifetime)
        weak var released: Kitten?
        do {
            let held = try container.resolveOrThrow((any Pet).self)
            #expect(
                (held as? Kitten) === (try container.resolveOrThrow((any Pet).self) as? Kitten),
                "shared, as Swinject does")
            #expect(built.count == 1)
            released = held as? Kitten
        }
        #expect(released == nil, "held weakly")
        _ = try container.resolveOrThrow((any Pet).self)
        #expect(built.count == 2)
    }

    @Test func aWeakLifetimeBuildsAValueBehindAProtocolAnewEveryTime() throws {
        let container = DIContainer()
        let built = Counter()
        container.register { () -> any Pet in
            built.increment()
            return Goldfish()
        }.lifetime(.perContainer(.weak))
        #expect(try container.resolveOrThrow((any Pet).self) is Goldfish)
        #expect(try container.resolveOrThrow((any Pet).self) is Goldfish)
        #expect(built.count == 2)
    }

    @Test func strongLifetimesShareAClassBoundExistentialThroughAnyDependency() throws {
        final class Holder {
            let session: any Session
            init(session: any Session) { self.session = session }
        }
        let container = DIContainer()
        container.register { UserSession() as any Session }.lifetime(.perContainer(.strong))
        container.register(Holder.init(session:)).lifetime(.objectGraph)
        let holder = try container.resolveOrThrow(Holder.self)
        #expect(holder.session === (try container.resolveOrThrow((any Session).self)))
        #expect(try container.resolveOrThrow((any Session)?.self) === holder.session)
    }

    struct Settings: Equatable { var serial: Int }

    @Test func weakLifetimesBuildValueTypesAnewEveryTime() {
        let container = DIContainer()
        let counter = Counter()
        container.register { () -> Settings in
            counter.increment()
            return Settings(serial: counter.count)
        }.lifetime(.shared)
        let first: Settings = container.resolve()
        let second: Settings = container.resolve()
        #expect(first != second)
        #expect(counter.count == 2)
    }

    @Test func sessionScopeIsEmptiedOnLogout() {
        let session = DIScope(name: "session", storage: DICacheStorage())
        let container = DIContainer()
        container.register(Cat.init as @Sendable () -> Cat).lifetime(.custom(session))
        let before: Cat = container.resolve()
        #expect(before === (container.resolve() as Cat))
        #expect(session.count == 1)
        session.dropInstances()
        let after: Cat = container.resolve()
        #expect(after !== before)
        #expect(after === (container.resolve() as Cat))
    }

    @Test func customScopeReuseIsToldToTheObserver() throws {
        let session = DIScope(name: "session", storage: DICacheStorage())
        let container = DIContainer()
        container.register(Cat.init as @Sendable () -> Cat).lifetime(.custom(session))
        let recorder = BuildCounter()
        let first = try container.resolveOrThrow(Cat.self, observer: recorder)
        let second = try container.resolveOrThrow(Cat.self, observer: recorder)
        #expect(first === second)
        #expect(recorder.counts == (built: 1, reused: 1))
    }

    @Test func weakCustomScopeForgetsReleasedInstances() {
        let scope = DIScope(name: "weak session", storage: DICacheStorage(), policy: .weak)
        let container = DIContainer()
        container.register(Cat.init as @Sendable () -> Cat).lifetime(.custom(scope))
        weak var released: Cat?
        do {
            let held: Cat = container.resolve()
            #expect(held === (container.resolve() as Cat))
            released = held
        }
        #expect(released == nil)
    }

    @Test func everyThirdStorageMakesEveryThirdObjectNew() {
        let scope = DIScope(name: "every third", storage: EveryThirdStorage())
        let container = DIContainer()
        container.register(Cat.init as @Sendable () -> Cat).lifetime(.custom(scope))
        let cats: [Cat] = (0..<6).map { _ in container.resolve() }
        #expect(cats[0] === cats[1] && cats[1] === cats[2])
        #expect(cats[3] !== cats[2])
        #expect(cats[3] === cats[4] && cats[4] === cats[5])
    }

    @Test func cachedIsAProcessWideScopeThatCleanEmpties() {
        let container = DIContainer()
        container.register(E.init).lifetime(.cached)
        let first: E = container.resolve()
        #expect(first === (container.resolve() as E))
        DIScope.cached.dropInstances()
        #expect(first !== (container.resolve() as E))
    }

    @Test func resolverNamesAreAliasesOfTheSameLifetimes() {
        #expect(DILifeTime.unique == .prototype)
        #expect(DILifeTime.graph == .objectGraph)
        #expect(DILifeTime.application == .perRun(.strong))
        #expect(DILifeTime.shared == .perRun(.weak))
        #expect(DILifeTime.container == .perContainer(.strong))
        #expect(DILifeTime.cached == .custom(DIScope.cached))
    }

    @Test func changingTheDefaultLifetimeAppliesToLaterRegistrations() async {
        // Counter in its own process: the default is process-wide and other tests register in parallel.
        await #expect(processExitsWith: .success) {
            let container = DIContainer()
            container.register(Z.init)
            DISetting.Defaults.lifeTime = .objectGraph
            registerDefaultGraph(in: container)
            let a: A = container.resolve()
            precondition(a.b.d === a.c.d, "D registered after the change is objectGraph")
            precondition(
                (container.resolve() as Z) !== (container.resolve() as Z), "Z registered before stays prototype")
        }
    }
}

private func registerDefaultGraph(in container: DIContainer) {
    container.register(A.init(b:c:))
    container.register(B.init(e:d:))
    container.register(C.init(d:z:))
    container.register(E.init)
    container.register(D.init)
}

/// The seed's storage: every third request gets a new object.
final class EveryThirdStorage: DIStorage {
    var any: [DIComponentInfo: Any] { cache.mapValues { $0.0 } }

    private var cache: [DIComponentInfo: (Any, Int)] = [:]

    func fetch(key: DIComponentInfo) -> Any? {
        if let (object, count) = cache[key] {
            cache[key] = (object, count + 1)
            if count < 3 {
                return object
            }
        }
        return nil
    }

    func save(object: Any, by key: DIComponentInfo) {
        cache[key] = (object, 1)
    }

    func clean() {
        cache.removeAll()
    }
}

/// Counts what a resolve tells its observer; used from one thread at a time.
private final class BuildCounter: DIResolutionObserver, @unchecked Sendable {
    private(set) var built = 0
    private(set) var reused = 0
    var counts: (built: Int, reused: Int) { (built, reused) }

    func willBuild(_ step: DIResolutionStep) {}
    func didBuild(_ step: DIResolutionStep, failed: Bool) { if !failed { built += 1 } }
    func didReuse(_ step: DIResolutionStep) { reused += 1 }
}
