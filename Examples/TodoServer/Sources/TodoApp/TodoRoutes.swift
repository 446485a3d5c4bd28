import Foundation
import Hummingbird
import Tether

extension Todo: ResponseEncodable {}

/// The API: `GET /todos?limit=&after=`, `POST /todos`, `GET /todos/:id`, `DELETE /todos/:id`. Bad input gets a 4xx
/// whose message says what was wrong, and writes nothing.
enum TodoRoutes {
    /// The most todos one `GET /todos` returns: a client pages with `after`, so no response grows with the table.
    static let maximumPage = 1_000

    static func add(to router: Router<TodoContext>, settings: TodoSettings) {
        router.get("/todos") { request, context -> EditedResponse<[Todo]> in
            if let delay = settings.listDelay { try await Task.sleep(for: delay) }
            let page = try request.uri.decodeQuery(as: Page.self, context: context)
            let limit = page.limit ?? 100
            guard (1...maximumPage).contains(limit) else {
                throw HTTPError(.badRequest, message: "`limit` must be from 1 to \(maximumPage)")
            }
            let todos = try await context.tether.resolve(TodoRepository.self).page(
                after: page.after ?? 0, limit: limit)
            // A full page may have more after it: the link says where the next one starts.
            var headers = HTTPFields()
            if todos.count == limit, let last = todos.last {
                headers[.init("Link")!] = "</todos?limit=\(limit)&after=\(last.id)>; rel=\"next\""
            }
            return EditedResponse(headers: headers, response: todos)
        }
        router.post("/todos") { request, context -> EditedResponse<Todo> in
            let new = try await request.decode(as: NewTodo.self, context: context)
            let title = new.title.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !title.isEmpty else { throw HTTPError(.badRequest, message: "`title` must not be empty") }
            // SQLite's C strings end at a NUL: the title would be stored cut short, without a word.
            guard !title.unicodeScalars.contains("\0") else {
                throw HTTPError(.badRequest, message: "`title` must not contain NUL (\\u0000)")
            }
            let work = try context.tether.resolve(UnitOfWork.self)
            work.add(title: title, done: new.done ?? false)
            let added = try await work.commit()
            return EditedResponse(status: .created, response: added[0])
        }
        router.get("/todos/:id") { _, context -> Todo in
            let id = try id(context)
            guard let todo = try await context.tether.resolve(TodoRepository.self).find(id) else {
                throw HTTPError(.notFound, message: "no todo with id \(id)")
            }
            return todo
        }
        router.delete("/todos/:id") { _, context -> HTTPResponse.Status in
            let id = try id(context)
            guard try await context.tether.resolve(TodoRepository.self).delete(id) else {
                throw HTTPError(.notFound, message: "no todo with id \(id)")
            }
            return .noContent
        }
    }

    /// `GET /todos`'s query: at most `limit` todos, those whose id is above `after`.
    private struct Page: Decodable {
        let limit: Int?
        let after: Int?
    }

    private static func id(_ context: TodoContext) throws -> Int {
        guard let id = context.parameters.get("id", as: Int.self) else {
            throw HTTPError(.badRequest, message: "the id must be a whole number")
        }
        return id
    }
}
