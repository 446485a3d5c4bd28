/// The `single` of the app's setup: what parallel tests must not share.
final class Session: Sendable {}
