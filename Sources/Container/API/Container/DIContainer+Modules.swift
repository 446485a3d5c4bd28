extension DIContainer {
    /// Installs `module` and, first, the modules it imports, each once: a module this container or an ancestor
    /// installed already is skipped. Their registrations are published together when the call returns (see
    /// `update(_:)`): a resolve on another thread sees all of them or none. Threads installing into one container
    /// at once take turns, so each call returns with the module visible. Registrations made meanwhile on other
    /// threads are not part of the module.
    public func install(_ module: any DIModule.Type) {
        ModuleInstallation.install(module, into: self)
    }
}
