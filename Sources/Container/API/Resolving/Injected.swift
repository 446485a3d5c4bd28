/// A property resolved from the ambient container when its object is made (Factory's and Resolver's `@Injected`).
///
/// ```swift
/// @MainActor final class CheckoutModel: ObservableObject {
///     @Injected private var payments: any Payments
///     @Injected(name: "fast") private var shipping: any Shipping
/// }
/// ```
/// The container is `DIContainer.ambient`: the one `DIContainer.setAmbient(_:)` set at launch, or the one
/// `DIContainer.withAmbient(_:operation:)` set for the task that makes the object (a test's). A request nothing can
/// build stops the program with the resolve's full error, naming the wrapper, the type that holds it, and the
/// property's file and line. (`holder`, `file` and `line` are for the compiler to fill in.)
/// A SwiftUI view can hold `@Injected` too: it resolves whenever the view's struct is made.
@propertyWrapper
public struct Injected<Value> {
    /// The resolved value.
    public let wrappedValue: Value

    /// Resolves `Value` (under `name`, if given) from `container`, or from the ambient container.
    public init(
        name: String? = nil, container: DIContainer? = nil, holder: String = #function,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        let site = WrapperSite(wrapper: "@Injected", holder: holder, file: file, line: line)
        wrappedValue = site.resolve(Value.self, name: name, given: container)
    }

    /// Resolves the provider of `Value` tagged `tag`, as a `DITagged<Tag, Value>` dependency does.
    public init<Tag>(
        tag: Tag.Type, container: DIContainer? = nil, holder: String = #function, file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let site = WrapperSite(wrapper: "@Injected", holder: holder, file: file, line: line)
        wrappedValue = site.resolve(DITagged<Tag, Value>.self, name: nil, given: container).value
    }
}

extension Injected: Sendable where Value: Sendable {}

/// A property resolved from the ambient container on its first read (Factory's and Resolver's `@LazyInjected`).
///
/// ```swift
/// @MainActor final class OrdersModel {
///     @LazyInjected private var exporter: any Exporter  // built when first used
/// }
/// ```
/// The container is the one ambient when the object is made, so that a test's container still serves a read made
/// later; it is held weakly, and must outlive the read. (With none ambient then, the read uses the one ambient at
/// the read.) The first read resolves and keeps the value; reading mutates the property, so an object read from
/// several threads must guard it as it guards its other state.
@propertyWrapper
public struct LazyInjected<Value> {
    private let request: LaterRequest
    private var value: Value?

    /// Resolves `Value` (under `name`, if given) on the first read, from `container` or the ambient container.
    public init(
        name: String? = nil, container: DIContainer? = nil, holder: String = #function,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        request = LaterRequest(
            "@LazyInjected", name: name, container: container, holder: holder, file: file, line: line)
    }

    /// The value, resolved on the first read.
    public var wrappedValue: Value {
        mutating get {
            if let value { return value }
            let made = request.resolve(Value.self)
            value = made
            return made
        }
    }
}

extension LazyInjected: Sendable where Value: Sendable {}

/// A property resolved on its first read and then held weakly (Factory's `@WeakLazyInjected`): for a reference
/// back up a graph, such as a coordinator its screens point at. `nil` once nothing else holds the object; it is not
/// resolved again.
///
/// ```swift
/// @MainActor final class PaymentScreen {  // CheckoutCoordinator: a class of the app, which keeps its screens
///     @WeakLazyInjected private var coordinator: CheckoutCoordinator?  // weak: the coordinator holds this screen
/// }
/// ```
@propertyWrapper
public struct WeakLazyInjected<Value> {
    private let request: LaterRequest
    private var resolved = false
    private weak var object: AnyObject?

    /// Resolves `Value` (under `name`, if given) on the first read, from `container` or the ambient container.
    /// `Value` must be a class or a protocol of classes.
    public init(
        name: String? = nil, container: DIContainer? = nil, holder: String = #function,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        request = LaterRequest(
            "@WeakLazyInjected", name: name, container: container, holder: holder, file: file, line: line)
    }

    /// The object, resolved on the first read; `nil` once it is gone.
    public var wrappedValue: Value? {
        mutating get {
            guard !resolved else { return object as? Value }
            resolved = true
            let made = request.resolve(Value.self)
            // An open existential may hold a class instance too (as a weak lifetime holds it).
            guard InstanceLayout.of(Value.self).mayHoldObject, type(of: made as Any) is AnyClass else {
                let site = request.site
                fatalError(
                    "\n\(site.description): `\(typeName(Value.self))` is not a class, so it cannot be held weakly",
                    file: site.file, line: site.line)
            }
            object = made as AnyObject
            return made
        }
    }
}

/// A property resolved from the ambient container when its object is made, `nil` when nothing provides it.
///
/// ```swift
/// @MainActor final class CartModel {  // Analytics: a protocol of the app
///     @OptionalInjected private var analytics: (any Analytics)?  // previews and tests register none
/// }
/// ```
@propertyWrapper
public struct OptionalInjected<Value> {
    /// The resolved value, or `nil`.
    public let wrappedValue: Value?

    /// Resolves `Value?` (under `name`, if given) from `container`, or from the ambient container.
    public init(
        name: String? = nil, container: DIContainer? = nil, holder: String = #function,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        let site = WrapperSite(wrapper: "@OptionalInjected", holder: holder, file: file, line: line)
        wrappedValue = site.resolve(Value?.self, name: name, given: container)
    }
}

extension OptionalInjected: Sendable where Value: Sendable {}
