public import Tether

extension DIModule {
    /// Checks the module against the imports it declares: a container with only it and its imports installed,
    /// validated as `DIContainer.validate(options:)` does. A dependency that an undeclared module provides in
    /// the app is missing here, which is the point: it names the import to add.
    ///
    /// ```swift
    /// @Test func networkModuleStandsOnItsImports() throws {
    ///     try NetworkModule.validate()
    /// }
    /// ```
    public static func validate(options: DIValidationOptions = .default) throws(DIValidationError) {
        try container().validate(options: options)
    }

    /// Every finding of the module against its imports, errors, warnings and notes; never throws.
    public static func validationReport(options: DIValidationOptions = .default) -> DIValidationReport {
        container().validationReport(options: options)
    }

    private static func container() -> DIContainer {
        let container = DIContainer()
        container.install(Self.self)
        return container
    }
}
