/// Installing modules: each once per container (an ancestor's counts), imports first, with the module path and
/// default lifetime that the registrations made meanwhile on this thread pick up.
enum ModuleInstallation {
    /// A module being installed on this thread.
    struct Frame {
        /// The interned path, outermost module first (see `ModulePaths`).
        let path: UInt32
        /// The default lifetime of what it registers, inherited from the importing module when it sets none.
        let defaultLifetime: DILifeTime?
    }

    private final class Frames {
        var stack: [Frame] = []
    }

    private static let frames = ThreadLocal { Frames() }
    /// How many installations are in progress in the process: while none is, a registration does not look up
    /// its thread's frames.
    private static let inProgress = AtomicWord(0)

    /// The module the calling thread is installing, if any.
    static var current: Frame? {
        guard inProgress.load() != 0 else { return nil }
        return frames.value.stack.last
    }

    /// Installs `module` into `container` unless it (or an ancestor) has it; imports first.
    ///
    /// Installations into one container take turns: a thread that finds another installing waits until that one
    /// has published its registrations, then finds the module installed. The thread installing comes back for
    /// the imports without waiting, and so does one whose wait would close a ring of threads waiting for each
    /// other's installations (a module's code waiting for another thread): it installs at once, as before.
    static func install(_ module: any DIModule.Type, into container: DIContainer) {
        do {
            try container.installationGate.run(
                reentry: {
                    DIError(.invalidRegistration(DIComponentInfo(type: module, file: "", line: 0), problem: ""))
                },
                existing: { container.hasInstalled(module) ? () : nil },
                create: { installPublishing(module, into: container) })
        } catch {
            installPublishing(module, into: container)
        }
    }

    /// Installs `module` and its imports, publishing their registrations in one change when the outermost
    /// installation on this thread ends.
    private static func installPublishing(_ module: any DIModule.Type, into container: DIContainer) {
        guard container.markInstalled(module) else { return }
        RegistrationBatch.collecting(into: container) {
            let stack = frames.value
            let outer = stack.stack.last
            let path = ModulePaths.intern((outer.map { ModulePaths.path($0.path) } ?? []) + [typeName(module)])
            inProgress.add(1)
            stack.stack.append(Frame(path: path, defaultLifetime: module.defaultLifetime ?? outer?.defaultLifetime))
            defer {
                stack.stack.removeLast()
                inProgress.add(UInt.max)
            }
            for imported in module.imports { install(imported, into: container) }
            module.register(in: container)
        }
    }
}

/// Module paths, interned process-wide so that a `DIComponentInfo` keeps its path in half a word: it is part of
/// every resolution step, and a deep resolve keeps steps in many frames. As many as the code has distinct paths.
enum ModulePaths {
    private static let table = Locked<(paths: [[String]], index: [[String]: UInt32])>(([[]], [[]: 0]))

    /// The number of `path`; 0 is the empty path.
    static func intern(_ path: [String]) -> UInt32 {
        table.withLock { table in
            if let known = table.index[path] { return known }
            let number = UInt32(table.paths.count)
            table.paths.append(path)
            table.index[path] = number
            return number
        }
    }

    /// The path numbered `number`.
    static func path(_ number: UInt32) -> [String] {
        number == 0 ? [] : table.withLock { $0.paths[Int(number)] }
    }
}

extension DIContainer {
    /// Lets one thread at a time install modules here, so that a call returns only once its module is visible.
    var installationGate: CreationGate {
        state.withLock { state in
            if let gate = state.installationGate { return gate }
            let gate = CreationGate()
            state.installationGate = gate
            return gate
        }
    }

    /// Notes `module` as installed here; `false` when this container or an ancestor has it already.
    func markInstalled(_ module: any DIModule.Type) -> Bool {
        let id = ObjectIdentifier(module)
        if plan.ancestors.contains(where: { $0.installedHere(id) }) { return false }
        return state.withLock { $0.modules.insert(id).inserted }
    }

    /// Whether this container or an ancestor has installed `module`.
    func hasInstalled(_ module: any DIModule.Type) -> Bool {
        let id = ObjectIdentifier(module)
        return installedHere(id) || plan.ancestors.contains { $0.installedHere(id) }
    }

    /// Whether this container itself has installed the module `id`.
    private func installedHere(_ id: ObjectIdentifier) -> Bool {
        state.withLock { $0.modules.contains(id) }
    }
}
