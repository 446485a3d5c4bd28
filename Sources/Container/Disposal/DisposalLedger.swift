/// The objects disposed so far by a shutdown, a scope's included, while they live: what keeps `dispose()` to once
/// per object across the owners that dispose.
///
/// Each owner disposes what it keeps, and an object may be kept by several: a `perContainer` registration that hands
/// out a `single`'s instance, a registration under a protocol that hands out another's. Who disposes such an object is
/// decided where the owners can see each other (the registration that made it, see `DIContainer.shutdown()`); this
/// is what still holds when they cannot: a scope knows no container, and the owners run in any order. Entries hold
/// their object weakly, so an address reused by a new object is a new object, and the ledger grows only with the
/// disposed objects still alive.
///
/// A request's end only reads it, and only once it holds something: recording cost 0.3-0.5 µs per object in a
/// release micro-measurement on a loaded 2-core VM (the weak reference's side table, the dictionary), which a server
/// would pay on every request. Reading costs one atomic load while the ledger is empty, which it is until a shutdown
/// or a scope's `shutdown()` disposes an object; after that, a lock and a look-up (about 0.3 µs there too). A request
/// disposes what it made, so only an object that a request and a longer owner both keep, one handing out the other's
/// (a captive, or a `perRequest` registration forwarding a longer-lived instance), escapes it.
enum DisposalLedger {
    private struct Entry {
        weak var object: AnyObject?
    }

    private struct State {
        var entries: [ObjectIdentifier: Entry] = [:]
        /// The size at which entries whose object is gone are swept: twice what the last sweep kept, so that a
        /// server disposing a request's instances on every request sweeps in amortised constant time.
        var sweepAt = 64
    }

    private static let state = Locked(State())
    /// How many entries the ledger holds, read without the lock: 0 until a shutdown disposed an object.
    private static let count = AtomicWord(0)

    /// Whether `instance` is to be disposed now: `false` for an object disposed (or being disposed) already. A value
    /// has no identity, and each copy is its own.
    static func claim(_ instance: any DIDisposable) -> Bool {
        guard type(of: instance) is AnyClass else { return true }
        let object = instance as AnyObject
        return state.withLock { state in
            let id = ObjectIdentifier(object)
            // A live entry under this address is this object: two live objects never share an address.
            if state.entries[id]?.object != nil { return false }
            state.entries[id] = Entry(object: object)
            if state.entries.count >= state.sweepAt {
                state.entries = state.entries.filter { $0.value.object != nil }
                state.sweepAt = max(64, 2 * state.entries.count)
            }
            count.store(UInt(state.entries.count))
            return true
        }
    }

    /// Whether `instance` was disposed already, without recording it: a request's end asks this.
    static func disposed(_ instance: any DIDisposable) -> Bool {
        guard count.load() != 0, type(of: instance) is AnyClass else { return false }
        let object = instance as AnyObject
        return state.withLock { $0.entries[ObjectIdentifier(object)]?.object != nil }
    }
}
