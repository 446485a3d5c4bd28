extension DIContainer {
    /// `initializeSingletonObjectsOrThrow(observer:)`'s work: each `single` this container sees, in registration
    /// order, built as a top-level resolve would build it.
    func buildSingles(observer: (any DIResolutionObserver)?) throws(DIError) {
        for component in plan.singles() {
            try Reclamation.pinned { () throws(DIError) in try refuseAfterShutdown(component.info.type) }
            if !component.argumentTypes.isEmpty { throw DIError(.cachedArguments(component.info, lifetime: .single)) }
            try component.layout.withRoom { (room) throws(DIError) in
                try withExtendedLifetime(observer) { () throws(DIError) in
                    try pinnedResolving { (pin) throws(DIError) in
                        try run(
                            ProvisionSlot(component.provision), type: component.info.type, into: room,
                            graphCapacity: component.graphCapacity, arguments: nil, observer: observer, pin: pin)
                    }
                }
                component.layout.destroy(room)
            }
            DILogger.log(.info, "singleton \(component.step) is ready")
        }
    }
}
