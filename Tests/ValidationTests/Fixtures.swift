import Tether
import TetherTestSupport
import TetherValidation

// The seed graphs.
final class Z: Sendable {}
final class E: Sendable {}
final class D: Sendable {}
final class B: Sendable {
    init(e: E, d: D) {}
}
final class C: Sendable {
    init(d: D, z: Z) {}
}
final class A: Sendable {
    init(b: B, c: C) {}
}

protocol XYZFetching: AnyObject, Sendable {}
protocol XYZUpdating: AnyObject, Sendable {}
final class XYZCombinedService: XYZFetching, XYZUpdating {}
final class XYZSessionService: Sendable {}
final class XYZService: Sendable {
    init(session: XYZSessionService) {}
}
final class XYZViewModel: Sendable {
    init(fetcher: any XYZFetching, updater: any XYZUpdating, service: XYZService) {}
}

func seedGraph(dLifetime: DILifeTime, others: DILifeTime = .prototype, runs: Counter? = nil) -> DIContainer {
    let container = DIContainer()
    container.register { (b: B, c: C) -> A in
        runs?.increment()
        return A(b: b, c: c)
    }.lifetime(others)
    container.register(B.init(e:d:)).lifetime(others)
    container.register(C.init(d:z:)).lifetime(others)
    container.register(E.init).lifetime(others)
    container.register(D.init).lifetime(dLifetime)
    container.register(Z.init).lifetime(others)
    return container
}

func xyzGraph(lifetime: DILifeTime = .objectGraph) -> DIContainer {
    let container = DIContainer()
    container.register(XYZViewModel.init(fetcher:updater:service:)).lifetime(lifetime)
    container.register(XYZCombinedService.init).lifetime(lifetime)
        .as((any XYZFetching).self).as((any XYZUpdating).self)
    container.register(XYZService.init(session:)).lifetime(lifetime)
    container.register(XYZSessionService.init).lifetime(lifetime)
    return container
}

extension DIValidationReport {
    /// The codes found, in report order.
    var codes: [String] { findings.map(\.code.rawValue) }
}
