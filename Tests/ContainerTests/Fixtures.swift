import Testing
import Tether

// The A-B-C-D-E-Z graph of the objectGraph seed: A(B(E, D), C(D, Z)).
final class Z: Sendable {}
final class E: Sendable {}
final class D: Sendable {}
final class B {
    let e: E
    let d: D
    init(e: E, d: D) { (self.e, self.d) = (e, d) }
}
final class C {
    let d: D
    let z: Z
    init(d: D, z: Z) { (self.d, self.z) = (d, z) }
}
final class A {
    let b: B
    let c: C
    init(b: B, c: C) { (self.b, self.c) = (b, c) }
}

/// Registers the seed graph, with `dLifetime` on D.
func registerSeedGraph(in container: DIContainer, dLifetime: DILifeTime) {
    container.register(A.init(b:c:)).lifetime(.prototype)
    container.register(B.init(e:d:)).lifetime(.prototype)
    container.register(C.init(d:z:)).lifetime(.prototype)
    container.register(E.init).lifetime(.prototype)
    container.register(D.init).lifetime(dLifetime)
    container.register(Z.init).lifetime(.prototype)
}

// Resolver's resolution-cycle example.
protocol XYZFetching: AnyObject {}
protocol XYZUpdating: AnyObject {}
final class XYZCombinedService: XYZFetching, XYZUpdating {}
final class XYZSessionService: Sendable {}
final class XYZService: Sendable {
    let session: XYZSessionService
    init(session: XYZSessionService) { self.session = session }
}
final class XYZViewModel {
    let fetcher: any XYZFetching
    let updater: any XYZUpdating
    let service: XYZService
    init(fetcher: any XYZFetching, updater: any XYZUpdating, service: XYZService) {
        (self.fetcher, self.updater, self.service) = (fetcher, updater, service)
    }
}

protocol Animal: AnyObject { var name: String { get } }
final class Cat: Animal, Sendable {
    let name: String
    init() { name = "cat" }
    init(name: String) { self.name = name }
}
final class Dog: Animal, Sendable { let name = "dog" }

/// The error `resolve` throws when run on a thread of its own, off the main actor; `nil` if it throws none.
func errorOffTheMainActor(_ resolve: @escaping @Sendable () async throws -> Void) async -> DIError? {
    await Task.detached { () -> DIError? in
        do {
            try await resolve()
            return nil
        } catch let error as DIError {
            return error
        } catch {
            Issue.record("a resolve threw something other than a DIError: \(error)")
            return nil
        }
    }.value
}
