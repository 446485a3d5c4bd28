import TetherValidation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether rendered text carries terminal colours.
public enum DIColorMode: Sendable {
    /// Plain text: for files, CI logs, tests.
    case never
    /// Colours always.
    case always
    /// Colours when standard error is a terminal and `NO_COLOR` is not set.
    case automatic

    var isEnabled: Bool {
        switch self {
        case .never: false
        case .always: true
        case .automatic:
            isatty(STDERR_FILENO) != 0 && getenv("NO_COLOR") == nil
                && getenv("TERM").map { String(cString: $0) } != "dumb"
        }
    }
}

/// ANSI styles, applied only when colour is on.
struct Style {
    let enabled: Bool

    func severity(_ severity: DIFinding.Severity, _ text: String) -> String {
        switch severity {
        case .error: wrap(text, "1;31")
        case .warning: wrap(text, "1;33")
        case .note: wrap(text, "1;36")
        }
    }

    func bold(_ text: String) -> String { wrap(text, "1") }
    func dim(_ text: String) -> String { wrap(text, "2") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
