import Tether

/// The `single`s that hold their container, through what they resolve from it later: the cycle a sandbox breaks.
enum ContainerHoldingSingle: CaseIterable, Sendable {
    /// A `SessionMaker`, holding a `Provider<Session>`.
    case provider
    /// A `SessionUser`, holding a `Lazy<Session>`.
    case lazy

    /// Registers this `single` in `container` and resolves it; `session` is what its `Provider` or `Lazy` gave.
    func make(in container: DIContainer) -> (single: AnyObject, session: Session) {
        switch self {
        case .provider:
            container.register(SessionMaker.init(makeSession:)).lifetime(.single)
            let maker: SessionMaker = container.resolve()
            return (maker, maker.makeSession())
        case .lazy:
            container.register(SessionUser.init(session:)).lifetime(.single)
            let user: SessionUser = container.resolve()
            return (user, user.session.value)
        }
    }
}
