/// Process-wide settings.
///
/// Set them once at launch, before the first container:
///
/// ```swift
/// DISetting.Defaults.lifeTime = .objectGraph  // Resolver's default, for code moving from it
/// DISetting.Log.level = .info
/// DISetting.Log.handler = { level, message in print("[tether] \(level): \(message)") }
/// ```
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

    /// Where the container's messages go, and how many of them.
    ///
    /// ```swift
    /// DISetting.Log.level = .info
    /// DISetting.Log.handler = { level, message in
    ///     logger.log(level: level == .error ? .error : level == .warning ? .warning : .info, "\(message)")
    /// }
    /// ```
    /// Messages are built only when their level passes, so a filtered message costs one atomic load.
    public enum Log {
        /// The most detailed level delivered; `.warning` unless changed.
        public static var level: DILogLevel {
            get { DILogger.configuration.withLock { $0.level } }
            set { DILogger.update { $0.level = newValue } }
        }

        /// Receives every message at or above `level`; `nil` (the default) drops them all.
        public static var handler: (@Sendable (DILogLevel, String) -> Void)? {
            get { DILogger.configuration.withLock { $0.handler } }
            set { DILogger.update { $0.handler = newValue } }
        }
    }
}

private let defaultLifeTime = Locked<DILifeTime>(.prototype)
