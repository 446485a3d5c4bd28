/// A component that holds something outside the process's memory (a connection pool, an open file, a subscription)
/// and must give it back before the app stops: the container calls `dispose()` when it shuts down.
///
/// ```swift
/// final class Database: DIDisposable {  // ConnectionPool: the app's
///     let pool: ConnectionPool
///     init(pool: ConnectionPool) { self.pool = pool }
///     func dispose() async throws { try await pool.close() }
/// }
/// container.register(Database.init).lifetime(.perContainer(.strong))
/// let report = await container.shutdown()  // closes the pool, once
/// ```
/// `deinit` cannot do this: it cannot `await`, and a process-wide instance is never released. The container disposes
/// what it made and keeps: `perContainer(.strong)` instances in `shutdown()`, `perRun(.strong)` and `single` ones in
/// `shutdownProcessWideInstances()`, a custom scope's at its `shutdown()`. What it does not keep (a prototype,
/// an objectGraph instance, a weak lifetime's) is its holder's to dispose, which validation points out; an instance
/// given to `registerInstance` stays its owner's. An object several registrations keep (its class, and others that
/// hand it out as protocols) is disposed by the one that made it: a `perContainer` registration that hands out a
/// `single`'s instance leaves it to `shutdownProcessWideInstances()`.
public protocol DIDisposable: Sendable {
    /// Gives back what the instance holds. Called once per object, however many registrations, scopes and shutdowns
    /// keep it: by a shutdown after every instance that depends on this one; by a request scope's `end()` or a custom
    /// scope's `shutdown()`, the newest instance first. A thrown error is in the report and does not stop the other
    /// disposals.
    func dispose() async throws
}

extension DIDisposable {
    /// `instance` (kept as `layout` holds it) as an item to dispose, if it is an instance of this type: for a
    /// request's end, which disposes on every request. An object of exactly this class is reinterpreted, with no
    /// call into the runtime; anything else is cast to this type, which costs no look-up of the conformance either.
    static func disposalItem(
        of instance: AnyObject, layout: InstanceLayout, component: DIComponentInfo
    ) -> Disposer.Item? {
        if layout.isClass, ObjectIdentifier(type(of: instance)) == ObjectIdentifier(Self.self) {
            return Disposer.Item(component: component, instance: classInstance(instance, as: Self.self))
        }
        // A pattern, not `as? Self`: unspecialised, an optional of `Self` would instantiate its metadata each call.
        switch layout.erasedHeld(instance) {
        case let instance as Self: return Disposer.Item(component: component, instance: instance)
        default: return nil
        }
    }
}
