/// Frees what resolves read without retaining it (a plan's entries, bindings and components, a lookup table's
/// outgrown storage) once no resolve that may still read it is running: epoch-based reclamation.
///
/// A resolve pins its thread while it runs: the thread's record takes the current epoch, and goes back to 0
/// when the outermost resolve on the thread ends. A change unlinks what it replaces under its plan's lock, then
/// retires it here with the epoch of its retirement, and the epoch moves on. A retired object is released once
/// every thread that is pinned pinned at a later epoch: such a thread started after the unlink, so it cannot
/// have read the object. So memory follows what is registered now, and a resolve still pays no reference count
/// on what it reads.
///
/// The reader's side is one exchange (and, where that is not a full barrier, one fence) when its outermost
/// resolve starts and one store when it ends; nested resolves (a factory that resolves) count a depth only. No
/// lock is held while retired objects are released: their deinits (a dropped component's instance) may resolve.
@safe enum Reclamation {
    /// One thread's announcement of the resolve it runs. The thread holds it through its thread-local slot, and
    /// `records` holds every record: one that only `records` holds belongs to a thread that ended, and is given
    /// to the next thread that asks.
    @safe final class Record: @unchecked Sendable {  // Only atomic words; `depth` is written by its thread only.
        /// Word 0: the epoch the thread's outermost running resolve pinned, or 0. Word 1: how many resolves the
        /// thread is running, nested. Padded to 256 bytes: two threads' records on one cache line (or on the pair
        /// of lines a core fetches together) would make every resolve of one wait for the other's.
        private let words = AtomicWords(count: 32)
        /// The epochs and the waiting count, reached from here so that pinning reads no other global.
        let clock: Clock

        init(clock: Clock) {
            self.clock = clock
        }

        /// The epoch its thread pinned, or 0, sequentially consistent.
        var pinned: UInt { words.loadInOrder(0) }

        /// Announces the epoch its thread pins, or 0 when it ends.
        @inline(__always)
        func announce(_ epoch: UInt) {
            if epoch == 0 { words.store(0, at: 0) } else { _ = words.exchange(epoch, at: 0) }
        }

        /// How many resolves its thread is running; read and written by that thread only.
        var depth: UInt {
            @inline(__always) get { words.load(1) }
            @inline(__always) set { words.store(newValue, at: 1) }
        }

        /// Word 4: how many of the thread's pins are borrows (`Reclamation.borrowing`), which hold the epoch as a
        /// resolve does without being one; read and written by that thread only.
        var borrows: UInt {
            @inline(__always) get { words.load(4) }
            @inline(__always) set { words.store(newValue, at: 4) }
        }

        /// Word 3: the stack address below which a building step of any resolve on its thread asks `StackGuard`
        /// whether the stack has room, or 0; held by the first resolve on the thread that builds, while it builds
        /// (see `ResolvePin`), so that the resolves nested in its factories, each starting a little lower, cannot
        /// each start a fresh allowance and run the stack out. Its thread's only.
        var stackCheckpoint: UInt {
            @inline(__always) get { words.load(3) }
            @inline(__always) set { words.store(newValue, at: 3) }
        }

        /// Word 5: how many of words 6 and on (`ownerSlots` of them) hold the owners its thread's building resolves
        /// work for, outermost first; more than `ownerSlots` when they did not fit, and then unknown.
        var ownerCount: UInt { words.loadInOrder(5) }

        /// The owner in slot `index` (below `ownerCount`).
        func owner(_ index: Int) -> UInt { words.loadInOrder(6 + index) }

        /// Adds `outer` then `owner` unless `owner` is the last there already; returns the count before. The
        /// count's exchange is a full barrier: whatever the thread reads next, it reads after another thread can
        /// see the owners (see `Reclamation.anyThreadWorks(for:)`). Written by its thread only.
        @inline(__always)
        func enter(_ owner: UInt, within outer: borrowing [UInt]) -> UInt {
            let count = words.load(5)
            if count > 0, count <= Self.ownerSlots, words.load(5 + Int(count)) == owner { return count }
            var next = count
            for index in outer.indices {
                if next < Self.ownerSlots { words.store(outer[index], at: 6 + Int(next)) }
                next += 1
            }
            if next < Self.ownerSlots { words.store(owner, at: 6 + Int(next)) }
            _ = words.exchange(next + 1, at: 5)
            return count
        }

