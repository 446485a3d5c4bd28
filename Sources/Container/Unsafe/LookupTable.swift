/// The entries of a plan for top-level requests: read by resolves without a lock, filled and updated in place by
/// the plan under its lock.
///
/// The keys are the addresses of type metadata (unnamed requests), which are already well spread, or hashes of
/// a type and a name (named requests, whose entries the reader checks). An open-addressing
/// table with a multiplicative hash finds one in a probe or two, where a `Dictionary` lookup costs several times
/// more. Each
/// key sits next to its entry, so a probe reads one cache line. A slot's entry is written before its key, so a
/// reader that finds the key finds an entry or 0 (dropped: ask the plan).
///
/// The table owns its current entries and storage. An entry it drops or replaces, and a storage it outgrows, go
/// to the caller's `retired` list, which the plan hands to `Reclamation` once its lock is released: a resolve may
/// still be reading them.
/// Owner: its plan. It owns its entries and storage as described, and its readers are pinned (see `Unretained`).
/// `@unchecked Sendable`: written only under its owner's lock, and its slots are atomic words.
final class LookupTable<Entry: AnyObject>: @unchecked Sendable {
    /// The current `LookupStorage`, retained by `storage`, or `empty` until the first entry.
    private let current: AtomicWord
    private var storage: LookupStorage?
    /// The entry of each key, for as long as the table holds it.
    private var entries: [UInt: Entry] = [:]
    /// Slots with a key, live or dropped.
    private var used = 0

    init() {
        current = AtomicWord(unsafe Unretained(LookupStorage.empty).address)
    }

    /// The storage entries are written to: the last one made, or `empty`.
    private var latest: LookupStorage { storage ?? LookupStorage.empty }

    @inline(__always)
    static func home(of key: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    /// The entry for `key`, retained, for the holder of its owner's lock.
    func entry(_ key: UInt) -> Entry? {
        entries[key]
    }

    /// Runs `body` with the entry for `key`, lent, if the plan has made one and not dropped it since; `nil`
    /// without running it otherwise, or what `body` returns (`nil` for an entry that does not serve the caller).
    /// The caller is pinned (see `Reclamation`): a dropped entry is retired, not released, so the loan outlives any
    /// change made meanwhile. A loan, not a reference returned: nothing the table holds outlives the caller's pin.
    @inline(__always)
    func withEntry<Result>(_ key: UInt, _ body: (Entry) throws(DIError) -> Result?) throws(DIError) -> Result? {
        guard let entry = unsafe find(key) else { return nil }
        return unsafe try entry.read(body)
    }

    /// The entry for `key`, if the plan has made one and not dropped it since.
    @inline(__always)
    private func find(_ key: UInt) -> Unretained<Entry>? {
        // Unretained: the caller is pinned, and every resolving thread reads this one.
        unsafe Unretained<LookupStorage>(address: current.load()).peek { (storage) -> Unretained<Entry>? in
            var index = Self.home(of: key, mask: storage.mask)
            while true {
                let found = storage.words.load(2 &* index)
                if found == key {
                    let entry = storage.words.load(2 &* index &+ 1)
                    return entry == 0 ? nil : unsafe Unretained(address: entry)
                }
                if found == 0 { return nil }
                index = (index &+ 1) & storage.mask
            }
        }
    }

    /// Sets the entry for `key`; what it replaces goes to `retired` (the caller holds the plan's lock).
    func set(_ key: UInt, _ entry: Entry, retired: inout [AnyObject]) {
        if let replaced = entries.updateValue(entry, forKey: key) { retired.append(replaced) }
        place(key, unsafe Unretained(entry).address, retired: &retired)
    }

    /// Drops the entry for `key`, so that the next request asks the plan again; it goes to `retired` (the caller
    /// holds the plan's lock).
    func drop(_ key: UInt, retired: inout [AnyObject]) {
        let storage = latest
        let slot = Self.slot(of: key, in: storage)
        if storage.words.load(2 * slot) == key { storage.words.store(0, at: 2 * slot + 1) }
        if let dropped = entries.removeValue(forKey: key) { retired.append(dropped) }
    }

    /// Whether the table holds no entry.
    var isEmpty: Bool { entries.isEmpty }

    /// Drops every entry; they go to `retired` (the caller holds the plan's lock).
    func dropAll(retired: inout [AnyObject]) {
        guard !entries.isEmpty else { return }
        let storage = latest
        for slot in 0...storage.mask where storage.words.load(2 * slot) != 0 {
            storage.words.store(0, at: 2 * slot + 1)
        }
        retired += entries.values.map { $0 as AnyObject }
        entries = [:]
    }

    private func place(_ key: UInt, _ entry: UInt, retired: inout [AnyObject]) {
        var storage = latest
        // Half full at most; `empty`, with one slot, always grows here, so it is never written.
        if 2 * (used + 1) > storage.mask + 1 {
            if let outgrown = self.storage { retired.append(outgrown) }
            storage = grown(from: storage)
        }
        let slot = Self.slot(of: key, in: storage)
        if storage.words.load(2 * slot) == 0 { used += 1 }
        Self.write(key, entry, at: slot, in: storage)
    }

    /// The slot holding `key`, or the empty slot where it would go (the caller holds the plan's lock).
    private static func slot(of key: UInt, in storage: LookupStorage) -> Int {
        var index = home(of: key, mask: storage.mask)
        while true {
            let found = storage.words.load(2 * index)
            if found == key || found == 0 { return index }
            index = (index + 1) & storage.mask
        }
    }

    /// Writes a slot's entry before its key, so that a reader that finds the key finds the entry.
    private static func write(_ key: UInt, _ entry: UInt, at slot: Int, in storage: LookupStorage) {
        storage.words.store(entry, at: 2 * slot + 1)
        storage.words.store(key, at: 2 * slot)
    }

    /// A storage with the live entries, twice as large unless most slots hold dropped keys, published.
    private func grown(from old: LookupStorage) -> LookupStorage {
        let live = entries.count + 1
        let storage = LookupStorage(capacity: max(8, 4 * live <= old.mask + 1 ? old.mask + 1 : 2 * (old.mask + 1)))
        used = 0
        for index in 0...old.mask {
            let key = old.words.load(2 * index)
            let entry = old.words.load(2 * index + 1)
            guard key != 0, entry != 0 else { continue }
            Self.write(key, entry, at: Self.slot(of: key, in: storage), in: storage)
            used += 1
        }
        self.storage = storage
        current.store(unsafe Unretained(storage).address)
        return storage
    }
}

/// Keys and entries, interleaved: slot `i` is word `2i` (the key, 0 when empty) and `2i + 1` (the entry's
/// address, 0 when dropped).
final class LookupStorage: @unchecked Sendable {  // Only atomic words.
    let mask: Int
    let words: AtomicWords

    init(capacity: Int) {
        mask = capacity - 1
        words = AtomicWords(count: 2 * capacity)
    }

    /// The storage of every table without entries, as a container's plan is until its first resolve. One slot,
    /// never written: the first entry makes a storage of its own (`place`).
    /// A static, so it outlives every reader.
    static let empty = LookupStorage(capacity: 1)
}
