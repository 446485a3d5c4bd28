/// A todo, as the API returns it.
public struct Todo: Codable, Equatable, Sendable {
    /// The database's number for it.
    public let id: Int
    /// What to do.
    public let title: String
    /// Whether it is done.
    public let done: Bool

    /// A todo as the database holds it.
    public init(id: Int, title: String, done: Bool) {
        self.id = id
        self.title = title
        self.done = done
    }
}

/// What `POST /todos` takes.
struct NewTodo: Decodable {
    let title: String
    let done: Bool?
}
