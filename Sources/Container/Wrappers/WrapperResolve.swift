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
    /// naming this site. Compiled once, in Tether: the wrapper's initializer inlined and specialised where each
    /// property is declared cost an app of 1,000 wrappers 3.4 times the compile time (Benchmarks/README.md,
    /// "fourteenth part"). A class (the type's metadata says so) comes back from the engine's class entry as a
    /// reference, moved in, where the generic path moved it through the type's value witnesses.
    func resolve<T>(_: T.Type, name: String?, given: DIContainer?) -> sending T {
        if T.self is AnyClass { return movedClassInstance(resolveObject(T.self, name: name, given: given), as: T.self) }
        return resolveAny(T.self, name: name, given: given)
    }

    /// `resolve(_:name:given:)` for a class, `type`. Most wrappers resolve from the ambient container outside any
    /// resolve, with no warning to log: that case runs first, in a closure that holds the request alone, since one
    /// holding the site copied it (a retain and a release of its holder's text) on every resolve.
    private func resolveObject(_ type: any Any.Type, name: String?, given: DIContainer?) -> AnyObject {
        if given == nil, !DILogger.isEnabled(.warning) {
            var failure: DIError?
            let object = DIContainer.withAmbientContainer { (ambient, inResolve) -> AnyObject? in
                switch ambient {
                case .some(let container) where !inResolve:
                    do throws(DIError) {
                        return try container.resolveObject(type, name: name)
                    } catch {
                        failure = error
                        return nil
                    }
                default: return nil
                }
            }
            if let object { return object }
            if let failure { stop(failure) }
        }
        return withContainer(given) { container, inResolve in
            let entered = enter(type, name: name, from: container, inResolve: inResolve)
            defer { if entered { WrappersInProgress.leave() } }
            do throws(DIError) {
                let object = try container.resolveObject(type, name: name)
                UnknownHolders.check(self, resolvingFrom: container)
                return object
            } catch {
                stop(error)
            }
        }
    }

    /// `resolve(_:name:given:)` for any type.
    private func resolveAny<T>(_: T.Type, name: String?, given: DIContainer?) -> sending T {
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
        let entered = enter(T.self, name: name, from: container, inResolve: inResolve)
        defer { if entered { WrappersInProgress.leave() } }
        do {
            let value = try container.resolveOrThrow(T.self, name: name)
            UnknownHolders.check(self, resolvingFrom: container)
            return value
        } catch {
            stop(error)
        }
    }

    /// Notes the resolve of `type` as this wrapper's, when it runs inside another resolve, and returns whether it
    /// did (the caller leaves `WrappersInProgress` after); stops the program when this site is resolving already.
    /// A wrapper outside any resolve (in an object made by hand, or by a view) cannot be on a cycle yet: only one
    /// inside a resolve is noted, which keeps the common case free of the bookkeeping.
    private func enter(_ type: any Any.Type, name: String?, from container: DIContainer, inResolve: Bool) -> Bool {
        guard inResolve else { return false }
        if let cycle = WrappersInProgress.enter(.init(site: self, type: type, name: name)) {
            stop(explaining: WrappersInProgress.cycleText(cycle, from: container))
        }
        return true
    }

    /// Stops the program with the resolve's error, naming this site.
    private func stop(_ error: DIError) -> Never {
        stop(explaining: error.description)
    }

    /// Stops the program, naming this site and why it could not resolve.
    private func stop(explaining text: String) -> Never {
        fatalError("\n\(description) could not be resolved:\n" + text, file: file, line: line)
    }
}
