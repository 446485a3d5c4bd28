/// One rule of the validator: reads the graph, reports findings. One type per rule, one file per type.
protocol ValidationCheck: Sendable {
    /// The codes this check can report; it runs when the options enable any of them.
    var codes: Set<DIFindingCode> { get }
    /// Appends this rule's findings.
    func run(_ context: CheckContext, into findings: inout [DIFinding])
}

/// What every check reads: the graph, the paths from roots, and the options that change what a check assumes.
struct CheckContext {
    let graph: DependencyGraph
    let roots: RootPaths
    /// See `DIValidationOptions.infersEntryPoints`.
    let infersEntryPoints: Bool
    /// The types `DIValidationOptions.roots` names.
    var rootTypes: [any Any.Type] = []
    /// Where the options naming them were made.
    var optionsSite: (file: String, line: Int, filePath: String) = ("", 0, "")

    /// The hops from the nearest root (or from the component itself) to `component`.
    func hops(to component: Int) -> [DIFinding.Hop] {
        roots.path(to: component).map(graph.hop)
    }
}
