extension DIContainer {
    /// Drops the process-wide instances of the registrations this container sees that `matches` picks (inside a
    /// test sandbox, only those of containers made in it).
    func dropProcessWideInstances(_ matches: (Registration) -> Bool) {
        let sandbox = DIProcessWideNamespace.current
        for container in [self] + plan.ancestors where sandbox == nil || container.processWideNamespace === sandbox {
            let infos = Set(container.registrations.filter(matches).map(\.info))
            ProcessWideCells.reset(infos, in: container.processWideNamespace)
        }
    }
}
