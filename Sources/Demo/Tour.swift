import Tether
import TetherDiagnostics
import TetherValidation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The tour `tether-demo` prints: what each lifetime does, validation reports, graph files, a start-up profile.
struct Tour {
    /// Where graph.dot and graph.mmd go.
    let outputDirectory: String
    /// Receives the text, line by line.
    let write: (String) -> Void
    /// Names instances #1, #2, ... in order of first appearance, so output reads the same on every run.
    private var names = InstanceNames()

    init(outputDirectory: String, write: @escaping (String) -> Void) {
        self.outputDirectory = outputDirectory
        self.write = write
    }

    mutating func run() throws {
        write(Self.legend)
        section("1. One resolve, step by step: objectGraph shares within it")
        let app = DIContainer()
        registerApp(in: app)
        let first: XYZViewModel = app.resolve()
        let second: XYZViewModel = app.resolve()
        write("first.fetcher \(names[first.fetcher]), first.updater \(names[first.updater])  -> one combined service")
        write("second.fetcher \(names[second.fetcher])  -> a new one for the next resolve")
        write("why, as a trace of one resolve:")
        write(try app.resolveTraced(XYZViewModel.self).1.description)

        section("2. A(B(E, D), C(D, Z)): D prototype, then objectGraph")
        for lifetime in [DILifeTime.prototype, .objectGraph] {
            let letters = DIContainer()
            registerLetters(in: letters, d: lifetime)
            let a: A = letters.resolve()
            write("D \(lifetime): a.b.d \(names[a.b.d]), a.c.d \(names[a.c.d]), same: \(a.b.d === a.c.d)")
        }

        section("3. Across two containers set up by one function")
        let left = DIContainer()
        let right = DIContainer()
        let counter = Counter()
        for container in [left, right] { registerShared(in: container, counter: counter) }
        write(
            "perContainer: left \(names[left.resolve() as PerContainerThing]), right \(names[right.resolve() as PerContainerThing])"
        )
        write(
            "perRun:       left \(names[left.resolve() as PerRunThing]), right \(names[right.resolve() as PerRunThing])"
        )
        left.initializeSingletonObjects()
        right.initializeSingletonObjects()
        write(
            "single:       left \(names[left.resolve() as Singleton]), right \(names[right.resolve() as Singleton]), built \(counter.count) time(s)"
        )

        section("4. Weak lifetimes keep an instance only while someone holds it")
        let weak = DIContainer()
        weak.register(Screen.init).lifetime(.shared)
        weak.register { Settings() }.lifetime(.shared)
        weak var released: Screen?
        do {
            let held: Screen = weak.resolve()
            write("while held, resolving again gives the same instance: \(held === (weak.resolve() as Screen))")
            released = held
        }
        write("once released, the instance is gone: \(released == nil)")
        write(
            "a struct under .shared is never shared: \(weak.resolve(Settings.self).serial != weak.resolve(Settings.self).serial)"
        )

        section("5. A session scope, emptied on logout")
        let session = DIScope(name: "session", storage: DICacheStorage())
        let user = DIContainer()
        user.register(UserProfile.init).lifetime(.custom(session))
        write("before logout: \(names[user.resolve() as UserProfile]), \(names[user.resolve() as UserProfile])")
        session.dropInstances()
        write("after logout:  \(names[user.resolve() as UserProfile])")

        section("6. Validation")
        write("the app: \(app.validationReport().summary)")
        let broken = DIContainer()
        registerApp(in: broken, brokenly: true)
        write("a broken variant:\n")
        write(broken.validationReport().rendered(as: .text))

        section("7. The graph")
        let graph = DIGraphExport(app)
        try writeFile("graph.dot", graph.dot())
        try writeFile("graph.mmd", graph.mermaid())
        write(graph.mermaid())

        section("8. Start-up profile")
        let startup = DIContainer()
        registerStartup(in: startup)
        let profile = try startup.profileSingletons()
        write(profile.table)
        for container in [left, right, startup] {
            container.dropProcessWideInstances()
        }
    }

    /// Read once, before the first section: the tour's numbers and terms would otherwise look like jargon.
    static let legend = """
        How to read this tour (lifetimes in Docs/en/Lifetimes.md):
          #1, #2, ...   instances, numbered as they first appear: the same number is the same object
          prototype     a lifetime: a new instance for every request
          objectGraph   one instance per top-level resolve, shared by everything that resolve builds
          perContainer  one instance per container
          perRun        one instance per process and `register` line, shared by containers set up by one function
          single        a perRun instance built up front, by initializeSingletonObjects()
          captive       a longer-lived component holds a shorter-lived one: a warning (captive-dependency) where
                        that loses something (a scope cleaned, a weak lifetime, an instance shared), otherwise a
                        note (long-lived-holder): it keeps its own copy, like a field
        """

    private func section(_ title: String) {
        write("\n== \(title)")
    }

    private func writeFile(_ name: String, _ contents: String) throws {
        let path = outputDirectory + "/" + name
        guard let file = fopen(path, "w") else { throw TourError.cannotWrite(path) }
        defer { fclose(file) }
        fputs(contents, file)
        write("wrote \(path)")
    }
}

enum TourError: Error, CustomStringConvertible {
    case cannotWrite(String)

    var description: String {
        switch self {
        case .cannotWrite(let path): "cannot write \(path)"
        }
    }
}

/// Short stable names for instances.
struct InstanceNames {
    private var seen: [ObjectIdentifier: Int] = [:]
    private var kept: [AnyObject] = []

    subscript(object: AnyObject) -> String {
        mutating get {
            let id = ObjectIdentifier(object)
            if let number = seen[id] { return "#\(number)" }
            seen[id] = seen.count + 1
            kept.append(object)  // Keeps identifiers unique for the whole tour.
            return "#\(seen.count)"
        }
    }
}
