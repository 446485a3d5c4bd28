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
        /// thread is running, nested. Words 0 to 6 are what every resolve touches; the owners' slots (words 8 to
        /// 32) are written rarely, and words 33 to 63 are padding: two threads' records with those words on one
        /// cache line (or on the pair of lines a core fetches together) would make every resolve of one wait for
        /// the other's, 512 bytes apart they cannot.
        private let words = AtomicWords(count: 64)
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

        /// Announces the current epoch, as its thread's outermost pin starts.
        @inline(__always)
        func announceEpoch() {
            announce(clock.epoch.load())
            // Whatever the resolve reads next is read after the announcement, for every thread that looks for it.
            // An exchange is a full barrier on x86 already.
            #if !(arch(x86_64) || arch(i386))
                AtomicWord.fence()
            #endif
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

        /// Word 5: how many of words 8 and on (`ownerSlots` of them) hold the owners of its thread's running
        /// resolves, outermost first; more than `ownerSlots` when they did not fit, and then unknown. Only a pinned
        /// record's count counts: an outermost resolve leaves it, and a pin that is no resolve's clears it. Word 6
        /// says whose owners fill the slots from 0, so that an outermost resolve of the same owner need not write
        /// them again.
        var ownerCount: UInt { words.loadInOrder(5) }

        /// The owner in slot `index` (below `ownerCount`).
        func owner(_ index: Int) -> UInt { words.loadInOrder(8 + index) }

        /// Pins its thread for a resolve of `owner`, whose `outerCount` outer owners `outer` gives (outermost first,
        /// one by one: no array made per announcement), and announces them; returns the owner count before. An
        /// outermost resolve writes its owners from slot 0, unless the thread's last one had the same owner and left
        /// them there (owners are never reused, so the slots hold its outer ones too), and sets the count before the
        /// epoch's exchange publishes both. A nested resolve of another owner adds its owners above (or, nested in a
        /// borrow only, from 0), with an exchange of the count, a full barrier of its own. Either way, whatever the
        /// thread reads next, it reads after another thread can see the owners (see
        /// `Reclamation.anyThreadWorks(for:)`). Its thread's only.
        @inline(__always)
        func pinResolving(
            _ owner: UInt, outerCount: Int, outer: some OuterOwners
        ) -> (count: UInt, outermost: Bool) {
            let depth = self.depth
            self.depth = depth + 1
            if depth == 0 {
                // Word 6: the owner whose owners fill the slots from 0, written last. The count stays after the
                // resolve (a record not pinned announces nothing), so a thread that resolves from one container
                // again and again writes nothing here.
                if words.load(6) != owner { writeFirst(owner, outerCount, outer) }
                let count = UInt(outerCount + 1)
                if words.load(5) != count { words.store(count, at: 5) }
                announceEpoch()
                return (0, true)
            }
            return (enterNested(owner, outerCount: outerCount, outer: outer), false)
        }

        /// Announces no owner, as a pin that is not a resolve's starts (`Reclamation.pinned`, `borrowing`): what an
        /// earlier resolve left would make a shutdown wait for it, and a check inside it take it for one running.
        @inline(__always)
        func forgetOwners() {
            if words.load(5) != 0 { words.store(0, at: 5) }
        }

        /// Writes an outermost resolve's owners from slot 0.
        @inline(never)
        private func writeFirst(_ owner: UInt, _ outerCount: Int, _ outer: some OuterOwners) {
            write(owner, outerCount, outer, from: 0)
            words.store(owner, at: 6)
        }

        /// `pinResolving` for a nested resolve, pinned already.
        private func enterNested(_ owner: UInt, outerCount: Int, outer: some OuterOwners) -> UInt {
            let count = words.load(5)
            if count == 0 {
                // Nested in a borrow (`borrowing`) only, whose pin has exchanged already: an exchange of its own.
                if words.load(6) != owner { writeFirst(owner, outerCount, outer) }
                _ = words.exchange(UInt(outerCount + 1), at: 5)
                return 0
            }
            if count <= Self.ownerSlots, words.load(7 + Int(count)) == owner { return count }
            // Above the owners word 6 names: a count set with them is at least as many (set by the outermost
            // resolve, or by a resolve nested in a borrow), and slots are written only from the count.
            write(owner, outerCount, outer, from: Int(count))
            _ = words.exchange(count + UInt(outerCount) + 1, at: 5)
            return count
        }

        /// Writes the `outerCount` outer owners then `owner` into the slots from `first`, as far as they fit.
        private func write(_ owner: UInt, _ outerCount: Int, _ outer: some OuterOwners, from first: Int) {
            for index in 0...outerCount where first + index < Int(Self.ownerSlots) {
                words.store(index == outerCount ? owner : outer.outerOwner(index), at: 8 + first + index)
            }
        }

        /// Gives back the count `pinResolving` returned, as its nested resolve ends.
        @inline(__always)
        func leave(to count: UInt) { words.store(count, at: 5) }

        /// Whether one of the first `count` owners is `owner`; unknown counts as yes.
        func works(for owner: UInt, below count: UInt) -> Bool {
            guard count <= Self.ownerSlots else { return true }
            for index in 0..<Int(count) where self.owner(index) == owner { return true }
            return false
        }

        /// How many owners fit in the record: words 8 to 32, after the words every resolve touches.
        static let ownerSlots: UInt = 25

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
            let depth = record.depth
            if depth == 0 {
                record.forgetOwners()
                record.announceEpoch()
            }
            record.depth = depth + 1
        }
        return unsafe record
    }

    /// Ends what `pin` started; the outermost resolve's end releases what waits for it.
    @inline(__always)
    private static func unpin(_ record: Unmanaged<Record>) {
        let collects = unsafe record._withUnsafeGuaranteedRef { record in
            let depth = record.depth - 1
            record.depth = depth
            guard depth == 0 else { return false }
            record.announce(0)
            return record.clock.waiting.load() != 0
        }
        if collects { collect() }
    }

    /// Runs `body` pinned, as a resolve is, but not as a resolve: `isPinned` and `isNested` leave it out. What lends
    /// an object that replacements retire (`RetiringReference`) to code that may resolve. `body` is told whether the
    /// thread runs a resolve (`isPinned`), read from the record the pin holds: a look-up of the thread's record less.
    @inline(__always)
    static func borrowing<Result>(_ body: (_ inResolve: Bool) -> Result) -> Result {
        let record = unsafe pin()
        let inResolve = unsafe record._withUnsafeGuaranteedRef { record in
            let borrows = record.borrows
            record.borrows = borrows + 1
            return record.depth - 1 > borrows  // `depth` counts this pin already.
        }
        // Not a `defer`, which the optimiser outlines into a function of its own: `body` returns, or traps.
        let result = body(inResolve)
        unsafe record._withUnsafeGuaranteedRef { $0.borrows -= 1 }
        unsafe unpin(record)
        return result
    }

    /// Whether a resolve running on the calling thread works for `owner`.
    static func worksFor(_ owner: UInt) -> Bool {
        unsafe local.unretainedValue._withUnsafeGuaranteedRef { $0.works(for: owner, below: $0.ownerCount) }
    }

    /// Whether a resolve running on any thread works for `owner` (see `pinnedResolving(for:)`): read after the
    /// caller's sequentially consistent store that makes such resolves refuse to start, so that one that did not
    /// see the store has announced its owners here.
    static func anyThreadWorks(for owner: UInt) -> Bool {
        records.withLock { records in
            records.contains { $0.pinned != 0 && $0.works(for: owner, below: $0.ownerCount) }
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

    /// Runs `body` pinned, as a resolve of `owner`, nested in `outerCount` owners that `outer` gives, outermost first
    /// (identities its caller chooses, never reused), announced so that a shutdown of any of them waits for the resolve
    /// (`anyThreadWorks(for:)`). It is given the thread's pin, whose stack checkpoint the resolve's context takes
    /// (`ResolvePin.takeStackCheckpoint(below:)`), so that a factory resolving its own type, nested, ends in
    /// `stack-exhausted`. Reading an existing singleton touches nothing of the checkpoint: that path keeps no stack
    /// room and no stack protector. A thread that resolves from one container again and again writes its owners once.
    @inline(__always)
    static func pinnedResolving<Result, Failure: Error>(
        for owner: UInt, outerCount: Int, outer: some OuterOwners,
        _ body: (_ pin: ResolvePin) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let record = unsafe local.unretainedValue
        let (mark, outermost) = unsafe record._withUnsafeGuaranteedRef {
            $0.pinResolving(owner, outerCount: outerCount, outer: outer)
        }
        // Not a `defer`: the optimiser outlines one into a function of its own, a call on every resolve.
        let result: Result
        do throws(Failure) {
            result = try body(unsafe ResolvePin(record: record, outerOwners: mark))
        } catch {
            if !outermost { unsafe record._withUnsafeGuaranteedRef { $0.leave(to: mark) } }
            unsafe unpin(record)
            throw error
        }
        if !outermost { unsafe record._withUnsafeGuaranteedRef { $0.leave(to: mark) } }
        unsafe unpin(record)
        return result
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

/// The owners a resolve's owner is nested in, as `Reclamation.pinnedResolving(for:outerCount:outer:_:)` announces
/// them: read one by one, and only when a thread announces them anew, so that a resolve makes no array and passes
/// its owner without a reference count (a closure capturing it cost S3 a retain and a release).
protocol OuterOwners: AnyObject {
    /// The serial number (never reused) of outer owner `index`, outermost first.
    func outerOwner(_ index: Int) -> UInt
}

/// The pin of the thread running a resolve, handed to the code that makes the resolve's context.
///
/// `@safe`: the record it points to is its thread's, which holds it for as long as the thread lives, and a pin is
/// passed only down the thread's own calls while it is pinned.
@safe struct ResolvePin {
    fileprivate let record: Unmanaged<Reclamation.Record>
    /// How many of the record's owners are those of the resolves outside this one.
    private let outerOwners: UInt

    fileprivate init(record: Unmanaged<Reclamation.Record>, outerOwners: UInt) {
        unsafe self.record = record
        self.outerOwners = outerOwners
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

    /// Whether a resolve outside this one on its thread works for `owner`: one whose owners were announced when
    /// this one's were.
    func outerResolveWorks(for owner: UInt) -> Bool {
        unsafe record._withUnsafeGuaranteedRef { $0.works(for: owner, below: outerOwners) }
    }

    /// Gives back the checkpoint that `takeStackCheckpoint` said this resolve holds, as its context ends.
    @inline(__always)
    func releaseStackCheckpoint() {
        unsafe record._withUnsafeGuaranteedRef { $0.stackCheckpoint = 0 }
    }
}
