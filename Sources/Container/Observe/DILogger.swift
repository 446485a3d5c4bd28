/// Delivers the container's messages to `DISetting.Log.handler`, building each only if its level passes.
@usableFromInline
enum DILogger {
    struct Configuration {
        var level: DILogLevel = .warning
        var handler: (@Sendable (DILogLevel, String) -> Void)?
    }

    static let configuration = Locked(Configuration())
    /// The most detailed level that reaches a handler: `none` while there is no handler.
    private static let threshold = AtomicWord(UInt(DILogLevel.none.rawValue))

    static func update(_ change: (inout Configuration) -> Void) {
        configuration.withLock { configuration in
            change(&configuration)
            threshold.store(
                UInt(configuration.handler == nil ? DILogLevel.none.rawValue : configuration.level.rawValue))
        }
    }

    /// Whether a message of `level` would be delivered.
    @usableFromInline
    static func isEnabled(_ level: DILogLevel) -> Bool {
        level != .none && UInt(level.rawValue) <= threshold.load()
    }

    /// Sends `message` if `level` passes; the message is not built otherwise. A message logged while this thread
    /// is already delivering one (by the handler's own resolves) is dropped: delivered, it would re-enter the
    /// handler, and a handler that resolves when told of a failure, whose resolve fails too, would never return.
    @usableFromInline
    static func log(_ level: DILogLevel, _ message: @autoclosure () -> String) {
        guard isEnabled(level), let handler = configuration.withLock({ $0.handler }) else { return }
        delivering.run { handler(level, message()) }
    }

    private static let delivering = UserCallGuard()
}
