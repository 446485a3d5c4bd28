public import Tether

extension DIContainer {
    /// Checks every registration this container sees, without running a factory, and throws the whole report
    /// when any finding is an error.
    ///
    /// ```swift
    /// @Test func containerIsValid() throws {
    ///     try AppContainer.make().validate()
    /// }
    /// ```
    public func validate(options: DIValidationOptions = .default) throws(DIValidationError) {
        let report = validationReport(options: options)
        if !report.isValid { throw DIValidationError(report: report) }
    }

    /// Every finding, errors, warnings and notes; never throws.
    public func validationReport(options: DIValidationOptions = .default) -> DIValidationReport {
        Validator(snapshot: registrySnapshot(), options: options).report()
    }
}

extension DIRegistrySnapshot {
    /// Validates a snapshot taken earlier, as `DIContainer.validationReport(options:)` does.
    public func validationReport(options: DIValidationOptions = .default) -> DIValidationReport {
        Validator(snapshot: self, options: options).report()
    }
}
