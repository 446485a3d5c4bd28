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

    /// A registration of `T` that the container never makes: its factory throws `made-elsewhere`. objectGraph, so
    /// that what leads back to the object within one `inject(into:)` shares it.
    private func registerMadeElsewhere<T>(
        _: T.Type, file: StaticString, line: Int, filePath: StaticString
    ) -> DIComponentBuilder<T> {
        let thunk: FactoryThunk = { (component, _, _, _) throws(DIError) in throw component.madeElsewhere() }
        return register(
            T.self, parameters: FactoryParameters(Void.self), thunk: thunk, kind: .synchronous, lifetime: .objectGraph,
            madeElsewhere: true, file: file, line: line, filePath: filePath)
    }

    /// Runs the injections of `component` on `object` as one resolve.
    private func inject(
        _ object: AnyObject, by component: BoundComponent, graphCapacity: Int, pin: ResolvePin
    ) throws(DIError) {
        try refuseAfterShutdown(component.info.type, pin: pin)
        let stack = pin.takeStackCheckpoint(below: StackGuard.here())
        defer { if stack.holds { pin.releaseStackCheckpoint() } }
        var context = ResolveContext(
            container: self, arguments: nil, observer: nil, graph: .none, stackCheckpoint: stack.checkpoint)
        if graphCapacity == 0 { return try context.injectRoot(component, into: object) }
        try SharedInstances.withBuffer(capacity: graphCapacity) { (graph) throws(DIError) in
            context.graph = graph
            try context.injectRoot(component, into: object)
        }
    }

    /// The engine's entry point of `inject(into:)`.
    private func injectObject(_ object: AnyObject, as type: any Any.Type, name: String?) throws(DIError) {
        try pinnedResolving { (pin) throws(DIError) in
            try injectObjectPinned(object, as: type, name: name, pin: pin)
        }
    }

    private func injectObjectPinned(
        _ object: AnyObject, as type: any Any.Type, name: String?, pin: ResolvePin
    ) throws(DIError) {
        do throws(DIError) {
            let request = DIRequest(type: type, name: name)
            let injected: Void? = try plan.withEntry(for: type, name: name) { (entry) throws(DIError) in
                guard let component = entry.component else {
                    throw entry.failure ?? DIError(.notInjectable(request, providedBy: nil))
                }
                guard ObjectIdentifier(component.info.type) == ObjectIdentifier(type) else {
                    throw DIError(.notInjectable(request, providedBy: component.info))
                }
                if let problem = component.registration.problems.first {
                    throw DIError(.invalidRegistration(component.info, problem: problem))
                }
                // Inside another resolve (a completion), it may be injecting into the object that resolve is
                // completing, which would run this again for ever.
                guard Reclamation.isNested else {
                    return try inject(object, by: component, graphCapacity: entry.graphCapacity, pin: pin)
                }
                try DeferredResolutionStack.injecting(into: object, by: component) { () throws(DIError) in
                    try inject(object, by: component, graphCapacity: entry.graphCapacity, pin: pin)
                }
            }
            if injected == nil { throw DIError(.notInjectable(request, providedBy: nil)) }
        } catch {
            DILogger.log(.error, error.description)
            throw error
        }
    }
}
