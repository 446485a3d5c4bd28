import Tether

/// The process's own `Session`, as code outside any sandbox resolves it: a detached task inherits no task-locals.
func sessionOutsideAnySandbox() async -> Session {
    await Task.detached { AppSetup.container().resolve() }.value
}
