extension DIContainer {
    /// `initializeSingletonObjectsAsync()`'s work: each `single` built where it must be, on the caller's actor.
    nonisolated(nonsending) func buildSinglesAwaiting() async throws(DIError) {
        for component in plan.singles() {
            try Reclamation.pinned { () throws(DIError) in try refuseAfterShutdown(component.info.type) }
            if !component.argumentTypes.isEmpty { throw DIError(.cachedArguments(component.info, lifetime: .single)) }
            let room = Room.allocate(byteCount: component.layout.size, alignment: component.layout.alignment)
            defer { room.deallocate() }
            // Read pinned: it reads the component's binding.
            let graphCapacity = Reclamation.pinned { component.graphCapacity }
            try await resolveAwaiting(
                component.provision, type: component.info.type, roots: [component], root: component,
                graphCapacity: graphCapacity, into: room)
            component.layout.destroy(room)
            DILogger.log(.info, "singleton \(component.step) is ready")
        }
    }

    /// `resolveAsync`, for `type` into `target`, untyped; on the caller's actor, as `resolveAsync` is.
    nonisolated(nonsending) func resolveAwaiting(_ type: any Any.Type, name: String?, into target: Room)
        async throws(DIError)
    {
        do throws(DIError) {
            // Pinned while it takes its own references to what the entry points to, which it holds across awaits.
            let (provision, root, roots, graphCapacity) = try Reclamation.pinned { () throws(DIError) in
                try refuseAfterShutdown(type, name: name)
                let found = try plan.withEntry(for: type, name: name) { (entry) throws(DIError) in
                    let provision = try entry.withProvision { $0.provision }
                    if let component = entry.component, entry.takesArguments {
                        throw argumentMismatch(component, received: [])
                    }
                    let root = entry.component
                    let roots = root.map { [$0] } ?? entry.builds
                    return (provision, root, roots, entry.graphCapacity)
                }
                guard let found else { throw notRegistered(type, name: name) }
                return found
            }
            try await resolveAwaiting(
                provision, type: type, roots: roots, root: root, graphCapacity: graphCapacity, into: target)
        } catch {
            DILogger.log(.error, error.description)
            throw error
        }
    }
}
