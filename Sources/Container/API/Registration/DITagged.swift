/// A dependency on the providers of `Value` marked with the tag `Tag` (`.tag(Tag.self)` on their registrations).
///
/// ```swift
/// enum Primary {}
/// container.register(PostgresDatabase.init).as((any Database).self).tag(Primary.self)
/// container.register { (db: DITagged<Primary, any Database>) in Repository(db: db.value) }
/// ```
/// `Value` may itself be a shape: `DITagged<Primary, [any Database]>` lists every provider tagged `Primary`,
/// `DITagged<Primary, (any Database)?>` is `nil` when none is. A tag is a type, so a misspelt tag does not compile.
public struct DITagged<Tag, Value> {
    /// The resolved dependency.
    ///
    /// The only stored property: a `DITagged` has its value's layout, so the engine writes the value in place.
    public let value: Value

    /// Wraps a value, for tests that build a component by hand.
    public init(_ value: Value) {
        self.value = value
    }
}

extension DITagged: Sendable where Value: Sendable {}
