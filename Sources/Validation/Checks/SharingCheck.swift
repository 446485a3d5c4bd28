import Tether

/// `shared-not-sendable` and `unchecked-sendable`: what a registration shares beyond one resolve, and whether its
/// line proved that sound (see `DISharing`).
///
/// A shared lifetime that came from a default (a module's `defaultLifetime`, `DISetting.Defaults.lifeTime`) is
/// proved by nothing the compiler saw, and every resolve of it throws: an error. Each use of the escape
/// (`.lifetime(uncheckedSendable:)`, `registerInstance(uncheckedSendable:)`) is the user's promise: a note, so that a
/// report lists what is left to migrate.
struct SharingCheck: ValidationCheck {
    var codes: Set<DIFindingCode> { [.sharedNotSendable, .uncheckedSendable] }

    func run(_ context: CheckContext, into findings: inout [DIFinding]) {
        for component in context.graph.components where component.sharesBeyondResolve {
            switch component.sharing {
            case .unproven:
                findings.append(
                    DIFinding(
                        code: .sharedNotSendable, severity: .error,
                        message: "\(component.typeName) gets the shared lifetime \(component.lifetime) from a "
                            + "default or from the registration it replaces, and nothing says it is safe to share between "
                            + "threads",
                        component: component, context: "lifetime of \(component.typeName)",
                        path: context.hops(to: component.id),
                        details: [
                            "why: every caller gets the same instance, on whatever thread resolves it, which Swift 6 "
                                + "allows only for a Sendable type or an actor's object; every resolve of it throws "
                                + "shared-not-sendable"
                        ],
                        help: DISharing.fix(
                            for: component.typeName, lifetime: component.lifetime, at: component.info.site)))
            case .unchecked:
                findings.append(
                    DIFinding(
                        code: .uncheckedSendable, severity: .note,
                        message: "\(component.typeName) is shared (\(component.lifetime)) on the promise that it is "
                            + "safe to share between threads",
                        component: component, context: "lifetime of \(component.typeName)",
                        path: context.hops(to: component.id),
                        details: ["why: `uncheckedSendable` turns the compiler's check off for this registration"],
                        help: Self.uncheckedFix(for: component)))
            case .sendable, .mainActor:
                continue
            }
        }
    }

    /// How to make the promise unnecessary: a class gets `Sendable` by its state; a protocol (a closure declared
    /// `-> any P`, a `registerInstance` of `any P`) by refining `Sendable`, or by registering its class instead, so
    /// that the compiler checks that class on the line.
    static func uncheckedFix(for component: DIComponentSnapshot) -> String {
        let name = component.typeName
        guard isExistential(component.info.type) else {
            return "make \(name) `Sendable` (its state behind a `Mutex`), an actor or `@MainActor`, then drop "
                + "`uncheckedSendable`"
        }
        return "make \(name) refine `Sendable` (`protocol \(name): Sendable`, which each conforming type must then "
            + "be), or register the conforming class with `.as(\(metatypeSpelling(component.info.type)))`, whose "
            + "lifetime the compiler checks on the line; then drop `uncheckedSendable`"
    }
}
