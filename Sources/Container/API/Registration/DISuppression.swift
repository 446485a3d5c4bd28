/// A validation finding silenced on one registration, with the reason written next to it.
public struct DISuppression: Sendable, Hashable {
    /// The finding code, such as `captive-dependency`.
    public let code: String
    /// Why the finding does not apply here.
    public let reason: String

    /// Records a suppression.
    public init(code: String, reason: String) {
        self.code = code
        self.reason = reason
    }
}
