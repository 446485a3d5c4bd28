/// Which of one container's registrations provide each type (and name): kept up to date as registrations are
/// added and changed, so that a plan finds a request's providers without looking at every registration.
struct ProviderIndex {
    /// A registration providing a key: as its own type, or through one of its aliases.
    ///
    /// 16 bytes, held once per key, and once more per type for a named key: a registration's identity is its
    /// place in registration order too, an alias's number fits 32 bits, and the name is the key's (near misses,
    /// the one reader that needs it without a key, ask the registration: `Registration.name(providing:)`).
    struct Entry {
        let registration: Int
        /// The alias's number, or -1 for the registration's own type.
        private let aliasNumber: Int32
        let isDefault: Bool

        init(registration: Int, alias: Int?, isDefault: Bool) {
            self.registration = registration
            self.aliasNumber = alias.map { Int32(truncatingIfNeeded: $0) } ?? -1
            self.isDefault = isDefault
        }

        /// The registration's place in registration order: its identity, which grows with each registration.
        var position: Int { registration }

        /// The alias it is provided through; `nil` for its own type.
        var alias: Int? { aliasNumber < 0 ? nil : Int(aliasNumber) }
    }

    /// The providers of each unnamed, untagged key (nearly every key an app registers), by its type alone: a
    /// type's identity hashes in one step where a `ProviderKey` hashes its type and its (absent) name, and takes a
    /// quarter of the room. Registering hundreds of components at launch hashes each key two or three times (the
    /// look-up, and again each time the dictionary doubles).
    private var plain: [ObjectIdentifier: Providers] = [:]
    /// The providers of each named or tagged key.
    private var qualified: [ProviderKey: Providers] = [:]
    /// The providers of a type under a name, in registration order; those providing it unnamed and untagged (most
    /// of an app's registrations, and most aliases) `plain` lists alone under their type: one dictionary entry
    /// less to make and to keep for each. `providers(ofType:)` merges the two.
    private var byType: [ObjectIdentifier: Providers] = [:]

    /// The registrations providing `key`, in registration order.
    func providers(of key: ProviderKey) -> [Entry] {
        providers(under: key)?.all ?? []
    }

    /// How many registrations provide `key`: none, one (given without making an array), or several.
    func providing(_ key: ProviderKey) -> Providing<Entry> {
        guard let providers = providers(under: key) else { return .none }
        return providers.sole.map { .one($0) } ?? .several
    }

    /// The registrations providing `type` under any name, in registration order, each once.
    func providers(ofType type: ObjectIdentifier) -> [Entry] {
        let unnamed = plain[type]?.all ?? []
        guard let others = byType[type]?.all else { return unnamed }
        guard !unnamed.isEmpty else { return others }
        // Both in registration order; a registration in both (one that also provides the type under a name) is
        // listed once, through its unnamed entry.
        var merged: [Entry] = []
        merged.reserveCapacity(unnamed.count + others.count)
        var next = 0
        for other in others {
            while next < unnamed.count && unnamed[next].position < other.position {
                merged.append(unnamed[next])
                next += 1
            }
            if next < unnamed.count && unnamed[next].position == other.position { continue }
            merged.append(other)
        }
        merged.append(contentsOf: unnamed[next...])
        return merged
    }

    /// Replaces what `old` provided (if it was indexed) with what `new` provides, in registration order;
    /// returns the types whose providers may have changed.
    mutating func update(replacing old: Registration?, with new: Registration) -> ChangedTypes {
        if old == nil && new.aliases.isEmpty && new.tags.isEmpty {
            // A registration added with no alias and no tag provides its own type, unnamed, which `byType` does
            // not list (see there).
            let type = ObjectIdentifier(new.info.type)
            Providers.insert(Entry(registration: new.id, alias: nil, isDefault: new.isDefault), into: &plain[type])
            return ChangedTypes(type)
        }
        // A registration provides a few keys: a short list, not a set, and no array while they are all of one type
        // (an alias of its own type under a name, the usual late registration).
        var changed = ChangedTypes()
        func note(_ type: ObjectIdentifier) -> Bool {
            guard !changed.contains(type) else { return false }
            changed.append(type)
            return true
        }
        if let old {
            Self.forEachKey(providedBy: old) { key, _ in
                withProviders(under: key) { Providers.remove(old.id, from: &$0) }
                if !key.isTagged, note(key.type) { Providers.remove(old.id, from: &byType[key.type]) }
            }
        }
        Self.forEachKey(providedBy: new) { key, entry in
            index(entry, under: key)
            _ = note(key.type)
        }
        return changed
    }

    /// Lists `entry` among the providers of `key` and, for a named key, once per registration among those of its
    /// type: `[P]` holds each registration once, whatever names and tags it provides `P` under.
    private mutating func index(_ entry: Entry, under key: ProviderKey) {
        withProviders(under: key) { Providers.insert(entry, into: &$0) }
        if !key.isTagged, key.name != nil { Providers.insert(entry, into: &byType[key.type], once: true) }
    }

    /// The providers of `key`, from the dictionary that holds keys of its kind.
    private func providers(under key: ProviderKey) -> Providers? {
        key.isPlain ? plain[key.type] : qualified[key]
    }

    /// Calls `body` with the providers of `key` in place, in the dictionary that holds keys of its kind.
    private mutating func withProviders(under key: ProviderKey, _ body: (inout Providers?) -> Void) {
        if key.isPlain { body(&plain[key.type]) } else { body(&qualified[key]) }
    }

