extension DIContainer {
    /// Registers what to inject into instances of `T` that something else makes: app and scene delegates, view
    /// controllers from storyboards, views that make their own model. `inject(into:)` then sets them.
    ///
    /// ```swift
    /// container.registerInjections(into: ProfileViewController.self)
    ///     .injection(\.presenter)
    ///     .completion { (screen: ProfileViewController, log: Logger) in log.opened(screen) }
    /// // where the storyboard made it:
    /// container.inject(into: profileViewController)
    /// ```
    /// The container never makes a `T`: a request for it, or a dependency on it, fails with `made-elsewhere`, and
    /// validation reports such a dependency. Its injections and completions are validated like any component's. A
    /// main-actor class sets its properties with `.injection(on: MainActor.self) { ... }` and is injected into on the
    /// main actor. Within one `inject(into:)`, a dependency that leads back to `T` (through `.injection(cycle: true,
    /// ...)`) gets the object being injected into.
    @discardableResult
    public func registerInjections<T: AnyObject>(
        into _: T.Type, file: StaticString = #fileID, line: Int = #line, filePath: StaticString = #filePath
    ) -> DIComponentBuilder<T> {
        registerMadeElsewhere(T.self, file: file, line: line, filePath: filePath)
    }

    /// Makes a type that holds property wrappers (`@Injected`, `@LazyInjected`, ...) known to validation, when the
    /// container does not make it: a SwiftUI view, a view model a view makes, a delegate.
    ///
    /// ```swift
    /// container.registerWrappers(of: CheckoutView.self)
    /// ```
    /// `validate()` then reports a wrapper's dependency that nothing provides, or that several registrations provide,
    /// at the property. The wrappers of registered types (`register`, `registerInjections(into:)`) are seen without
    /// it. Like `registerInjections(into:)`, it registers a type the container never makes: a request for it, or a
    /// dependency on it, is `made-elsewhere`.
    @discardableResult
    public func registerWrappers<T>(
        of _: T.Type, file: StaticString = #fileID, line: Int = #line, filePath: StaticString = #filePath
    ) -> DIComponentBuilder<T> {
        registerMadeElsewhere(T.self, file: file, line: line, filePath: filePath)
    }

    /// Sets the injections and runs the completions registered for `T` on `object`, an instance made elsewhere,
    /// stopping the program with the full error text when a dependency cannot be built.
    ///
    /// The registration is the one of `T` as its own type (under `name`, if given): one from
    /// `registerInjections(into:)`, or any registration of `T`, whose factory is then not called. Nothing is kept:
    /// the object stays its maker's.
    public func inject<T: AnyObject>(
        into object: T, name: String? = nil, file: StaticString = #fileID, line: UInt = #line
    ) {
        do {
            try injectOrThrow(into: object, name: name)
        } catch {
            fatalError("\n" + error.description, file: file, line: line)
        }
    }

    /// `inject(into:name:)`, throwing why a dependency cannot be built (`not-injectable` when nothing registers
    /// `T`). Properties set before the failure stay set.
    public func injectOrThrow<T: AnyObject>(into object: T, name: String? = nil) throws(DIError) {
        try injectObject(object, as: T.self, name: name)
    }
}
