
/// The cells of `perRun` and `single` components, shared by every container: one per registration.
///
/// A registration is its `DIComponentInfo`: its site (type, file, line) and which run of that line it is in its
/// container (`occurrence`): containers
/// set up by the same function share their instances, and a line run several times in one container (a loop of
/// named registrations) keeps one instance per registration.
///
/// A container made inside a `DIProcessWideNamespace` uses that namespace's table instead of the process's; it
/// takes the namespace once, when it is made, so that resolving never reads the task-local.
enum ProcessWideCells {
    struct Key: Hashable {
        let info: DIComponentInfo
        let policy: DIReferencePolicy
    }

    typealias Table = Locked<[Key: InstanceCell]>

    /// The cells of containers made outside any namespace.
    private static let cells = Table([:])

    /// The cell for a registration in `namespace` (the process's own when `nil`), made on first use.
    static func cell(
        for info: DIComponentInfo, policy: DIReferencePolicy, in namespace: DIProcessWideNamespace?
    ) -> InstanceCell {
        (namespace?.cells ?? cells).withLock { cells in
            let key = Key(info: info, policy: policy)
            if let cell = cells[key] { return cell }
            let cell = InstanceCell(policy: policy)
            cells[key] = cell
            return cell
        }
    }

    /// Drops the instances of the given registrations in `namespace` (the process's own when `nil`), or of all
    /// when `infos` is `nil`.
    static func reset(_ infos: Set<DIComponentInfo>? = nil, in namespace: DIProcessWideNamespace?) {
        let all = (namespace?.cells ?? cells).withLock { cells in
            cells.filter { infos?.contains($0.key.info) ?? true }.map(\.value)
        }
        // After the lock: releasing an instance runs its deinit, which may resolve.
        for cell in all { cell.reset() }
    }
}
