/// Warns, through the log, of a wrapper whose holder type is not registered with the container it resolves from:
/// `validate()` reads wrappers from registered types only, so that one's requests go unchecked.
///
/// Done only while a log handler takes warnings, and once per wrapper site: the check reads every registration.
/// A holder is known by its name alone, as `#function` gives it to the wrapper (no parents, no generic arguments).
enum UnknownHolders {
    /// The wrapper sites checked so far, by file and line.
    private static let checked = Locked(Set<Site>())

    /// Sites found in `checked`, read without its lock: every wrapper's resolve asks while a handler takes warnings,
    /// and the lock is every thread's (two threads making objects with wrappers went at 1.6-1.7x one thread's
    /// throughput, and each resolve paid a fifth more). A slot holds a site's `word`; a site whose slot another
    /// holds takes the lock, as before.
    private static let recent = AtomicWords(count: 256)

    private struct Site: Hashable {
        let file: UInt
        let line: UInt

        /// File and line in one word, where they fit (64-bit systems, lines below 131,072), so that one atomic word
        /// tells a site exactly.
        var word: UInt? {
            guard UInt.bitWidth == 64, file >> (UInt.bitWidth - 17) == 0, line < 1 << 17 else { return nil }
            return file << 17 | line
        }
    }

    static func check(_ site: WrapperSite, resolvingFrom container: DIContainer) {
        guard DILogger.isEnabled(.warning) else { return }
        let key = Site(file: SiteText.identity(of: site.file), line: site.line)
        let cached = key.word.map { (word: $0, slot: Int(truncatingIfNeeded: ($0 &* 0x9E37_79B9_7F4A_7C15) >> 56)) }
        if let cached, recent.load(cached.slot) == cached.word { return }
        let first = checked.withLock { $0.insert(key).inserted }
        if let cached { recent.store(cached.word, at: cached.slot) }
        guard first else { return }
        // A wrapper declared in a superclass names it, and a registered subclass's field walk sees the wrapper.
        let known = container.registrationsWithAncestors().contains { level in
            level.registrations.contains { registration in
                var type: (any Any.Type)? = registration.info.type
                while let current = type {
                    if shortName(of: current) == site.holder { return true }
                    type = (current as? AnyClass).flatMap(_getSuperclass)
                }
                return false
            }
        }
        guard !known else { return }
        DILogger.log(
            .warning,
            "\(site.description): \(site.holder) is not registered with the container it resolves from, so `validate()` "
                + "does not see what its wrappers ask for; add `container.registerWrappers(of: \(site.holder).self)`")
    }

    /// `Inner` for `Outer.Inner<Int>`.
    private static func shortName(of type: any Any.Type) -> Substring {
        let name = typeName(type)
        let plain = name[..<(name.firstIndex(of: "<") ?? name.endIndex)]
        return plain[(plain.lastIndex(of: ".").map(plain.index(after:)) ?? plain.startIndex)...]
    }
}
