/// The cells of `perRun` and `single` components, shared by every container: one per registration.
///
/// A registration is its `DIComponentInfo`: its site (type, file, line) and which run of that line it is in its
/// container (`occurrence`): containers
/// set up by the same function share their instances, and a line run several times in one container (a loop of
/// named registrations) keeps one instance per registration.
///
/// Each registration that made a component of a cell is counted as its user. When a removal (`unregister`,
/// `.replacing()`, a lifetime changed by its builder) leaves a cell with no user, the cell leaves the table and is
/// retired, releasing its instance. A container that goes stops counting its registrations but releases nothing:
/// a `perRun` or `single` instance is one per run of the process, and the next container registering the same
/// site gets it again.
///
/// A container made inside a `DIProcessWideNamespace` uses that namespace's table instead of the process's; it
/// takes the namespace once, when it is made, so that resolving never reads the task-local.
enum ProcessWideCells {
    struct Key: Hashable {
        let info: DIComponentInfo
        let policy: DIReferencePolicy
    }

    /// A cell and the registrations (by identity) that use it.
    struct Entry {
        let cell: InstanceCell
        var users: Set<Int>
    }

    typealias Table = Locked<[Key: Entry]>

    /// The cells of containers made outside any namespace.
    private static let cells = Table([:])

    /// The cell for registration `id` at `info` in `namespace` (the process's own when `nil`), made on first use.
    static func cell(
        for info: DIComponentInfo, policy: DIReferencePolicy, registration id: Int,
        in namespace: DIProcessWideNamespace?
    ) -> InstanceCell {
        (namespace?.cells ?? cells).withLock { cells in
            let key = Key(info: info, policy: policy)
            if cells[key] != nil {
                cells[key]!.users.insert(id)
                return cells[key]!.cell
            }
            let cell = InstanceCell(policy: policy)
            cells[key] = Entry(cell: cell, users: [id])
            return cell
        }
    }

    /// Stops counting the registrations `users` (identity and site) as users; returns the cells no registration
    /// uses any more, which have left the table, for the caller to retire once its locks are released.
    static func unlink(
        _ users: [(id: Int, info: DIComponentInfo)], in namespace: DIProcessWideNamespace?
    ) -> [InstanceCell] {
        guard !users.isEmpty else { return [] }
        return (namespace?.cells ?? cells).withLock { cells -> [InstanceCell] in
            var unused: [InstanceCell] = []
            for (id, info) in users {
                for policy in [DIReferencePolicy.strong, .weak] {
                    let key = Key(info: info, policy: policy)
                    guard cells[key]?.users.remove(id) != nil, cells[key]!.users.isEmpty else { continue }
                    unused.append(cells.removeValue(forKey: key)!.cell)
                }
            }
            return unused
        }
    }

    /// Stops counting the registrations `users`, of a container that is gone, keeping their cells.
    static func forget(_ users: [(id: Int, info: DIComponentInfo)], in namespace: DIProcessWideNamespace?) {
        guard !users.isEmpty else { return }
        (namespace?.cells ?? cells).withLock { cells in
            for (id, info) in users {
                for policy in [DIReferencePolicy.strong, .weak] {
                    cells[Key(info: info, policy: policy)]?.users.remove(id)
                }
            }
        }
    }

    /// The strong cells of the given registrations in `namespace` (the process's own when `nil`) that exist now.
    static func strongCells(of infos: [DIComponentInfo], in namespace: DIProcessWideNamespace?) -> [InstanceCell] {
        (namespace?.cells ?? cells).withLock { cells in
            infos.compactMap { cells[Key(info: $0, policy: .strong)]?.cell }
        }
    }

    /// Drops the instances of the given registrations in `namespace` (the process's own when `nil`), or of all
    /// when `infos` is `nil`.
    static func reset(_ infos: Set<DIComponentInfo>? = nil, in namespace: DIProcessWideNamespace?) {
        let all = (namespace?.cells ?? cells).withLock { cells in
            cells.filter { infos?.contains($0.key.info) ?? true }.map(\.value.cell)
        }
        // After the lock: releasing an instance runs its deinit, which may resolve.
        for cell in all { cell.reset() }
    }
}
