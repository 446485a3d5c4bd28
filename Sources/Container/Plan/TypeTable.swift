/// Finds the entry for a requested type without hashing through `Hasher`.
///
/// The keys are the addresses of type metadata, which are already well spread; an open-addressing table with
/// a multiplicative hash finds one in a probe or two, where a `Dictionary` lookup costs several times more. Each
/// key sits next to its entry, in memory the table owns, so a probe reads one cache line and checks no bounds:
/// the mask keeps every index in the table.
///
/// A struct stored inline in its `RegistryPlan`, so that a probe follows one pointer fewer; the plan frees the
/// memory when it goes.
struct TypeTable: @unchecked Sendable {  // Filled in `init`, then only read.
    let slots: UnsafeMutableBufferPointer<Slot>
    let mask: Int

    /// A key (0 for an empty slot) and its entry.
    struct Slot {
        var key: UInt = 0
        var entry: RootEntry?

        init() {}

        init(key: UInt, entry: RootEntry) {
            self.key = key
            self.entry = entry
        }
    }

    init(_ entries: [(ObjectIdentifier, RootEntry)]) {
        var capacity = 8
        while capacity < entries.count * 2 { capacity *= 2 }
        slots = .allocate(capacity: capacity)
        slots.initialize(repeating: Slot())
        mask = capacity - 1
        for (id, entry) in entries {
            let key = UInt(bitPattern: id)
            var index = Self.home(of: key, mask: mask)
            while slots[index].key != 0 { index = (index + 1) & mask }
            slots[index] = Slot(key: key, entry: entry)
        }
    }

    /// Frees the memory; the table is not used afterwards.
    func deallocate() {
        slots.deallocate()  // `Slot` is trivial: nothing to deinitialize.
    }

    @inline(__always)
    static func home(of key: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    @inline(__always)
    func find(_ id: ObjectIdentifier) -> RootEntry? {
        let key = UInt(bitPattern: id)
        var index = Self.home(of: key, mask: mask)
        let base = slots.baseAddress.unsafelyUnwrapped
        while true {
            let slot = base + index
            if slot.pointee.key == key { return slot.pointee.entry }
            if slot.pointee.key == 0 { return nil }
            index = (index &+ 1) & mask
        }
    }
}
