/// Refuses, during a resolve, a component asked for again while it is still being built.
///
/// Only components the plan found on a construction cycle (factory parameters and immediate property
/// injections) pay for this; for them the resolve keeps a chain of frames on the stack. Such a cycle is an
/// error whatever the lifetimes, as validation reports it: break it with `Lazy`, `Provider` or
/// `.injection(cycle: true, ...)`, which run after everything else is built.
enum CycleGuard {
    /// Notes that `component` is being built, or throws the cycle if it already is in this resolve. The
    /// components in progress are kept with the resolve's extras: only components on a cycle come here.
    static func enter(_ component: BoundComponent, _ context: inout ResolveContext) throws(DIError) {
        try check(component, context)
        context.makeExtras().inProgress.append(component)
    }

    /// Notes that the component `enter` last noted is built (or failed).
    static func leave(_ context: inout ResolveContext) {
        context.extras!.inProgress.removeLast()
    }

    /// Throws the cycle if `component` is in progress in this resolve.
    static func check(_ component: BoundComponent, _ context: ResolveContext) throws(DIError) {
        guard let inProgress = context.extras?.inProgress,
            let start = inProgress.lastIndex(where: { $0 === component })
        else { return }
        throw DIError(.cycle(request(for: component, by: inProgress.last), cycle: inProgress[start...].map(\.step)))
    }

    /// The request the component being built (`consumer`) makes for `component`: the type its dependency
    /// declares (`any SessionService`, not the implementation behind the alias), so that the fix names the edge
    /// to defer as the code spells it. Runs only when a cycle is thrown.
    private static func request(for component: BoundComponent, by consumer: BoundComponent?) -> DIRequest {
        guard let consumer else { return component.step.requested }
        let provided = component.registration.provided
        let asked = consumer.registration.dependencies.first { dependency in
            provided.contains { key in
                key.type == dependency.type && key.name == dependency.name
                    && key.tag.map(ObjectIdentifier.init) == dependency.tag.map(ObjectIdentifier.init)
            }
        }
        guard let asked else { return component.step.requested }
        return DIRequest(type: asked.type, name: asked.name, tag: asked.tag)
    }

    /// The error for a thread coming back to an instance it is building, through a nested resolve. It names the
    /// component's own type: the gate that refuses knows no more; an alias on the way out renames it (see below).
    static func reentry(_ step: DIResolutionStep) -> DIError {
        DIError(.cycle(step.requested, cycle: [step]))
    }

    /// `error`, if it is the reentry of `component` itself, named as the nested resolve asked for it (`request`,
    /// the alias), so that the fix spells the type the code asks for; any other error unchanged.
    static func reentry(_ error: DIError, askedAs request: DIRequest, of component: BoundComponent) -> DIError {
        guard case .cycle(let asked, let cycle) = error.kind, cycle.count == 1, cycle[0] == component.step,
            asked == component.step.requested
        else { return error }
        return DIError(.cycle(request, cycle: cycle), path: error.path)
    }
}
