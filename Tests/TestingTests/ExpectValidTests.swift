import Testing
import Tether
import TetherTesting
import TetherValidation

final class Mailer {}
final class Signup {
    init(mailer: Mailer) {}
}
final class Audit {}

@Suite("expectValid: each finding is a test issue at its registration's line")
struct ExpectValidTests {
    @Test func aMissingDependencyIsAnIssueAtTheRegistrationThatNeedsIt() {
        let container = DIContainer()
        let line = #line + 1
        container.register(Signup.init(mailer:))
        withKnownIssue {
            container.expectValid()
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileID == "TetherTestingTests/ExpectValidTests.swift"
                && issue.comments.contains {
                    $0.rawValue.hasPrefix("error[missing-dependency]: no registration for `Mailer`")
                }
        }
    }

    @Test func aValidContainerRecordsNothingAndNotesAreLeftOut() {
        let container = DIContainer()
        container.register(Mailer.init)
        container.register(Signup.init(mailer:)).root()
        container.register(Audit.init)  // unreachable from the root: a note, not an issue
        #expect(container.validationReport().findings.map(\.severity) == [.note])
        container.expectValid()
    }

    @Test func aWarningIsAnIssueToo() {
        let container = DIContainer()
        let line = #line + 1
        container.register { 42 }.lifetime(.perContainer(.weak))
        withKnownIssue {
            container.expectValid()
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.hasPrefix("warning[weak-value-type]") }
        }
    }
}
