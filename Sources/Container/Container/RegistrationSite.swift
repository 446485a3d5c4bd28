/// A registration site as `DIComponentInfo`'s equality sees it (type, file, line, occurrence), without the path
/// and module it also carries: a container counts the registrations of every site it has seen, so the key is held
/// once per registration.
struct RegistrationSite: Hashable {
    let type: ObjectIdentifier
    let file: String
    /// The line and the occurrence, in one word where a word has 64 bits: 32 bytes a key.
    let lineAndOccurrence: UInt64

    init(_ info: DIComponentInfo) {
        type = ObjectIdentifier(info.type)
        file = info.file
        let occurrence = UInt64(UInt32(truncatingIfNeeded: info.occurrence))
        lineAndOccurrence = UInt64(truncatingIfNeeded: info.line) << 32 | occurrence
    }

    func hash(into hasher: inout Hasher) {
        // Not the file, as `DIComponentInfo`'s hash: type and line rarely meet twice. One word, mixed here: each
        // registration hashes its site two or three times (the look-up, and again as the dictionary doubles).
        hasher.combine(UInt64(UInt(bitPattern: type)) &* 0x9E37_79B9_7F4A_7C15 ^ lineAndOccurrence)
    }
}