        /// Gives back what `enter` added.
        @inline(__always)
        func leave(to count: UInt) { words.store(count, at: 5) }

        /// Whether one of the first `count` owners is `owner`; unknown counts as yes.
        func works(for owner: UInt, below count: UInt) -> Bool {
            guard count <= Self.ownerSlots else { return true }
            for index in 0..<Int(count) where self.owner(index) == owner { return true }
            return false
        }

        /// How many owners fit in the record, after the five words above.
        static let ownerSlots: UInt = 26

        /// Word 2: the address of the object its thread is retaining from an `AtomicReference`, or 0 (a hazard
        /// pointer), sequentially consistent.
        var hazard: UInt { words.loadInOrder(2) }

        /// Announces that its thread is about to retain the object at `address`; a full barrier.
        @inline(__always)
        func protect(_ address: UInt) { _ = words.exchange(address, at: 2) }

        /// Announces that its thread holds its own reference now.
        @inline(__always)
        func unprotect() { words.store(0, at: 2) }
    }

    /// The process's epoch, and how many retired batches wait.
    @safe final class Clock: Sendable {
        /// Starts at 1: a pinned record is never 0.
        let epoch = AtomicWord(1)
        /// How many batches `limbo` holds, so that a resolve ending can tell cheaply whether to look.
        let waiting = AtomicWord(0)
    }

    private static let clock = Clock()
    private static let records = Locked<[Record]>([])
    private static let local = ThreadLocal { Reclamation.takeRecord() }
    /// Retired objects and the epoch each batch was retired at, oldest first.
    private static let limbo = Locked<[(epoch: UInt, objects: [AnyObject])]>([])

    private static func takeRecord() -> Record {
        records.withLock { records in
            // A record only this list holds is one whose thread has ended.
            for index in records.indices where isKnownUniquelyReferenced(&records[index]) {
                return records[index]
            }
            let record = Record(clock: clock)
            records.append(record)
            return record
        }
    }

    /// Marks the calling thread as running a resolve until `unpin`; returns its record, unretained (the thread
    /// holds it).
    @inline(__always)
    private static func pin() -> Unmanaged<Record> {
        let record = unsafe local.unretainedValue
        unsafe record._withUnsafeGuaranteedRef { record in
            if record.depth == 0 {
                record.announce(record.clock.epoch.load())
                // Whatever the resolve reads next is read after the announcement, for every thread that looks for
                // it. An exchange is a full barrier on x86 already.
                #if !(arch(x86_64) || arch(i386))
                    AtomicWord.fence()
                #endif
            }
            record.depth += 1
        }
        return unsafe record
    }

    /// Ends what `pin` started; the outermost resolve's end releases what waits for it.
    @inline(__always)
    private static func unpin(_ record: Unmanaged<Record>) {
        let collects = unsafe record._withUnsafeGuaranteedRef { record in
            record.depth -= 1
            guard record.depth == 0 else { return false }
            record.announce(0)
            return record.clock.waiting.load() != 0
        }
        if collects { collect() }
    }

    /// Runs `body` pinned, as a resolve is, but not as a resolve: `isPinned` and `isNested` leave it out. What lends
    /// an object that replacements retire (`RetiringReference`) to code that may resolve.
    @inline(__always)
    static func borrowing<Result>(_ body: () -> Result) -> Result {
        let record = unsafe pin()
        unsafe record._withUnsafeGuaranteedRef { $0.borrows += 1 }
        defer {
            unsafe record._withUnsafeGuaranteedRef { $0.borrows -= 1 }
            unsafe unpin(record)
        }
        return body()
    }

    /// Whether a resolve running on the calling thread works for `owner`.
    static func worksFor(_ owner: UInt) -> Bool {
        unsafe local.unretainedValue._withUnsafeGuaranteedRef { $0.works(for: owner, below: $0.ownerCount) }
    }

