/// A group of registrations installed together: a feature, a layer, a framework's part of the graph.
///
/// ```swift
/// enum NetworkModule: DIModule {
///     static let defaultLifetime: DILifeTime? = .perContainer(.strong)
///     static func register(in container: DIContainer) {
///         container.register(URLSessionClient.init).as((any HTTPClient).self)
///     }
/// }
/// enum AppModule: DIModule {
///     static let imports: [any DIModule.Type] = [NetworkModule.self]
///     static func register(in container: DIContainer) { ... }
/// }
/// container.install(AppModule.self)  // NetworkModule first, each once
/// ```
/// A module is a type, so that installing it twice (directly, or as the import of two others) installs it once,
/// and a misspelt import does not compile. Every registration it makes carries its module path
/// (`DIComponentInfo.modulePath`), which errors, findings and reports show before the site:
/// `AppModule > NetworkModule > Network.swift:12`.
public protocol DIModule: SendableMetatype {
    /// The modules this one needs, installed before it (each once per container).
    static var imports: [any DIModule.Type] { get }
    /// The lifetime of the registrations it makes that set none; `nil` keeps the importing module's, and at the
    /// top, `DISetting.Defaults.lifeTime`.
    static var defaultLifetime: DILifeTime? { get }
    /// Registers the module's components.
    static func register(in container: DIContainer)
}

extension DIModule {
    /// No imports.
    public static var imports: [any DIModule.Type] { [] }
    /// The importing module's default lifetime, or `DISetting.Defaults.lifeTime`.
    public static var defaultLifetime: DILifeTime? { nil }
}
