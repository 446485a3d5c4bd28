import Testing
import Tether
import TetherTestSupport

/// What launch code makes on the main actor and keeps using: not `Sendable`, so `registerInstance` takes it there.
final class EntryBook {
    var entries: [String] = []
}

/// Shared on any thread; it reads the book once, when it is made.
final class EntrySummary: Sendable {
    let count: Int
    init(book: EntryBook) { count = book.entries.count }
}

/// Made by an async factory that reads the book.
final class EntryArchive: Sendable {
    let count: Int
    init(book: EntryBook) async {
        await Task.yield()
        count = book.entries.count
    }
}

/// The object of a main-actor factory, shared as the main actor's.
final class DraftPad {
    var lines: [String] = []
}

/// Launch code: registers the book on the main actor (at the caller's line) and keeps it.
@MainActor
private func registerBook(in container: DIContainer, entries: [String], line: Int = #line) -> EntryBook {
    let book = EntryBook()
    book.entries = entries
    container.registerInstance(book, line: line)
    return book
}

@Suite("An instance of the main actor's: what a resolve elsewhere says, and what works on the main actor")
struct MainActorInstanceTests {
    @MainActor
    @Test func offTheMainActorTheErrorSaysTheInstanceWasRegisteredThereAndItsPathReachesIt() async throws {
        let container = DIContainer()
        let line = #line + 1
        _ = registerBook(in: container, entries: ["rent"])
        container.register(EntrySummary.init(book:)).lifetime(.perContainer(.strong))
        let error = try #require(await errorOffTheMainActor { _ = try container.resolveOrThrow(EntrySummary.self) })
        #expect(
            error.description == """
                error[main-actor-isolated]: EntryBook was registered on the main actor, as an object that is not `Sendable`, and is handed out there only; this resolve runs on another thread
                  path: EntrySummary (perContainer(.strong), TetherTests/MainActorInstanceTests.swift:\(line + 1)) -> EntryBook
                  registered at: TetherTests/MainActorInstanceTests.swift:\(line)
                  help: resolve it, and what needs it, on the main actor: from `@MainActor` code (`resolveAsync` too), or inside `await MainActor.run { ... }`; elsewhere an awaiting resolve throws this as well; or make EntryBook `Sendable`, which the other `registerInstance` shares on any thread
                """)
        // As the help says: an awaiting resolve elsewhere is refused alike.
        let awaiting = await errorOffTheMainActor { _ = try await container.resolveAsync(EntrySummary.self) }
        #expect(awaiting?.description == error.description)
    }

    @MainActor
    @Test func theFixTheErrorGivesWorksFromAnotherThread() async throws {
        let container = DIContainer()
        _ = registerBook(in: container, entries: ["rent", "food"])
        container.register(EntrySummary.init(book:)).lifetime(.perContainer(.strong))
        let summary = try await Task.detached {
            try await MainActor.run { try container.resolveOrThrow(EntrySummary.self) }
        }.value
        #expect(summary.count == 2)
        #expect(try await Task.detached { try container.resolveOrThrow(EntrySummary.self) }.value === summary)
    }

    @MainActor
    @Test func anAwaitingResolveElsewhereOfTheInstanceItselfEndsItsPathAtIt() async throws {
        let container = DIContainer()
        _ = registerBook(in: container, entries: [])
        let error = try #require(await errorOffTheMainActor { _ = try await container.resolveAsync(EntryBook.self) })
        #expect(error.code == "main-actor-isolated")
        #expect(error.path.isEmpty)
        #expect(error.description.contains("\n  path: EntryBook\n"), "\(error)")
        let synchronous = await errorOffTheMainActor { _ = try container.resolveOrThrow(EntryBook.self) }
        #expect(synchronous?.description == error.description)
    }

    @MainActor
    @Test func offTheMainActorTheErrorSaysAMainActorLifetimeSharesTheInstanceThere() async throws {
        let container = DIContainer()
        let line = #line + 1
        container.register { @MainActor in DraftPad() }.lifetime(.perContainer(.strong), on: MainActor.self)
        _ = try container.resolveOrThrow(DraftPad.self)
        let error = try #require(await errorOffTheMainActor { _ = try container.resolveOrThrow(DraftPad.self) })
        #expect(
            error.description == """
                error[main-actor-isolated]: DraftPad is shared as the main actor's and handed out there only, and this resolve runs on another thread
                  path: DraftPad
                  registered at: TetherTests/MainActorInstanceTests.swift:\(line)
                  help: resolve it, and what needs it, on the main actor: from `@MainActor` code (`resolveAsync` too), or inside `await MainActor.run { ... }`; elsewhere an awaiting resolve throws this as well
                """)
        let awaiting = await errorOffTheMainActor { _ = try await container.resolveAsync(DraftPad.self) }
        #expect(awaiting?.description == error.description)
    }

    @MainActor
    @Test func resolveAsyncOnTheMainActorHandsOutAnInstanceRegisteredThere() async throws {
        let container = DIContainer()
        let book = registerBook(in: container, entries: ["rent"])
        container.register(EntrySummary.init(book:)).lifetime(.perContainer(.strong))
        #expect(try await container.resolveAsync(EntryBook.self) === book)
        let summary = try await container.resolveAsync(EntrySummary.self)
        #expect(summary.count == 1)
        #expect(try container.resolveOrThrow(EntrySummary.self) === summary)
    }

    @MainActor
    @Test func resolveAsyncOnTheMainActorHandsOutTheInstanceAMainActorLifetimeShares() async throws {
        let container = DIContainer()
        container.register { @MainActor in DraftPad() }.lifetime(.perContainer(.strong), on: MainActor.self)
        let made = try await container.resolveAsync(DraftPad.self)
        #expect(try await container.resolveAsync(DraftPad.self) === made)
        #expect(try container.resolveOrThrow(DraftPad.self) === made)
    }

    @MainActor
    @Test func anAsyncFactoryAwaitedOnTheMainActorGetsAnInstanceRegisteredThere() async throws {
        let container = DIContainer()
        _ = registerBook(in: container, entries: ["rent", "food", "fare"])
        container.register(EntryArchive.init(book:)).lifetime(.perContainer(.strong))
        let archive = try await container.resolveAsync(EntryArchive.self)
        #expect(archive.count == 3)
        #expect(try container.resolveOrThrow(EntryArchive.self) === archive)
        let elsewhere = DIContainer()
        _ = registerBook(in: elsewhere, entries: [])
        elsewhere.register(EntryArchive.init(book:)).lifetime(.perContainer(.strong))
        let error = await errorOffTheMainActor { _ = try await elsewhere.resolveAsync(EntryArchive.self) }
        #expect(error?.code == "main-actor-isolated", "off the main actor the book is still not handed out")
    }

    @MainActor
    @Test func initializeSingletonObjectsAsyncOnTheMainActorMakesASingleSharedThere() async throws {
        let made = Counter()
        let container = DIContainer()
        container.register { @MainActor () -> DraftPad in
            made.increment()
            return DraftPad()
        }.lifetime(.single, on: MainActor.self)
        try await container.initializeSingletonObjectsAsync()
        #expect(made.count == 1)
        let pad = try container.resolveOrThrow(DraftPad.self)
        #expect(try await container.resolveAsync(DraftPad.self) === pad)
        #expect(made.count == 1)
    }
}
