/// One registration added or changed: the types whose providers it may have changed, and the names it provides
/// them under, before the change and after.
struct RegistrationChange {
    let types: ChangedTypes
    let registration: Int
    /// The untagged named keys it provides: a named request's entry is dropped when its key is among them, not when
    /// any registration of its type changes.
    var names = ShortList<NamedKey>()

    /// The untagged named keys `registration` provides: its aliases under a name (its tags add tagged keys only).
    static func names(of registration: Registration) -> ShortList<NamedKey> {
        var names = ShortList<NamedKey>()
        guard !registration.isRemoved else { return names }
        for alias in registration.aliases {
            if let name = alias.name { names.append(NamedKey(type: ObjectIdentifier(alias.type), name: name)) }
        }
        return names
    }
}

/// The types whose providers a change may have changed: nearly always one, the registration's own.
typealias ChangedTypes = ShortList<ObjectIdentifier>
