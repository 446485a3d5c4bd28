import Tether
import TetherTesting
import XCTest

/// `assertValid` in an XCTest case: the failures it records are captured here rather than failing the test, so
/// that the test can check where each one is.
final class AssertValidXCTests: XCTestCase {
    private var captured: [(description: String, file: String, line: Int)] = []

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        guard description.hasPrefix("error[") || description.hasPrefix("warning[") else {
            return super.recordFailure(
                withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured.append((description, filePath, lineNumber))
    }

    func testEachErrorAndWarningIsAFailureAtItsRegistrationsLine() {
        let container = DIContainer()
        let missingLine = #line + 1
        container.register(Signup.init(mailer:))
        let weakLine = #line + 1
        container.register { 42 }.lifetime(.perContainer(.weak))
        assertValid(container)
        XCTAssertEqual(captured.map(\.line), [missingLine, weakLine])
        XCTAssertEqual(Set(captured.map(\.file)), [#filePath])
        XCTAssertTrue(captured[0].description.hasPrefix("error[missing-dependency]: no registration for `Mailer`"))
        XCTAssertTrue(captured[1].description.hasPrefix("warning[weak-value-type]"))
    }

    func testAMissingTypeTwoRegistrationsNeedIsAFailureAtEachOfTheirLines() {
        let container = DIContainer()
        let signupLine = #line + 1
        container.register(Signup.init(mailer:))
        let newsletterLine = #line + 1
        container.register(Newsletter.init(mailer:))
        assertValid(container)
        XCTAssertEqual(captured.map(\.line), [signupLine, newsletterLine])
        XCTAssertTrue(captured.last?.description.contains("(parameter 1 of Newsletter)") == true)
    }

    func testAValidContainerRecordsNothing() {
        let container = DIContainer()
        container.register(Mailer.init)
        container.register(Signup.init(mailer:))
        assertValid(container)
        XCTAssertTrue(captured.isEmpty)
    }
}
