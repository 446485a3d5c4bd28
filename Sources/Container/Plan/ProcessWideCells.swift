
/// The cells of `perRun` and `single` components, shared by every container: one per registration site.
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
        Graveyard.advance()
    }
}
