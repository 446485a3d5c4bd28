/// One registration added or changed: the types whose providers it may have changed, and the names it provides
/// them under, before the change and after.
struct RegistrationChange {
    let types: ChangedTypes
    let registration: Int
    /// The untagged named keys it provides: a named request's entry is dropped when its key is among them, not when
    /// any registration of its type changes (empty, without an array, for a registration that provides no name).
    var names: [NamedKey] = []

    /// The untagged named keys `registration` provides: its aliases under a name (its tags add tagged keys only).
    static func names(of registration: Registration) -> [NamedKey] {
        // Most registrations have no alias under a name: no array.
        guard !registration.isRemoved, registration.aliases.contains(where: { $0.name != nil }) else { return [] }
        return registration.aliases.compactMap { alias in
            alias.name.map { NamedKey(type: ObjectIdentifier(alias.type), name: $0) }
        }
    }
}

/// The types whose providers a change may have changed: nearly always one, the registration's own, kept without an
/// array, since a change made for every registration allocated one.
struct ChangedTypes: RandomAccessCollection {
    /// The type, when there is one; `nil` when `several` holds them.
    private let one: ObjectIdentifier?
    private let several: [ObjectIdentifier]

    init(_ type: ObjectIdentifier) {
        one = type
        several = []
    }

    init(_ types: [ObjectIdentifier]) {
        one = types.count == 1 ? types[0] : nil
        several = types.count == 1 ? [] : types
    }

    var startIndex: Int { 0 }
    var endIndex: Int { one == nil ? several.count : 1 }

    subscript(position: Int) -> ObjectIdentifier {
        one ?? several[position]
    }
}
