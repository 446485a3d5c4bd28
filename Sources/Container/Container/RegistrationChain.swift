/// The end of a registration's builder chain: `register` returns a builder holding one, and when the last copy of
/// that builder is gone (the end of `container.register(Mock.init).as(P.self).tag(T.self).replacing()`, the usual
/// case being the end of its statement), the registration is complete.
///
/// Until then the registration is a `Draft`: builder calls change it in place, and no other thread sees it, so a
/// resolve on another thread never meets a registration without the rest of its chain. A draft is published by
/// the next read of the container (a resolve, a snapshot, `unregister`) once its chain has ended, or at once when
/// the registering thread itself reads: that thread sees what it registered, even through a builder it keeps.
/// Publishing waits for a read, so that registering a thousand components at launch is one change, not a thousand.
///
/// Inside `update { }` or a module's installation the registration is held back by the batch instead, which
/// publishes it when it ends; its chain then only names it.
final class RegistrationChain: Sendable {
    let container: DIContainer
    let id: Int
    /// Whether the registration is a draft of the container's, which the chain's end completes.
    private let isDraft: Bool

    init(container: DIContainer, id: Int, isDraft: Bool) {
        self.container = container
        self.id = id
        self.isDraft = isDraft
    }

    deinit {
        if isDraft { container.endChain(of: id) }
    }
}

/// A registration whose builder chain may still be changing it: held back from the container's registry.
struct Draft {
    var registration: Registration
    /// The thread that registered it, which sees it before its chain ends.
    let thread: UInt
    /// Whether its builder is still alive.
    var isOpen = true

    /// Whether a read on `thread` publishes it: its chain ended, or it is that thread's own.
    func isPublished(by reader: UInt) -> Bool {
        !isOpen || thread == reader
    }
}