    /// Whether a resolve running on any thread works for `owner` (see `ResolvePin.enter(_:)`): read after the
    /// caller's sequentially consistent store that makes such resolves refuse to start, so that one that did not
    /// see the store has announced its owners here.
    static func anyThreadWorks(for owner: UInt) -> Bool {
        records.withLock { records in
            records.contains { $0.works(for: owner, below: $0.ownerCount) }
        }
    }

    /// Whether the calling thread is running a resolve.
    static var isPinned: Bool {
        unsafe local.unretainedValue._withUnsafeGuaranteedRef { $0.depth > $0.borrows }
    }

    /// Whether the calling thread, pinned, was running a resolve already (one inside a factory, an injection or a
    /// wrapper): what only such a resolve can meet, it checks.
    static var isNested: Bool {
        unsafe local.unretainedValue._withUnsafeGuaranteedRef { $0.depth - $0.borrows > 1 }
    }

    /// Runs `body` pinned.
    @inline(__always)
    static func pinned<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let record = unsafe pin()
        defer { unsafe unpin(record) }
        return try body()
    }

    /// Runs `body` pinned, as a resolve that builds: it is given the thread's pin, whose stack checkpoint the
    /// resolve's context takes (`ResolvePin.takeStackCheckpoint(below:)`), so that a factory resolving its own type,
    /// nested, ends in `stack-exhausted`. Nothing of it is on the path of an existing singleton, which builds
    /// nothing: that path keeps no stack room and no stack protector.
    @inline(__always)
    static func pinnedResolving<Result, Failure: Error>(
        _ body: (_ pin: ResolvePin) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let record = unsafe pin()
        defer { unsafe unpin(record) }
        return try body(unsafe ResolvePin(record: record))
    }

    // MARK: Strong references read without a count

    /// The object whose address `word` holds, retained for the caller, or `nil`: read with no write to memory
    /// that other threads share, so that an existing singleton costs two threads no more than one. The thread
    /// announces the address in its own record before it retains (a hazard pointer), and checks that the word
    /// still holds it; `release(_:exchangedOutOf:)` waits for that announcement to go.
    @inline(__always)
    static func retainedObject(at word: borrowing AtomicWord) -> AnyObject? {
        unsafe local.unretainedValue._withUnsafeGuaranteedRef { retainedObject(at: word, announcingIn: $0) }
    }

    /// `retainedObject(at:)` for a thread running a resolve, announced in the record its pin already holds: one
    /// thread-local look-up less on the read of an existing singleton.
    @inline(__always)
    static func retainedObject(at word: borrowing AtomicWord, pinnedBy pin: ResolvePin) -> AnyObject? {
        unsafe pin.record._withUnsafeGuaranteedRef { retainedObject(at: word, announcingIn: $0) }
    }

    @inline(__always)
    private static func retainedObject(at word: borrowing AtomicWord, announcingIn record: Record) -> AnyObject? {
        while true {
            let address = word.load()
            guard let object = unsafe AtomicWord.reference(address, as: AnyObject.self) else {
                // An announcement left from a try the word changed under would keep a writer waiting for ever,
                // once that address holds another object.
                record.unprotect()
                return nil
            }
            record.protect(address)
            // Sequentially consistent with the writer's exchange: either it comes after this check, and then it
            // sees the announcement, or it came before, and the word holds something else now.
            guard word.loadInOrder() == address else { continue }
            let retained = unsafe object.takeUnretainedValue()
            record.unprotect()
            return retained
        }
    }

    /// Releases `object`, which an exchange has just taken out of an `AtomicReference`, once no thread is between
    /// reading its address there and retaining it: at once, nearly always. The caller holds no lock.
    static func release(_ object: Unmanaged<AnyObject>, exchangedOutOf _: borrowing AtomicWord) {
        let address = unsafe UInt(bitPattern: object.toOpaque())
        while records.withLock({ $0.contains { $0.hazard == address } }) { CurrentThread.yield() }
        unsafe object.release()
    }

    /// Releases `objects`, which their owner has unlinked (no new resolve can reach them), once no resolve that
    /// started before can still read them. Called with no lock held.
    static func retire(_ objects: [AnyObject]) {
        guard !objects.isEmpty else { return }
        // Resolves that pin from here on see a later epoch, and (through the fence) the unlink.
        let retiredAt = clock.epoch.increment() &- 1
        AtomicWord.fence()
        limbo.withLock { $0.append((retiredAt, objects)) }
        clock.waiting.add(1)
        collect()
    }

    /// Releases the retired objects no running resolve can read.
    static func collect() {
        // The records are read under the limbo's lock: a batch retired after they were read is not in the limbo
        // yet, so a resolve that pinned in between and may read its objects cannot be missed (limbo, then records,
        // is the only order the two locks are taken in).
        let released = limbo.withLock { limbo -> [[AnyObject]] in
            guard !limbo.isEmpty else { return [] }
            AtomicWord.fence()
            let oldest = records.withLock { records in
                records.reduce(UInt.max) { oldest, record in
                    let pinned = record.pinned
                    return pinned == 0 ? oldest : min(oldest, pinned)
                }
            }
            let count = limbo.prefix { $0.epoch < oldest }.count
            defer { limbo.removeFirst(count) }
            return limbo.prefix(count).map(\.objects)
        }
        guard !released.isEmpty else { return }
        clock.waiting.add(0 &- UInt(released.count))
        // `released` goes here, after the locks: a deinit may resolve.
    }
}

