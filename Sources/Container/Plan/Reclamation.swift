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
/// The reader's side is one exchange and one fence when its outermost resolve starts and one store when it ends;
/// nested resolves (a factory that resolves) count a depth only. No lock is held while retired objects are
/// released: their deinits (a dropped component's instance) may resolve.
enum Reclamation {
    /// One thread's announcement of the resolve it runs.
    final class Record: @unchecked Sendable {  // `depth` is its thread's only; `isFree` is reached under `records`.
        /// The epoch the thread's outermost running resolve pinned, or 0.
        let pinned = AtomicWord(0)
        /// How many resolves the thread is running, nested.
        var depth = 0
        /// Whether no thread holds the record: a thread that ends gives its record back for the next.
        var isFree = false
    }

    /// A thread's hold on its record, given back when the thread ends.
    private final class Lease {
        let record: Record

        init() {
            record = Reclamation.takeRecord()
        }

        deinit {
            Reclamation.records.withLock { _ in record.isFree = true }
        }
    }

    private static let leases = ThreadLocal { Lease() }
    /// Every record handed out, free or not.
    private static let records = Locked<[Record]>([])
    /// Starts at 1: a pinned record is never 0.
    private static let epoch = AtomicWord(1)
    /// Retired objects and the epoch each batch was retired at, oldest first.
    private static let limbo = Locked<[(epoch: UInt, objects: [AnyObject])]>([])
    /// How many batches `limbo` holds, so that a resolve ending can tell cheaply whether to look.
    private static let waiting = AtomicWord(0)

    private static func takeRecord() -> Record {
        records.withLock { records in
            if let free = records.first(where: \.isFree) {
                free.isFree = false
                return free
            }
            let record = Record()
            records.append(record)
            return record
        }
    }

    /// Marks the calling thread as running a resolve until `unpin`; returns its record.
    @inline(__always)
    static func pin() -> Record {
        let record = leases.value.record
        if record.depth == 0 {
            _ = record.pinned.exchange(epoch.load())
            // Whatever the resolve reads next is read after the announcement, for every thread that looks for it.
            AtomicWord.fence()
        }
        record.depth += 1
        return record
    }

    /// Ends what `pin` started; the outermost resolve's end releases what waits for it.
    @inline(__always)
    static func unpin(_ record: Record) {
        record.depth -= 1
        if record.depth == 0 {
            record.pinned.store(0)
            if waiting.load() != 0 { collect() }
        }
    }

    /// Runs `body` pinned.
    @inline(__always)
    static func pinned<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        let record = pin()
        defer { unpin(record) }
        return try body()
    }

    /// Releases `objects`, which their owner has unlinked (no new resolve can reach them), once no resolve that
    /// started before can still read them. Called with no lock held.
    static func retire(_ objects: [AnyObject]) {
        guard !objects.isEmpty else { return }
        // Resolves that pin from here on see a later epoch, and (through the fence) the unlink.
        let retiredAt = epoch.increment() &- 1
        AtomicWord.fence()
        limbo.withLock { $0.append((retiredAt, objects)) }
        waiting.add(1)
        collect()
    }

    /// Releases the retired objects no running resolve can read.
    static func collect() {
        AtomicWord.fence()
        let oldest = records.withLock { records in
            records.reduce(UInt.max) { oldest, record in
                let pinned = record.pinned.loadInOrder()
                return pinned == 0 ? oldest : min(oldest, pinned)
            }
        }
        let released = limbo.withLock { limbo -> [[AnyObject]] in
            let count = limbo.prefix { $0.epoch < oldest }.count
            defer { limbo.removeFirst(count) }
            return limbo.prefix(count).map(\.objects)
        }
        guard !released.isEmpty else { return }
        waiting.add(0 &- UInt(released.count))
        // `released` goes here, after the locks: a deinit may resolve.
    }

    /// How many retired batches wait, for tests.
    static var waitingBatches: Int { Int(waiting.load()) }
}
