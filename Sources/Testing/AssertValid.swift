#if canImport(XCTest)
    public import Tether
    public import TetherValidation
    public import XCTest

    extension XCTestCase {
        /// `expectValid()` for XCTest: validates `container` and records each error and warning as a failure of this
        /// test at the line of the registration it is about, so that Xcode and `swift test` show it there; notes are
        /// left out. A finding about several registrations is a failure at each of their lines.
        ///
        /// ```swift
        /// func testTheAppsGraphIsValid() {
        ///     assertValid(AppContainer.make())
        /// }
        /// ```
        /// A finding whose registration has no file path (a component described by hand) is recorded at the call.
        public func assertValid(
            _ container: DIContainer, options: DIValidationOptions = .default, file: StaticString = #filePath,
            line: UInt = #line
        ) {
            let findings = container.validationReport(options: options).findings.filter { $0.severity >= .warning }
            for finding in findings.flatMap(\.perPlace) {
                if let site = finding.location, !site.filePath.isEmpty, site.line > 0 {
                    recordFinding(finding.description, filePath: site.filePath, line: site.line)
                } else {
                    XCTFail(finding.description, file: file, line: line)
                }
            }
        }

        /// Records a failure at a file known only at run time: `XCTFail` takes a `StaticString`.
        private func recordFinding(_ description: String, filePath: String, line: Int) {
            #if canImport(ObjectiveC)
                let location = XCTSourceCodeLocation(filePath: filePath, lineNumber: line)
                record(
                    XCTIssue(
                        type: .assertionFailure, compactDescription: description,
                        sourceCodeContext: XCTSourceCodeContext(location: location)))
            #else
                recordFailure(withDescription: description, inFile: filePath, atLine: line, expected: true)
            #endif
        }
    }
#endif
