import Testing

@testable import TetherValidation

/// The walk behind the captive checks' paths through components that keep no instance: each component is asked for
/// its steps once, however many holders reach it, so a long chain with thousands of holders costs it once.
@Suite("KeptChains: each component walked once")
struct KeptChainsTests {
    @Test func thousandsOfHoldersAlongARingAskEachComponentForItsStepsOnceAndGetTheirShortestPaths() {
        // Components 0..<links keep nothing and form a ring, each also reaching the target; each holder keeps one.
        let links = 5_000
        let target = links
        let holders = Array(links + 1...2 * links)
        let chains = KeptChains(
            keepsNone: [Bool](repeating: true, count: links) + [Bool](repeating: false, count: links + 1))
        var asked = [Int](repeating: 0, count: 2 * links + 1)
        let trails = chains.trails(
            from: holders,
            steps: { owner in
                asked[owner] += 1
                if owner > target {
                    return [KeptChains.Step(dependency: 0, target: owner - target - 1, accessor: .none)]
                }
                return [
                    KeptChains.Step(dependency: 0, target: (owner + 1) % links, accessor: .none),
                    KeptChains.Step(dependency: 1, target: target, accessor: .none),
                ]
            },
            isTarget: { $0 == target })
        #expect(asked.max() == 1)
        #expect(asked[target] == 0)
        #expect(trails.count == links)
        #expect(trails.map(\.holder) == holders)
        #expect(trails.allSatisfy { $0.steps.map(\.target) == [$0.holder - target - 1, target] })
    }

    @Test func aHolderAtTheFarEndOfARingGetsThePathAllTheWayRound() {
        // Only the last link reaches the target; the holder keeps the first: every link, in order, then the target.
        let links = 5_000
        let target = links
        let chains = KeptChains(keepsNone: [Bool](repeating: true, count: links) + [false, false])
        let trails = chains.trails(
            from: [links + 1],
            steps: { owner in
                if owner == links + 1 { return [KeptChains.Step(dependency: 0, target: 0, accessor: .none)] }
                var steps = [KeptChains.Step(dependency: 0, target: (owner + 1) % links, accessor: .none)]
                if owner == links - 1 { steps.append(KeptChains.Step(dependency: 1, target: target, accessor: .none)) }
                return steps
            },
            isTarget: { $0 == target })
        #expect(trails.count == 1)
        // Compared whole, without printing 5,001 numbers when it fails.
        #expect(trails.first.map { $0.steps.map(\.target) == Array(0..<links) + [target] } == true)
    }
}
