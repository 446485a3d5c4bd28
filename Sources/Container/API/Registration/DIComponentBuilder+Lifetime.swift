extension DIComponentBuilder where Component: Sendable {
    /// Sets how long instances live; without it the registration uses its module's or `DISetting.Defaults.lifeTime`.
    ///
    /// Any lifetime, a variable's too: the compiler has checked on this line that the component may be shared.
    @discardableResult
    public func lifetime(_ lifetime: DILifeTime) -> Self {
        // A graph lifetime shares nothing, so it proves nothing: what the registration knew stays.
        setLifetime(lifetime, sharing: lifetime.outlivesResolve ? .sendable : .unproven)
    }
}

extension DIComponentBuilder {
    /// Sets `.prototype` or `.objectGraph`, the lifetimes a component of any type takes: each top-level resolve
    /// builds its own. A lifetime that shares one instance (`.single`, `.perContainer(.strong)`, ...) compiles only
    /// for a `Sendable` component; see `DILifeTime`.
    @discardableResult
    public func lifetime<Lifetime: DILifeTime.Unshared>(_ lifetime: Lifetime) -> Self {
        setLifetime(lifetime.unshared.lifetime, sharing: .unproven)
    }

    /// Sets `lifetime` for an instance that belongs to the main actor, which need not be `Sendable`: the object of
    /// a `@MainActor` factory, or one registered by main-actor code. It is handed out on the main actor only; a
    /// resolve on another thread throws `main-actor-isolated`. On any other registration it is
    /// `invalid-registration`.
    ///
    /// ```swift
    /// container.register { @MainActor in LegacyStore() }.lifetime(.single, on: MainActor.self)
    /// ```
    @discardableResult
    public func lifetime(_ lifetime: DILifeTime, on _: MainActor.Type) -> Self {
        setLifetime(lifetime, sharing: .mainActor)
    }

    /// Sets `lifetime` on the user's promise that sharing the instance is safe, as `@unchecked Sendable` promises:
    /// for code being migrated. Spelled to be searched for; validation lists each use as an `unchecked-sendable`
    /// note.
    @discardableResult
    public func lifetime(uncheckedSendable lifetime: DILifeTime) -> Self {
        setLifetime(lifetime, sharing: .unchecked)
    }

    /// Records the lifetime with what its spelling proved about sharing the instance.
    func setLifetime(_ lifetime: DILifeTime, sharing: DISharing) -> Self {
        var info: DIComponentInfo?
        let published = container.modify(id) { registration in
            registration.setLifetime(lifetime, sharing: sharing)
            if DILogger.isEnabled(.verbose) { info = registration.info }
        }
        // After the change, with no lock held: a log handler may resolve. A registration not yet published is
        // logged with its lifetime when it is.
        if published, let info { DILogger.log(.verbose, "lifetime of \(info): \(lifetime)") }
        return self
    }
}
