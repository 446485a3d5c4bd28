extension DIContainer {
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
    func injectObject(_ object: AnyObject, as type: any Any.Type, name: String?) throws(DIError) {
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
