/// A dependency resolved on first use and kept: take `Lazy<P>` to defer building `P`, or to break a cycle.
///
/// ```swift
/// final class Editor { init(spellChecker: Lazy<SpellChecker>) { ... } }
/// editor.spellChecker.value.check(text)
/// ```
/// The first access runs a top-level resolve of `P` on the container that made the `Lazy`, as registered then
/// (after `.replacing()`, the replacement; after `unregister`, `not-registered`); for an objectGraph `P`
/// that the resolve which made the `Lazy` built, the first access gives that instance while it lives, as the rest
/// of its graph has it. A value type whose
/// copies share the value once resolved, so that telling a `Lazy` parameter from a component at registration is a
/// comparison, not a protocol-conformance lookup (see `DependencyDescriptor`).
public struct Lazy<Value>: Sendable {
    private let box: LazyValue<Value>

    init(_ access: DeferredAccess<Value>) {
        box = LazyValue(access)
    }

    /// The value, resolved on first access; stops the program with the full error text if it cannot be built.
    public var value: Value {
        do {
            return try get()
        } catch {
            fatalError("\n" + error.description)
        }
    }

    /// The value, resolved on first access, or why it cannot be built; a failed access is retried next time. A
    /// `Lazy` asked for at top level with runtime arguments (`resolveOrThrow(Lazy<T>.self, arguments: ...)`)
    /// passes those.
    public func get() throws(DIError) -> Value {
        try box.get(arguments: nil)
    }

    /// The value, resolved on first access with `arguments` passed to the `DIArgument` parameters of its factory;
    /// later accesses return that value, whatever arguments they pass.
    public func get<each A>(arguments: repeat each A) throws(DIError) -> Value {
        try box.get(arguments: GivenArguments(repeat each arguments))
    }

    /// Releases the value, disposing nothing, so that the next access resolves it again (DITranquillity's
    /// `clear()`); every copy of this `Lazy` shares the value, and forgets it too. An instance its lifetime keeps
    /// (a singleton, say) stays kept there: the next access gets it back.
    ///
    /// ```swift
    /// gallery.thumbnailer.dropInstance()  // the next `.value` resolves a Thumbnailer again
    /// ```
    public func dropInstance() {
        box.clear()
    }
}
