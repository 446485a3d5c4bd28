extension DIContainer {
    /// The shutdown task: the one begun already, or the one `start` makes, which closes the container first.
    func shutdownTask(
        orStart start: () -> Task<DIShutdownReport, Never>
    ) -> Task<DIShutdownReport, Never> {
        state.withLock { state in
            if let task = state.shutdown { return task }
            plan.close()
            let task = start()
            state.shutdown = task
            return task
        }
    }

    /// The children that keep instances of their own and are still alive.
    var childrenKeepingInstances: [DIContainer] {
        state.withLock { state in state.children.values.compactMap { $0.object as? DIContainer } }
    }

    /// This container's strong perContainer cells, with the registrations they serve.
    var strongCells: [(registration: Int, cell: InstanceCell)] {
        state.withLock { state in
            state.cells.compactMap { key, cell in cell.policy == .strong ? (key / 2, cell) : nil }
        }
    }
}
