/// One registration added or changed: the types whose providers it may have changed.
struct RegistrationChange {
    let types: ChangedTypes
    let registration: Int
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
