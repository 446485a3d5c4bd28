/// The registrations of one container, `level` containers above the one resolving or validating.
struct RegistrationLevel {
    let registrations: [Registration]
    let level: Int
}
