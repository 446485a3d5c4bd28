/// Finds the entry for a requested type without hashing through `Hasher`.
///
/// The keys are the addresses of type metadata, which are already well spread; an open-addressing table with
/// a multiplicative hash finds one in a probe or two, where a `Dictionary` lookup costs several times more.
@usableFromInline
struct TypeTable: Sendable {
    @usableFromInline let keys: [UInt]
    @usableFromInline let values: [RootEntry?]
    @usableFromInline let mask: Int

    init(_ entries: [(ObjectIdentifier, RootEntry)]) {
        var capacity = 8
        while capacity < entries.count * 2 { capacity *= 2 }
        var keys = [UInt](repeating: 0, count: capacity)
        var values = [RootEntry?](repeating: nil, count: capacity)
        for (id, entry) in entries {
            let key = UInt(bitPattern: id)
            var slot = Self.home(of: key, mask: capacity - 1)
            while keys[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            keys[slot] = key
            values[slot] = entry
        }
        self.keys = keys
        self.values = values
        self.mask = capacity - 1
    }

    @inlinable
    static func home(of key: UInt, mask: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
    }

    @inlinable @inline(__always)
    func find(_ id: ObjectIdentifier) -> RootEntry? {
        let key = UInt(bitPattern: id)
        var slot = Self.home(of: key, mask: mask)
        while true {
            let found = keys[slot]
            if found == key { return values[slot] }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }
}
