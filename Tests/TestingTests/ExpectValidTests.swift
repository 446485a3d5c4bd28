import Testing
import Tether
import TetherTestSupport
import TetherTesting
import TetherValidation

final class Mailer {}
final class Signup {
    init(mailer: Mailer) {}
}
final class Audit {}
final class Newsletter {
    init(mailer: Mailer) {}
}

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

    @Test func aMissingTypeTwoRegistrationsNeedIsAnIssueAtEachOfTheirLines() {
        let container = DIContainer()
        let signupLine = #line + 1
        container.register(Signup.init(mailer:))
        let newsletterLine = #line + 1
        container.register(Newsletter.init(mailer:))
        #expect(container.validationReport().findings.count == 1, "one finding: one type to register")
        let lines = MessageLog()
        let texts = MessageLog()
        withKnownIssue {
            container.expectValid()
        } matching: { issue in
            lines.append("\(issue.sourceLocation?.line ?? 0)")
            texts.append(issue.comments.first?.rawValue ?? "")
            return true
        }
        #expect(lines.messages == ["\(signupLine)", "\(newsletterLine)"])
        #expect(
            texts.messages.allSatisfy {
                $0.hasPrefix("error[missing-dependency]: no registration for `Mailer` (needed in 2 places)")
            })
        #expect(texts.messages.last?.contains("(parameter 1 of Newsletter)") == true, "\(texts.messages)")
    }
}
