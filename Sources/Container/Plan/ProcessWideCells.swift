
/// The cells of `perRun` and `single` components, shared by every container: one per registration.
///
/// A registration is its `DIComponentInfo`: its site (type, file, line) and which run of that line it is in its
/// container (`occurrence`): containers
/// set up by the same function share their instances, and a line run several times in one container (a loop of
/// named registrations) keeps one instance per registration.
enum ProcessWideCells {
    private struct Key: Hashable {
        let info: DIComponentInfo
        let policy: DIReferencePolicy
    }

    private static let cells = Locked<[Key: InstanceCell]>([:])

    /// The cell for a registration, made on first use.
    static func cell(for info: DIComponentInfo, policy: DIReferencePolicy) -> InstanceCell {
        cells.withLock { cells in
            let key = Key(info: info, policy: policy)
            if let cell = cells[key] { return cell }
            let cell = InstanceCell(policy: policy)
            cells[key] = cell
            return cell
        }
    }

    /// Drops the process-wide instances of the given registrations, or of all when `infos` is `nil`.
    static func reset(_ infos: Set<DIComponentInfo>? = nil) {
        let all = cells.withLock { cells in
            cells.filter { infos?.contains($0.key.info) ?? true }.map(\.value)
        }
        for cell in all { cell.reset() }
    }
}
