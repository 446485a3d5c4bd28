/// What a lifetime does when its component is requested: reuse an instance it keeps, or build one.
///
/// One type per lifetime, called statically from the provision's closures (see `ComponentPlan`).
@usableFromInline
protocol LifetimeRule: SendableMetatype {
    /// The instance for this request.
    static func produce<Factory>(
        _ construction: Construction<Factory>, _ context: inout ResolveContext
    ) throws(DIError) -> Factory.Value
}

/// prototype, and weak lifetimes of value types: a new instance for every request.
@usableFromInline
enum EveryTime: LifetimeRule {
    @inlinable @inline(__always)
    static func produce<Factory>(
        _ construction: Construction<Factory>, _ context: inout ResolveContext
    ) throws(DIError) -> Factory.Value {
        try construction.make(&context)
    }
}

/// objectGraph: one instance per top-level resolve.
@usableFromInline
enum SharedInGraph: LifetimeRule {
    @inlinable @inline(__always)
    static func produce<Factory>(
        _ construction: Construction<Factory>, _ context: inout ResolveContext
    ) throws(DIError) -> Factory.Value {
        // objectGraph members are always kept in the graph.
        if let existing = try construction.madeInThisResolve(context) { return existing }
        return try construction.make(&context)
    }
}

/// perContainer, perRun and single: one instance per cell, read without a lock once it exists.
@usableFromInline
enum Cached: LifetimeRule {
    @inlinable @inline(__always)
    static func produce<Factory>(
        _ construction: Construction<Factory>, _ context: inout ResolveContext
    ) throws(DIError) -> Factory.Value {
        typealias Value = Factory.Value
        let cell = construction.cell.unsafelyUnwrapped
        if let existing = cell.load() { return construction.reused(existing, context) }
        if let existing = try construction.madeInThisResolve(context) { return existing }
        return try cell.gate.run(
            reentry: { CycleGuard.reentry(construction.step) },
            existing: { () throws(DIError) -> Value? in
                cell.load().map { construction.reused($0, context) }
            },
            create: { () throws(DIError) -> Value in
                let made = try construction.make(&context)
                cell.store(InstanceBox.object(made, isClass: construction.isClass))
                context.notePublished(cell)
                DILogger.log(.verbose, "created \(construction.step)")
                return made
            })
    }
}

/// custom: kept in the scope's storage, which decides when an instance is reused.
@usableFromInline
enum Scoped: LifetimeRule {
    @inlinable @inline(__always)
    static func produce<Factory>(
        _ construction: Construction<Factory>, _ context: inout ResolveContext
    ) throws(DIError) -> Factory.Value {
        typealias Value = Factory.Value
        if let existing = try construction.madeInThisResolve(context) { return existing }
        let scope = construction.scope.unsafelyUnwrapped
        let info = construction.component.info
        return try construction.component.scopeGate.unsafelyUnwrapped.run(
            reentry: { CycleGuard.reentry(construction.step) },
            existing: { () throws(DIError) -> Value? in
                try scope.fetch(info, as: Value.self).map { construction.reused(value: $0, context) }
            },
            create: { () throws(DIError) -> Value in
                let made = try construction.make(&context)
                scope.save(made, isClass: construction.isClass, for: info)
                return made
            })
    }
}