    /// Indexes `alias`, number `number` of registration `id`, which provides nothing else under its type and name.
    mutating func add(alias: Alias, number: Int, of id: Int, isDefault: Bool) {
        let key = ProviderKey(type: ObjectIdentifier(alias.type), name: alias.name)
        let entry = Entry(registration: id, alias: number, isDefault: isDefault)
        index(entry, under: key)
    }

    /// The types a registration provides, each once.
    static func types(providedBy registration: Registration) -> ChangedTypes {
        // Its own type always (unnamed, or under the name an alias of it gives), then each alias's.
        var types = ChangedTypes(ObjectIdentifier(registration.info.type))
        for alias in registration.aliases where !types.contains(ObjectIdentifier(alias.type)) {
            types.append(ObjectIdentifier(alias.type))
        }
        return types
    }

    /// Calls `body` with each key a registration provides, once, and its entry.
    private static func forEachKey(
        providedBy registration: Registration, _ body: (ProviderKey, Entry) -> Void
    ) {
        func key(_ provided: ProvidedKey) -> ProviderKey {
            ProviderKey(
                type: ObjectIdentifier(provided.type), name: provided.name, tag: provided.tag.map(ObjectIdentifier.init)
            )
        }
        assert(
            {
                // Debug builds: the walk without a list gives what the list does, key and alias alike.
                var walked: [(ProviderKey, Int?)] = []
                registration.forEachProvided { walked.append((key($0), $0.alias)) }
                return walked.elementsEqual(registration.provided.map { (key($0), $0.alias) }) { $0 == $1 }
            }(), "forEachProvided must give what provided lists")
        registration.forEachProvided { provided in
            body(
                key(provided),
                Entry(registration: registration.id, alias: provided.alias, isDefault: registration.isDefault))
        }
    }
}

/// The providers of one key, in registration order (so that `[P]` lists its elements in the order they were
/// registered): nearly always one, which is kept without an array, since an app registers hundreds of keys.
struct Providers {
    private var first: ProviderIndex.Entry
    private var rest: [ProviderIndex.Entry] = []

    var all: [ProviderIndex.Entry] {
        rest.isEmpty ? [first] : [first] + rest
    }

    /// The one provider, when there is only one (most keys).
    var sole: ProviderIndex.Entry? {
        rest.isEmpty ? first : nil
    }

    /// Whether an entry at `position` is listed, that is, one of the registration there: positions are unique
    /// to a registration and the entries are in their order, so the usual answer (a registration being added
    /// last) takes one comparison and any other a binary search, never a scan of a type's thousands of providers.
    private func lists(position: Int) -> Bool {
        let last = rest.last ?? first
        if position >= last.position { return position == last.position }
        if position <= first.position { return position == first.position }
        var low = 0
        var high = rest.count - 1
        while low <= high {
            let middle = (low + high) / 2
            if rest[middle].position == position { return true }
            if rest[middle].position < position { low = middle + 1 } else { high = middle - 1 }
        }
        return false
    }

    /// Adds `entry` to the providers at `slot` (a dictionary's value), in registration order; with `once`, not if
    /// its registration is there already.
    static func insert(_ entry: ProviderIndex.Entry, into slot: inout Providers?, once: Bool = false) {
        guard var providers = slot else {
            slot = Providers(first: entry)
            return
        }
        if once, providers.lists(position: entry.position) { return }
        slot = nil  // Changed in place: the dictionary's copy must not share `rest`'s storage meanwhile.
        providers.insert(entry)
        slot = providers
    }

    private mutating func insert(_ entry: ProviderIndex.Entry) {
        // Registrations come in order, so a new entry nearly always goes last.
        if entry.position >= (rest.last ?? first).position { return rest.append(entry) }
        if entry.position < first.position {
            rest.insert(first, at: 0)
            first = entry
            return
        }
        let at = rest.lastIndex { $0.position <= entry.position }.map { $0 + 1 } ?? 0
        rest.insert(entry, at: at)
    }

    /// Removes registration `id`'s entries from the providers at `slot`, and the providers if none is left.
    static func remove(_ id: Int, from slot: inout Providers?) {
        guard var providers = slot else { return }
        slot = nil
        providers.rest.removeAll { $0.registration == id }
        if providers.first.registration == id {
            guard !providers.rest.isEmpty else { return }
            providers.first = providers.rest.removeFirst()
        }
        slot = providers
    }
}

/// A type (and name or tag) that registrations provide.
struct ProviderKey: Hashable {
    let type: ObjectIdentifier
    let name: String?
    /// The tag's metadata address, or 0: 32 bytes a key, not 40 with an optional's extra byte, since a container
    /// holds a key for everything each registration provides.
    private let tagAddress: UInt

    init(type: ObjectIdentifier, name: String?, tag: ObjectIdentifier? = nil) {
        self.type = type
        self.name = name
        self.tagAddress = tag.map { UInt(bitPattern: $0) } ?? 0
    }

    /// Whether the key asks for a tag.
    var isTagged: Bool { tagAddress != 0 }

    /// Whether the key is its type alone, with no name and no tag.
    var isPlain: Bool { name == nil && tagAddress == 0 }

    func hash(into hasher: inout Hasher) {
        // Registration hashes thousands of keys, nearly all untagged: a tag is hashed only when there is one.
        hasher.combine(type)
        hasher.combine(name)
        if tagAddress != 0 { hasher.combine(tagAddress) }
    }
}

/// How many providers a key has, and the provider when it has one: what a binding asks first, since most
/// dependencies have one provider and need no list.
enum Providing<Provider> {
    case none
    case one(Provider)
    case several
}
