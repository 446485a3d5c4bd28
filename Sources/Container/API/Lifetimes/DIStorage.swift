/// The storage behind a `DIScope`: where a custom lifetime keeps its instances.
///
/// Implement it to decide when a cached instance is reused; returning `nil` from `fetch` makes the container
/// build a new one and `save` it. The scope calls it under its own lock, so an implementation needs no locking;
/// only the thread holding that lock may call it again, nested (a `fetch` that resolves from the container).
///
/// ```swift
/// final class SessionStorage: DIStorage {  // kept until sign-out
///     private var objects: [DIComponentInfo: Any] = [:]
///     var any: [DIComponentInfo: Any] { objects }
///     func fetch(key: DIComponentInfo) -> Any? { objects[key] }
///     func save(object: Any, by key: DIComponentInfo) { objects[key] = object }
///     func clean() { objects.removeAll() }
/// }
/// let session = DIScope(name: "session", storage: SessionStorage())
/// container.register(Cart.init).lifetime(.custom(session))
/// session.dropInstances()  // at sign-out: the next request builds a new cart
/// ```
public protocol DIStorage {
    /// Everything stored now, by registration.
    var any: [DIComponentInfo: Any] { get }
    /// The stored instance for a registration, or `nil` to have a new one built.
    func fetch(key: DIComponentInfo) -> Any?
    /// Keeps a newly built instance.
    func save(object: Any, by key: DIComponentInfo)
    /// Forgets every stored instance.
    func clean()
}

/// The built-in storage: one instance per registration until `clean()`.
///
/// Hand it to a scope, which owns it from then on, and empty it through the scope:
///
/// ```swift
/// let session = DIScope(name: "session", storage: DICacheStorage())  // UserSession: a class of the app
/// let container = DIContainer()
/// container.register(UserSession.init).lifetime(.custom(session))
/// session.dropInstances()  // at sign-out: the next resolve builds a new UserSession
/// ```
public final class DICacheStorage: DIStorage {
    private var cache: [DIComponentInfo: Any] = [:]

    /// Makes an empty storage.
    public init() {}

    /// Every object kept, by registration.
    public var any: [DIComponentInfo: Any] { cache }

    /// The object kept for `key`, if any.
    public func fetch(key: DIComponentInfo) -> Any? { cache[key] }

    /// Keeps `object` for `key`.
    public func save(object: Any, by key: DIComponentInfo) { cache[key] = object }

    /// Drops every object kept.
    public func clean() { cache.removeAll() }
}
