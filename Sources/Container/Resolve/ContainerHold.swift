/// How a `Lazy` or `Provider` holds the container that made it.
///
/// Strongly when a top-level request made it: the caller asked for the accessor and keeps it. Weakly when it was
/// made for a dependency of a component: the container may keep that component's instance (perContainer, perRun,
/// single, a custom scope), and an instance the container keeps must not keep the container, or neither would ever
/// be released. Once a weakly held container is gone, using the accessor throws `container-released`, naming the
/// component it was made for.
struct ContainerHold: Sendable {
    // Two optionals, not an enum with a payload in each case: such an enum keeps its case in the spare bits of the
    // reference, where a leak checker cannot recognise it, so an accessor alive at exit (one a `single` instance
    // holds) had its `WeakReference` reported as leaked.
    private let strong: DIContainer?
    private let weak: WeakReference?
    /// The component whose dependency the accessor is, for the error once a weakly held container is gone.
    private let madeFor: DIComponentInfo?

    init(_ container: DIContainer, access: DeferredAccessProvision) {
        // Strongly only what a request hands straight to its caller; everything built for a component, weakly,
        // however deep the accessor sits in its dependency (`[Provider<P>]`, `Lazy<P>?`, `Lazy<[Lazy<P>]>`).
        if access.request?.topLevel == true {
            (strong, weak, madeFor) = (container, nil, nil)
        } else {
            (strong, weak, madeFor) = (nil, WeakReference(container), access.request?.consumer?.component)
        }
    }

    func container(accessing value: any Any.Type, as accessor: String) throws(DIError) -> DIContainer {
        if let strong { return strong }
        if let container = weak?.object as? DIContainer { return container }
        throw DIError(.containerReleased(accessor: "\(accessor)<\(codeSpelling(value))>", madeFor: madeFor))
    }
}
