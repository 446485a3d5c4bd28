/// What a lifetime does when its component is requested: reuse an instance it keeps, or build one.
enum LifetimeRule {
    /// prototype, and weak lifetimes of value types: a new instance for every request.
    case everyTime
    /// objectGraph: one instance per top-level resolve.
    case sharedInGraph
    /// perContainer, perRun and single: one instance per cell, read without a lock once it exists.
    case cached
    /// custom: kept in the scope's storage, which decides when an instance is reused.
    case scoped
}

extension BoundComponent {
    /// The instance for this request, for a component whose type is a class; for a value type, the boxed value.
    func object(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        switch rule {
        case .everyTime:
            return try buildObject(&context)
        case .sharedInGraph:
            if let existing = try madeInThisResolve(context) { return existing }
            return try buildObject(&context)
        case .cached:
            return try cached(&context)
        case .scoped:
            return try scoped(&context)
        }
    }

    /// Writes the instance for this request to `target`.
    func produce(into target: UnsafeMutableRawPointer, _ context: inout ResolveContext) throws(DIError) {
        if layout.isClass {
            target.initializeMemory(as: AnyObject.self, repeating: try object(&context), count: 1)
        } else if rule == .everyTime {
            try build(into: target, &context)
        } else {
            layout.copy(try object(&context), to: target)
        }
    }

    private func cached(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        let cell = cell.unsafelyUnwrapped
        if let existing = cell.load() { return reused(existing, context) }
        if let existing = try madeInThisResolve(context) { return existing }
        return try cell.gate.run(
            reentry: { CycleGuard.reentry(step) },
            existing: { () -> AnyObject? in cell.load().map { reused($0, context) } },
            create: { () throws(DIError) -> AnyObject in
                let made = try buildObject(&context)
                cell.store(made)
                context.notePublished(cell)
                DILogger.log(.verbose, "created \(step)")
                return made
            })
    }

    private func scoped(_ context: inout ResolveContext) throws(DIError) -> AnyObject {
        if let existing = try madeInThisResolve(context) { return existing }
        let scope = scope.unsafelyUnwrapped
        return try scopeGate.unsafelyUnwrapped.run(
            reentry: { CycleGuard.reentry(step) },
            existing: { () throws(DIError) -> AnyObject? in
                try scope.fetch(info, layout: layout).map { reused($0, context) }
            },
            create: { () throws(DIError) -> AnyObject in
                let made = try buildObject(&context)
                scope.save(made, layout: layout, for: info)
                return made
            })
    }

    /// The instance this resolve already made and shares, if any; throws the cycle if the component is being
    /// built now. What every lifetime that reuses instances asks before looking further.
    private func madeInThisResolve(_ context: ResolveContext) throws(DIError) -> AnyObject? {
        if binding._withUnsafeGuaranteedRef({ $0.onCycle }) { try CycleGuard.check(self, context) }
        guard keepsInGraph, let existing = context.recall(index) else { return nil }
        return reused(existing.takeUnretainedValue(), context)
    }

    /// An instance made earlier (by this resolve, a cell or a scope), told to the observer.
    private func reused(_ existing: AnyObject, _ context: ResolveContext) -> AnyObject {
        context.observer?.didReuse(step)
        return existing
    }
}
