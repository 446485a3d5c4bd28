/// A named request input's value, for `providing:`: `DIRequestInput(tenant, name: "tenant")` gives the input
/// declared with `registerRequestInput(String.self, name: "tenant")`, where a plain `String` would give the unnamed one.
public struct DIRequestInput<Value: Sendable>: Sendable {
    /// The value the scope's components get.
    public let value: Value
    /// The name it was declared under.
    public let name: String

    /// The value of the input of type `Value` declared under `name`.
    public init(_ value: Value, name: String) {
        self.value = value
        self.name = name
    }
}
