extension DIContainer {
    /// Creates every `.single` component this container (and its ancestors) can see, now, in registration order.
    ///
    /// Each is created once per process (or per test sandbox), however many containers call this. Stops the
    /// program with the full error text when one cannot be built; `initializeSingletonObjectsOrThrow()` throws
    /// instead.
    public func initializeSingletonObjects(file: StaticString = #fileID, line: UInt = #line) {
        do {
            try initializeSingletonObjectsOrThrow()
        } catch {
            fatalError("\n" + error.description, file: file, line: line)
        }
    }

    /// Creates every `.single` component now, throwing the first that cannot be built; `observer`, if given,
    /// is told of every instance built or reused (TetherDiagnostics' start-up profile uses it).
    public func initializeSingletonObjectsOrThrow(observer: (any DIResolutionObserver)? = nil) throws(DIError) {
        try buildSingles(observer: observer)
    }
}
