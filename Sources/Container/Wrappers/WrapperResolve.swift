/// How a property wrapper resolves: from the container it was given or the ambient one, stopping with the full
/// error text, the wrapper and the property, when it cannot.
struct WrapperSite: Sendable, CustomStringConvertible {
    /// `@Injected`, `@LazyInjected`, ...
    let wrapper: StaticString
    /// The type that declares the property, as `#function` gives it where a wrapper is made: the property's own
    /// name is not available to it, and its line is (`line`).
    let holder: String
    let file: StaticString
    let line: UInt

    /// How errors name it: `@Injected in CheckoutModel at App/CheckoutModel.swift:12`.
    var description: String { "\(wrapper) in \(holder) at \(file):\(line)" }

    /// Whether `other` is this declaration: the file is compared last, and only as text, since it rarely decides.
    func isSame(as other: WrapperSite) -> Bool {
        line == other.line && holder == other.holder && "\(wrapper)" == "\(other.wrapper)"
            && "\(file)" == "\(other.file)"
    }

    /// Runs `body` with the container to resolve from, `given` or the ambient one (lent, not retained: see
    /// `DIContainer.withAmbientContainer`), and whether the thread runs a resolve; stops the program when there is no
    /// container.
    func withContainer<Result>(_ given: DIContainer?, _ body: (DIContainer, _ inResolve: Bool) -> Result) -> Result {
        if let given { return body(given, Reclamation.isPinned) }
        return DIContainer.withAmbientContainer { ambient, inResolve in
            // A `switch`, not `guard let`: that bound a copy, a retain and a release of the container every resolving
            // thread shares.
            switch ambient {
            case .some(let ambient): body(ambient, inResolve)
            case .none: stopWithoutContainer()
            }
        }
    }

    @inline(never)
    private func stopWithoutContainer() -> Never {
        fatalError(
            "\n\(description): no container to resolve from. Set one at launch with "
                + "`DIContainer.setAmbient(_:)`, or make the object inside "
                + "`DIContainer.withAmbient(_:operation:)` (a test's own container).",
            file: file, line: line)
    }

    /// `T` (named `name`) from `given` or the ambient container, or the program stops with the resolve's error,
    /// naming this site.
    func resolve<T>(_: T.Type, name: String?, given: DIContainer?) -> sending T {
        withContainer(given) { container, inResolve in
            resolve(T.self, name: name, from: container, inResolve: inResolve)
        }
    }

    /// `T` (named `name`) from `container`, or the program stops with the resolve's error, naming this site.
    func resolve<T>(_: T.Type, name: String?, from container: DIContainer) -> sending T {
        resolve(T.self, name: name, from: container, inResolve: Reclamation.isPinned)
    }

    /// `resolve(_:name:from:)`, told whether the thread runs a resolve already.
    private func resolve<T>(_: T.Type, name: String?, from container: DIContainer, inResolve: Bool) -> sending T {
        // A wrapper outside any resolve (in an object made by hand, or by a view) cannot be on a cycle yet: only one
        // inside a resolve is noted, which keeps the common case free of the bookkeeping.
        guard inResolve else { return resolveOrStop(T.self, name: name, from: container) }
        if let cycle = WrappersInProgress.enter(.init(site: self, type: T.self, name: name)) {
            let text = WrappersInProgress.cycleText(cycle, from: container)
            fatalError("\n\(description) could not be resolved:\n" + text, file: file, line: line)
        }
        defer { WrappersInProgress.leave() }
        return resolveOrStop(T.self, name: name, from: container)
    }

    private func resolveOrStop<T>(_: T.Type, name: String?, from container: DIContainer) -> sending T {
        do {
            let value = try container.resolveOrThrow(T.self, name: name)
            UnknownHolders.check(self, resolvingFrom: container)
            return value
        } catch {
            fatalError("\n\(description) could not be resolved:\n" + error.description, file: file, line: line)
        }
    }
}
