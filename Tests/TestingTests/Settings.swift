/// The `single` of the app's parent container.
final class Settings: Sendable {}
