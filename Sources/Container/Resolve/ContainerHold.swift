/// How a `Lazy` or `Provider` holds the container that made it.
///
/// Strongly when a top-level request made it: the caller asked for the accessor and keeps it. Weakly when it was
/// made for a dependency of a component: the container may keep that component's instance (perContainer, perRun,
/// single, a custom scope), and an instance the container keeps must not keep the container, or neither would ever
/// be released. Once a weakly held container is gone, using the accessor throws `container-released`, naming the
/// component it was made for.
struct ContainerHold: Sendable {
    private enum Hold {
        case strong(DIContainer)
        /// `madeFor`: the component whose dependency the accessor is, for the error once the container is gone.
        case weak(WeakReference, madeFor: DIComponentInfo?)
    }

    private let hold: Hold

    init(_ container: DIContainer, access: DeferredAccessProvision) {
        // Strongly only what a request hands straight to its caller; everything built for a component, weakly,
        // however deep the accessor sits in its dependency (`[Provider<P>]`, `Lazy<P>?`, `Lazy<[Lazy<P>]>`).
        hold =
            access.request?.topLevel == true
            ? .strong(container) : .weak(WeakReference(container), madeFor: access.request?.consumer?.component)
    }

    /// The container, which the caller keeps alive while it uses what the accessor points to; throws
    /// `container-released` when it is gone.
    func container(accessing value: any Any.Type, as accessor: String) throws(DIError) -> DIContainer {
        switch hold {
        case .strong(let container):
            return container
        case .weak(let reference, let madeFor):
            if let container = reference.object as? DIContainer { return container }
            throw DIError(.containerReleased(accessor: "\(accessor)<\(codeSpelling(value))>", madeFor: madeFor))
        }
    }
}
