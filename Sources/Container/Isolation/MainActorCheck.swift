internal import Dispatch

/// Whether the caller runs where the main actor runs, asked without stopping the program when it does not.
///
/// `MainActor.assumeIsolated` traps elsewhere, and the standard library has no public question that answers
/// instead (`SerialExecutor.isIsolatingCurrentContext` is for executors to implement, from iOS 26). The main
/// actor's executor is the main dispatch queue: on Apple systems always on the main thread, on Linux on whichever
/// thread drains that queue (Swift Testing's runner drains it on another thread). So: the main thread, or a job of
/// the main queue, which a key set on that queue tells.
///
/// Its limits, neither of which this machine can test: a custom executor running its job inline on the main thread
/// would get a yes where `assumeIsolated` traps, and a main executor that is not the dispatch main queue (a custom
/// one) gets a no, so a main-actor factory is refused with `main-actor-isolated` rather than run.
enum MainActorCheck {
    static var isIsolated: Bool {
        CurrentThread.isMain || DispatchQueue.getSpecific(key: mainQueueKey) != nil
    }

    private static let mainQueueKey: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
}

extension BoundComponent {
    /// The error of a resolve off the main actor that would hand out this component's instance, which belongs to the
    /// main actor: it says how the instance came to be the main actor's, since that decides the fix.
    var handOutRefusal: DIError {
        DIError(.mainActorIsolated(info, reason: registration.isInstance ? .registeredThere : .sharedThere))
    }
}