/// The pin of the thread running a resolve, handed to the code that makes the resolve's context.
///
/// `@safe`: the record it points to is its thread's, which holds it for as long as the thread lives, and a pin is
/// passed only down the thread's own calls while it is pinned.
@safe struct ResolvePin {
    fileprivate let record: Unmanaged<Reclamation.Record>

    fileprivate init(record: Unmanaged<Reclamation.Record>) {
        unsafe self.record = record
    }

    /// The stack address below which the building steps of a resolve whose context starts at `here` ask
    /// `StackGuard` for room: the checkpoint of the first resolve on the thread that builds, which every resolve
    /// nested in it shares, or, for that first one, a little below `here`, which it then holds (`holds`) until it
    /// gives it back (`releaseStackCheckpoint`). Only resolves that build take it: reading an existing singleton
    /// touches nothing of it.
    @inline(__always)
    func takeStackCheckpoint(below here: UInt) -> (checkpoint: UInt, holds: Bool) {
        unsafe record._withUnsafeGuaranteedRef { record in
            let held = record.stackCheckpoint
            if held != 0 { return (held, false) }
            let first = StackGuard.firstCheckpoint(below: here)
            record.stackCheckpoint = first
            return (first, true)
        }
    }

    /// Announces the owners a resolve that builds works for, `owner` and those `outer` to it (outermost first;
    /// identities its caller chooses), before it checks whether it may start: another thread that then closes one
    /// of them and looks finds it (see `Reclamation.anyThreadWorks(for:)`). Returns the mark to give back to
    /// `leave(to:)` and to ask `works(for:below:)` about the resolves outside this one.
    @inline(__always)
    func enter(_ owner: UInt, within outer: borrowing [UInt]) -> UInt {
        unsafe record._withUnsafeGuaranteedRef { $0.enter(owner, within: outer) }
    }

    /// Ends what `enter` announced.
    @inline(__always)
    func leave(to mark: UInt) {
        unsafe record._withUnsafeGuaranteedRef { $0.leave(to: mark) }
    }

    /// Whether a resolve outside the one that got `mark` from `enter` works for `owner`.
    func works(for owner: UInt, below mark: UInt) -> Bool {
        unsafe record._withUnsafeGuaranteedRef { $0.works(for: owner, below: mark) }
    }

    /// Gives back the checkpoint that `takeStackCheckpoint` said this resolve holds, as its context ends.
    @inline(__always)
    func releaseStackCheckpoint() {
        unsafe record._withUnsafeGuaranteedRef { $0.stackCheckpoint = 0 }
    }

}
