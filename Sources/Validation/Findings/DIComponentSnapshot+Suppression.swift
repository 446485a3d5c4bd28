import Tether

extension DIComponentSnapshot {
    /// Whether the registration suppresses findings of `code`. A check that groups places into one finding asks
    /// this first, so that one suppressed place does not silence the others, nor the others hide it.
    func suppresses(_ code: DIFindingCode) -> Bool {
        suppressions.contains { $0.code == code.rawValue }
    }
}
