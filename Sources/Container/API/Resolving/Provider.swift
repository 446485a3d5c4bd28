/// A dependency resolved anew on every call, per the provided component's lifetime: take `Provider<P>` to make
/// several instances, or to reach a shorter-lived component from a longer-lived one. It follows the registry: after
/// `.replacing()` it builds the replacement, after `unregister` it throws `not-registered`.
///
/// ```swift
/// final class Downloader { init(makeTask: Provider<DownloadTask>) { ... } }
/// let task = makeTask()
/// ```
///
/// A value type (copies share what they resolve from), so that telling a `Provider` parameter from a component
/// at registration is a comparison, not a protocol-conformance lookup (see `DependencyDescriptor`).
public struct Provider<Value>: Sendable {
    /// How it resolves, and what it resolves with.
    private let access: DeferredAccess<Value>

    init(_ access: DeferredAccess<Value>) {
        self.access = access
    }

    /// Resolves a value; stops the program with the full error text if it cannot be built.
    public func callAsFunction() -> Value {
        do {
            return try get()
        } catch {
            fatalError("\n" + error.description)
        }
    }

    /// Resolves a value, or throws why it cannot be built. A provider asked for at top level with runtime arguments
    /// (`resolveOrThrow(Provider<T>.self, arguments: ...)`) passes those.
    public func get() throws(DIError) -> Value {
        try access.resolve(arguments: nil)
    }

    /// Resolves a value, passing `arguments` to the `DIArgument` parameters of its factory, in order, or throws
    /// why it cannot be built (`argument-mismatch` when they are not the ones it takes).
    ///
    /// ```swift
    /// final class OrderList { init(makeRow: Provider<OrderRow>) { ... } }  // OrderRow takes DIArgument<Order>
    /// let row = try makeRow.get(arguments: order)
    /// ```
    public func get<each A>(arguments: repeat each A) throws(DIError) -> Value {
        try access.resolve(arguments: GivenArguments(repeat each arguments))
    }

    /// Resolves a value with `arguments`; stops the program with the full error text if it cannot be built.
    public func callAsFunction<each A>(arguments: repeat each A) -> Value {
        do {
            return try get(arguments: repeat each arguments)
        } catch {
            fatalError("\n" + error.description)
        }
    }
}
