import Tether

// The demo app: a view model whose fetcher and updater are one combined service, shared within one resolve.

protocol XYZFetching: AnyObject, Sendable {}
protocol XYZUpdating: AnyObject, Sendable {}
final class XYZCombinedService: XYZFetching, XYZUpdating {}
final class XYZSessionService: Sendable {}
final class XYZService: Sendable {
    let session: XYZSessionService
    init(session: XYZSessionService) { self.session = session }
}
final class XYZViewModel: Sendable {
    let fetcher: any XYZFetching
    let updater: any XYZUpdating
    let service: XYZService
    init(fetcher: any XYZFetching, updater: any XYZUpdating, service: XYZService) {
        (self.fetcher, self.updater, self.service) = (fetcher, updater, service)
    }
}

/// Registers the app with Resolver's default lifetime, objectGraph. `brokenly` makes the two mistakes
/// validation is for: the combined service is not registered as an updater, and XYZService lives for the
/// whole process while holding a session meant to go once nobody uses it, which then never goes.
func registerApp(in container: DIContainer, brokenly: Bool = false) {
    container.register(XYZViewModel.init(fetcher:updater:service:)).lifetime(.objectGraph).root()
    if brokenly {
        container.register(XYZCombinedService.init).lifetime(.objectGraph).as((any XYZFetching).self)
        container.register(XYZService.init(session:)).lifetime(.single)
    } else {
        container.register(XYZCombinedService.init).lifetime(.objectGraph)
            .as((any XYZFetching).self).as((any XYZUpdating).self)
        container.register(XYZService.init(session:)).lifetime(.objectGraph)
    }
    container.register(XYZSessionService.init).lifetime(brokenly ? .perContainer(.weak) : .objectGraph)
}

// The A-B-C-D-E-Z graph: D is needed twice when A is built.

final class Z: Sendable {}
final class E: Sendable {}
final class D: Sendable {}
final class B: Sendable {
    let e: E
    let d: D
    init(e: E, d: D) { (self.e, self.d) = (e, d) }
}
final class C: Sendable {
    let d: D
    let z: Z
    init(d: D, z: Z) { (self.d, self.z) = (d, z) }
}
final class A: Sendable {
    let b: B
    let c: C
    init(b: B, c: C) { (self.b, self.c) = (b, c) }
}

func registerLetters(in container: DIContainer, d lifetime: DILifeTime) {
    container.register(A.init(b:c:))
    container.register(B.init(e:d:))
    container.register(C.init(d:z:))
    container.register(E.init)
    container.register(D.init).lifetime(lifetime)
    container.register(Z.init)
}
