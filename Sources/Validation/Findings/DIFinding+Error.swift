public import Tether

extension DIFinding {
    /// A resolve error as a finding, so that one model and one renderer serve both: the path's last registration
    /// is its location, the request that failed closes its path.
    ///
    /// ```swift
    /// do { _ = try container.resolveOrThrow(CheckoutModel.self) } catch let error as DIError {
    ///     report(DIFinding(error))
    /// }
    /// ```
    public init(_ error: DIError) {
        let location = error.path.last.map { Location($0.component, context: $0.requested.description) }
        let path =
            error.path.map {
                Hop(type: $0.requested.description, lifetime: $0.lifetime.description, site: $0.component.site)
            } + (error.failedRequest.map { [Hop(type: $0)] } ?? [])
        self.init(
            code: DIFindingCode(rawValue: error.code), severity: .error, message: error.message, location: location,
            path: path, details: error.details, help: error.help)
    }
}
