
/// Process-wide settings.
public enum DISetting {
    /// Values used where a registration does not say otherwise.
    public enum Defaults {
        /// The lifetime of registrations that do not call `.lifetime(_:)`; `.prototype` unless changed.
        ///
        /// Read when `register` runs, so set it before registering. Safe to set from any thread.
        public static var lifeTime: DILifeTime {
            get { defaultLifeTime.withLock { $0 } }
            set { defaultLifeTime.withLock { $0 = newValue } }
        }
    }
}

private let defaultLifeTime = Locked<DILifeTime>(.prototype)
