/// Warns, through the log, of a wrapper whose holder type is not registered with the container it resolves from:
/// `validate()` reads wrappers from registered types only, so that one's requests go unchecked.
///
/// Done only while a log handler takes warnings, and once per wrapper site: the check reads every registration.
/// A holder is known by its name alone, as `#function` gives it to the wrapper (no parents, no generic arguments).
enum UnknownHolders {
    /// The wrapper sites checked so far, by file and line.
    private static let checked = Locked(Set<Site>())

    private struct Site: Hashable {
        let file: UInt
        let line: UInt
    }

    static func check(_ site: WrapperSite, resolvingFrom container: DIContainer) {
        guard DILogger.isEnabled(.warning) else { return }
        let key = Site(file: SiteText.identity(of: site.file), line: site.line)
        guard checked.withLock({ $0.insert(key).inserted }) else { return }
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
