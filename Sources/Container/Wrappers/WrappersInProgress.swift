/// The property wrappers resolving on the calling thread, outermost first, so that a cycle through wrappers stops
/// with `dependency-cycle` instead of overflowing the stack.
///
/// A wrapper resolves on its own, outside the resolve that builds its holder: for `A` with `@Injected var b: B` and
/// `B` with `@Injected var a: A`, as prototypes, each resolve builds a new holder whose wrapper starts the next one,
/// and none of them sees the others (each has a stack guard of its own, for its own depth). A site met again while
/// it is still resolving on this thread is that cycle. Only wrappers inside a resolve pay for the list: a resolve never reads it.
enum WrappersInProgress {
    /// A wrapper resolving: where it is declared and what it asks for.
    struct Frame {
        let site: WrapperSite
        let type: any Any.Type
        let name: String?

        /// `@Injected in Screen at App/Screen.swift:12 asks for Presenter`.
        var description: String {
            "\(site) asks for \(DIRequest(type: type, name: name))"
        }
    }

    private final class Frames {
        var frames: [Frame] = []
    }

    private static let frames = ThreadLocal { Frames() }

    /// Notes that `frame` resolves now, or returns the frames from its first visit on when its site is resolving
    /// already on this thread (a cycle: nothing is noted then).
    static func enter(_ frame: Frame) -> ArraySlice<Frame>? {
        let frames = frames.value
        if let first = frames.frames.firstIndex(where: { $0.site.isSame(as: frame.site) && $0.type == frame.type }) {
            return frames.frames[first...]
        }
        frames.frames.append(frame)
        return nil
    }

    /// Notes that the frame `enter` last noted has resolved (or stopped).
    static func leave() {
        frames.value.frames.removeLast()
    }

    /// The text a wrapper that meets its own site again stops with: the cycle between the registrations the
    /// wrappers resolve, as a resolve reports it, and the wrappers that lead round it.
    static func cycleText(_ cycle: ArraySlice<Frame>, from container: DIContainer) -> String {
        let request = DIRequest(type: cycle.first!.type, name: cycle.first!.name)
        let steps = cycle.compactMap { container.step(serving: $0.type, name: $0.name) }
        let error = DIError(.cycle(request, cycle: steps))
        let wrappers = cycle.map(\.description) + ["\(cycle.first!.site) again"]
        let lines =
            ["error[\(error.code)]: \(error.message)"] + error.details.map { "  " + $0 } + [
                "  through: " + wrappers.joined(separator: " -> "),
                "  help: make one of these wrappers `@LazyInjected`, or give a type on the cycle a lifetime that keeps "
                    + "its instance (perContainer or longer): each wrapper resolves on its own, so an objectGraph "
                    + "instance is not shared between them",
            ]
        return lines.joined(separator: "\n")
    }
}

extension DIContainer {
    /// The step of the registration a top-level request for `type` under `name` gets, for an error that names it;
    /// `nil` for a request no single registration serves (`T?`, `[T]`, an error).
    func step(serving type: any Any.Type, name: String?) -> DIResolutionStep? {
        Reclamation.pinned { (try? plan.withEntry(for: type, name: name) { $0.component?.step }) ?? nil }
    }
}
