/// What a wrapper that resolves on its first read keeps until then: the container ambient when its object was
/// made (so that a test's container still serves a read made later), the name, and where it is declared.
///
/// The container is held weakly, as a `Lazy` made for a component holds it: an object the container itself keeps
/// (a perContainer view model) would otherwise keep its container, and so itself, alive.
struct LaterRequest: Sendable {
    let site: WrapperSite
    let name: String?
    private weak var container: DIContainer?
    /// Whether there was a container to hold when the object was made.
    private let hadContainer: Bool

    init(
        _ wrapper: StaticString, name: String?, container: DIContainer?, holder: String, file: StaticString, line: UInt
    ) {
        site = WrapperSite(wrapper: wrapper, holder: holder, file: file, line: line)
        self.name = name
        let held = container ?? DIContainer.ambient
        self.container = held
        hadContainer = held != nil
    }

    func resolve<T>(_: T.Type) -> sending T {
        guard let container else {
            guard !hadContainer else {
                fatalError(
                    "\n\(site.description): the container that was ambient when this object was made is gone; keep "
                        + "it as long as objects made with it read their wrappers",
                    file: site.file, line: site.line)
            }
            // None when the object was made: the one ambient now, or the stop that says how to set one.
            return site.resolve(T.self, name: name, given: nil)
        }
        return site.resolve(T.self, name: name, from: container)
    }
}
