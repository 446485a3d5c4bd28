import Foundation
import Tether

/// Records what resolves build and reuse as a tree, with the time each build took.
///
/// Observer calls nest as the graph is built, so a stack of open nodes is all it needs.
final class ResolutionRecorder: DIResolutionObserver, @unchecked Sendable {  // State behind `lock`.
    struct Node {
        let step: DIResolutionStep
        var outcome: DIResolutionTrace.Outcome
        var start: ContinuousClock.Instant
        var duration: Duration = .zero
        var children: [Int] = []
    }

    private let lock = NSLock()
    private var nodes: [Node] = []
    private var roots: [Int] = []
    private var open: [Int] = []
    private let clock = ContinuousClock()

    func willBuild(_ step: DIResolutionStep) {
        lock.withLock { add(Node(step: step, outcome: .built, start: clock.now), keepOpen: true) }
    }

    func didBuild(_ step: DIResolutionStep, failed: Bool) {
        let end = clock.now
        lock.withLock {
            guard let index = open.popLast() else { return }
            nodes[index].duration = nodes[index].start.duration(to: end)
            if failed { nodes[index].outcome = .failed }
        }
    }

    func didReuse(_ step: DIResolutionStep) {
        lock.withLock { add(Node(step: step, outcome: .reused, start: clock.now), keepOpen: false) }
    }

    private func add(_ node: Node, keepOpen: Bool) {
        nodes.append(node)
        let index = nodes.count - 1
        if let parent = open.last { nodes[parent].children.append(index) } else { roots.append(index) }
        if keepOpen { open.append(index) }
    }

    /// The recorded trees.
    func trace() -> DIResolutionTrace {
        lock.withLock {
            func make(_ index: Int) -> DIResolutionTrace.Node {
                let node = nodes[index]
                return DIResolutionTrace.Node(
                    step: node.step, outcome: node.outcome, duration: node.duration, children: node.children.map(make))
            }
            return DIResolutionTrace(roots: roots.map(make))
        }
    }
}
