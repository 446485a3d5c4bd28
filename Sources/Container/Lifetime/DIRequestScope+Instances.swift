extension DIRequestScope {
    struct State {
        var kept: [Kept] = []
        var ended = false
        /// How many makes run now (`kept` entries without an instance, and async makes awaiting their factories):
        /// `end()` waits for them, so that what they make is disposed with the rest.
        var making = 0
        /// The `end()` calls waiting for `making` to reach 0, resumed by the make that gets it there.
        var endWaiters: [CheckedContinuation<Void, Never>] = []
        /// What `resolveAsync` makes each async registration once per request by (`AsyncOnce`'s key).
        var asyncMakeKeys: [Int: AsyncMakeKey] = [:]

        /// Notes that a make has finished; returns the `end()` calls to resume when it was the last one running.
        mutating func finishMaking() -> [CheckedContinuation<Void, Never>] {
            making -= 1
            guard making == 0, !endWaiters.isEmpty else { return [] }
            defer { endWaiters = [] }
            return endWaiters
        }
        /// The registration each waiting thread waits for: a wait that would close a ring of threads waiting for
        /// each other is a cycle, not a hang.
        var waiting: [UInt: Int] = [:]

        /// Whether the thread `maker`, or a thread it waits for, and so on, waits for what `thread` makes.
        func waits(from maker: UInt, for thread: UInt) -> Bool {
            var current = maker
            for _ in 0...waiting.count {
                guard let waited = waiting[current],
                    let entry = kept.first(where: { $0.registration.id == waited && $0.instance == nil })
                else { return false }
                if entry.maker == thread { return true }
                current = entry.maker
            }
            return false
        }
    }

    /// The identity of one async registration's make in this request.
    final class AsyncMakeKey: Sendable {}

    /// One `perRequest` instance, or the mark of one being made. Small, since the scope's list moves it as it is
    /// made and completed: the registration (one reference) rather than its site and layout (three).
    struct Kept {
        let registration: Registration
        /// The component's type where it adopts `DIDisposable` (`BoundComponent.requestDisposableType`).
        let disposableType: (any DIDisposable.Type)?
        /// `nil` while the thread `maker` makes it.
        var instance: AnyObject?
        var maker: UInt

        /// What `end()` disposes of it: nothing unless it was made and is `DIDisposable`.
        var disposal: Disposer.Item? {
            guard let instance else { return nil }
            if let disposableType {
                return disposableType.disposalItem(
                    of: instance, layout: registration.layout, component: registration.info)
            }
            // A type that does not adopt it may still make an instance of a subclass that does.
            guard let disposable = registration.layout.erasedHeld(instance) as? any DIDisposable else { return nil }
            return Disposer.Item(component: registration.info, instance: disposable)
        }
    }

    /// The value of the input `key` (of type `T`) of `component`'s registration.
    func input<T>(_: T.Type, _ key: RequestInputKey, of component: BoundComponent) throws(DIError) -> T {
        if state.withLock({ $0.ended }) { throw DIError(.outsideRequestScope(component.info, scopeEnded: true)) }
        guard let value = inputs.first(where: { $0.key == key })?.value as? T else {
            throw DIError(.requestInputMissing(component.info))
        }
        return value
    }

    /// Starts an awaiting make of `component`'s instance in this request; returns its key for `AsyncOnce`. Throws
    /// `outside-request-scope` once the scope has ended; `finishAsyncMake()` ends it.
    func beginAsyncMake(of component: BoundComponent) throws(DIError) -> ObjectIdentifier {
        let key = state.withLock { state -> AsyncMakeKey? in
            guard !state.ended else { return nil }
            state.making += 1
            if let key = state.asyncMakeKeys[component.registration.id] { return key }
            let key = AsyncMakeKey()
            state.asyncMakeKeys[component.registration.id] = key
            return key
        }
        guard let key else { throw DIError(.outsideRequestScope(component.info, scopeEnded: true)) }
        return ObjectIdentifier(key)
    }

    /// Ends a make `beginAsyncMake` started.
    func finishAsyncMake() {
        for waiter in state.withLock({ $0.finishMaking() }) { waiter.resume() }
    }

    /// The instance of `component` this scope has made; throws `outside-request-scope` once it has ended.
    func existingInstance(of component: BoundComponent) throws(DIError) -> AnyObject? {
        let registration = component.registration.id
        let found = state.withLock { state -> AnyObject?? in
            if state.ended { return .none }
            return .some(state.kept.first { $0.registration.id == registration }?.instance)
        }
        guard let found else { throw DIError(.outsideRequestScope(component.info, scopeEnded: true)) }
        return found
    }

    /// Makes this the thread's request scope; returns the one it was before.
    @usableFromInline
    func enter() -> DIRequestScope? {
        RequestScopes.enter(self)
    }

    /// Gives the thread back the request scope `enter` replaced.
    @usableFromInline
    func leave(_ outer: DIRequestScope?) {
        RequestScopes.leave(to: outer)
    }

    /// Whether two of `kept` are one object. Compared pairwise for the few instances a request usually has, which
    /// allocates nothing.
    private static func repeatsAnObject(_ kept: [Kept]) -> Bool {
        guard kept.count > 1 else { return false }
        guard kept.count <= 16 else {
            var seen = Set<ObjectIdentifier>()
            return kept.contains { $0.instance.map { !seen.insert(ObjectIdentifier($0)).inserted } ?? false }
        }
        for index in kept.indices.dropFirst() {
            guard let object = kept[index].instance else { continue }
            if kept[..<index].contains(where: { $0.instance === object }) { return true }
        }
        return false
    }

    /// What `instance(of:)` found under the lock.
    private enum Found {
        case instance(AnyObject)
        case make
        case wait
        case cycle
        case ended
    }

    /// The scope's instance of `component`, made now by the calling thread if the scope has none.
    func instance(of component: BoundComponent, _ context: inout ResolveContext) throws(DIError) -> AnyObject {
        let registration = component.registration.id
        let me = CurrentThread.id
        // An async factory's instance that has come back after the end began is kept, for `end()` (which waits
        // for that make) to dispose.
        let offered = component.registration.kind == .asynchronous && PremadeInstance.offers(component)
        while true {
            let found = state.withLock { state -> Found in
                if !state.waiting.isEmpty { state.waiting[me] = nil }
                if state.ended && !offered { return .ended }
                if let index = state.kept.firstIndex(where: { $0.registration.id == registration }) {
                    if let instance = state.kept[index].instance { return .instance(instance) }
                    let maker = state.kept[index].maker
                    if maker == me || state.waits(from: maker, for: me) { return .cycle }
                    state.waiting[me] = registration
                    return .wait
                }
                // Room for a request's usual few at once, rather than growing one at a time.
                if state.kept.capacity == 0 { state.kept.reserveCapacity(4) }
                state.kept.append(
                    Kept(
                        registration: component.registration, disposableType: component.requestDisposableType,
                        instance: nil, maker: me))
                state.making += 1
                return .make
            }
            switch found {
            case .instance(let instance):
                context.observer?.didReuse(component.step)
                return instance
            case .ended:
                context.noteFailure(component.step)
                throw DIError(.outsideRequestScope(component.info, scopeEnded: true))
            case .cycle:
                throw CycleGuard.reentry(component.step)
            case .wait:
                // Another task of the request is making it: its factory runs without the lock.
                CurrentThread.yield()
            case .make:
                let made: AnyObject
                do {
                    made = try component.buildObject(&context)
                } catch {
                    let waiters = state.withLock { state in
                        state.kept.removeAll { $0.registration.id == registration && $0.instance == nil }
                        return state.finishMaking()
                    }
                    for waiter in waiters { waiter.resume() }
                    throw error
                }
                let (ended, waiters) = state.withLock { state in
                    // Moved to the end: `kept` lists instances in the order they were completed, which `end()`
                    // reverses, so that an instance goes before the dependencies it was made from.
                    if let index = state.kept.firstIndex(where: { $0.registration.id == registration }) {
                        var completed = state.kept.remove(at: index)
                        completed.instance = made
                        state.kept.append(completed)
                    }
                    return (state.ended, state.finishMaking())
                }
                for waiter in waiters { waiter.resume() }
                if ended {
                    // `end()` waited for it and disposes it: not this resolve's to use.
                    context.noteFailure(component.step)
                    throw DIError(.outsideRequestScope(component.info, scopeEnded: true))
                }
                return made
            }
        }
    }

    /// `end()`'s work: closes the scope to new makes, waits for those running, and disposes what it kept.
    func endRequest() async -> DIShutdownReport {
        let running = state.withLock { state -> Bool in
            state.ended = true
            return state.making > 0
        }
        if running {
            // No make starts once `ended` is set, so the count only falls; the last make resumes this.
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let done = state.withLock { state -> Bool in
                    guard state.making > 0 else { return true }
                    state.endWaiters.append(continuation)
                    return false
                }
                if done { continuation.resume() }
            }
        }
        let taken = state.withLock { state -> [Kept] in
            defer { state.kept = [] }
            return state.kept
        }
        // In place, without the shutdown's tasks and lists: a server ends a scope on every request.
        let repeats = Self.repeatsAnObject(taken)
        let items = taken.indices.reversed().lazy.compactMap { index -> Disposer.Item? in
            // Two registrations of the request may keep one object, one handing out the other's: the one that
            // completed first made it, and disposes it.
            if repeats, let object = taken[index].instance,
                taken[..<index].contains(where: { $0.instance === object })
            {
                return nil
            }
            return taken[index].disposal
        }
        var report = DIShutdownReport()
        report.disposed.reserveCapacity(taken.count)
        // A cancelled request's disposals run in a task of their own: a rollback that checks for cancellation
        // must not find the request's.
        if Task.isCancelled {
            let sendable = Array(items)
            return await Task {
                var report = DIShutdownReport()
                await Disposer.dispose(sendable, timeout: nil, recording: false, into: &report)
                return report
            }.value
        }
        await Disposer.dispose(items, timeout: nil, recording: false, into: &report)
        return report
    }
}
