/// Which of one container's registrations provide each type (and name): kept up to date as registrations are
/// added and changed, so that a plan finds a request's providers without looking at every registration.
struct ProviderIndex {
    /// A registration providing a key: as its own type, or through one of its aliases.
    struct Entry {
        let registration: Int
        /// Where the registration is in its container, for registration order.
        let position: Int
        /// The alias it is provided through; `nil` for its own type.
        let alias: Int?
        let name: String?
        let isDefault: Bool
    }

    private(set) var byKey: [ProviderKey: [Entry]] = [:]
    /// Every provider of a type under any name, in registration order.
    private(set) var byType: [ObjectIdentifier: [Entry]] = [:]

    /// Replaces what `old` provided (if it was indexed) with what `new` provides; returns the types whose
    /// providers may have changed.
    mutating func update(replacing old: Registration?, with new: Registration, at position: Int) -> [ObjectIdentifier] {
        // A registration provides a few keys: arrays, not sets.
        if old == nil && new.aliases.isEmpty {
            // A registration being added (its builder has not run yet) provides its own type, unnamed.
            let type = ObjectIdentifier(new.info.type)
            let entry = Entry(registration: new.id, position: position, alias: nil, name: nil, isDefault: new.isDefault)
            Self.insert(entry, into: &byKey[ProviderKey(type: type, name: nil), default: []])
            Self.insert(entry, into: &byType[type, default: []])
            return [type]
        }
        var types: [ObjectIdentifier] = []
        if let old {
            for (key, _) in Self.provided(by: old, at: position) {
                byKey[key]?.removeAll { $0.registration == old.id }
                if !types.contains(key.type) {
                    byType[key.type]?.removeAll { $0.registration == old.id }
                    types.append(key.type)
                }
            }
        }
        for (key, entry) in Self.provided(by: new, at: position) {
            Self.insert(entry, into: &byKey[key, default: []])
            Self.insert(entry, into: &byType[key.type, default: []])
            if !types.contains(key.type) { types.append(key.type) }
        }
        return types
    }

    /// Indexes `alias`, number `number` of registration `id`, which provides nothing else under its type and name.
    mutating func add(alias: Alias, number: Int, of id: Int, at position: Int, isDefault: Bool) {
        let key = ProviderKey(type: ObjectIdentifier(alias.type), name: alias.name)
        let entry = Entry(registration: id, position: position, alias: number, name: alias.name, isDefault: isDefault)
        Self.insert(entry, into: &byKey[key, default: []])
        Self.insert(entry, into: &byType[key.type, default: []])
    }

    /// The types a registration provides, each once.
    static func types(providedBy registration: Registration) -> [ObjectIdentifier] {
        // Its own type always (unnamed, or under the name an alias of it gives), then each alias's.
        var types = [ObjectIdentifier(registration.info.type)]
        for alias in registration.aliases where !types.contains(ObjectIdentifier(alias.type)) {
            types.append(ObjectIdentifier(alias.type))
        }
        return types
    }

    /// In registration order, so that `[P]` lists its elements in the order they were registered.
    private static func insert(_ entry: Entry, into entries: inout [Entry]) {
        // Registrations come in order, so a new entry nearly always goes last.
        if entries.last.map({ $0.position <= entry.position }) ?? true { return entries.append(entry) }
        let at = entries.lastIndex { $0.position <= entry.position }.map { $0 + 1 } ?? 0
        entries.insert(entry, at: at)
    }

    /// The keys a registration provides, each once, with its entry.
    private static func provided(by registration: Registration, at position: Int) -> [(ProviderKey, Entry)] {
        registration.provided.map { provided in
            let key = ProviderKey(type: ObjectIdentifier(provided.type), name: provided.name)
            let entry = Entry(
                registration: registration.id, position: position, alias: provided.alias, name: provided.name,
                isDefault: registration.isDefault)
            return (key, entry)
        }
    }
}

/// A type (and name) that registrations provide.
struct ProviderKey: Hashable {
    let type: ObjectIdentifier
    let name: String?
}
