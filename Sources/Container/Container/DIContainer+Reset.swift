extension DIContainer {
    /// Drops this container's `perContainer` instances, so that the next resolves build new ones (a log-out, a
    /// test that starts afresh). Children keep theirs: each resolving container has its own.
    ///
    /// The instances are released before this returns, once no thread is still taking one of them from its
    /// cell; a resolve running at the same moment may still hand out one from before the reset.
    public func resetPerContainerInstances() {
        // Outside the container's lock: releasing an instance runs its deinit, which may resolve.
        for cell in perContainerCells { cell.reset() }
    }

    /// Removes every registration of this container that provides `type` under `name` (its own type or an
    /// `.as` type); returns how many. A parent's registrations are untouched, and become visible again where
    /// this container's overrode them.
    @discardableResult
    public func unregister<T>(_ type: T.Type, name: String? = nil) -> Int {
        removeRegistrations(providing: type, name: name)
    }
}
