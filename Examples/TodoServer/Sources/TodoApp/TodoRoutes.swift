import Foundation
import Hummingbird
import NIOCore
import Tether

extension Todo: ResponseEncodable {}

/// The API: `GET /todos`, `POST /todos`, `GET /todos/:id`, `DELETE /todos/:id`. Bad input gets a 4xx whose message
/// says what was wrong, and writes nothing.
enum TodoRoutes {
    static func add(to router: Router<TodoContext>, settings: TodoSettings) {
        router.get("/todos") { _, context -> [Todo] in
            if let delay = settings.listDelay { try await Task.sleep(for: delay) }
            return try await context.requestScope.resolve(TodoRepository.self).all()
        }
        router.post("/todos") { request, context -> EditedResponse<Todo> in
            let new = try await decode(request, context)
            let title = new.title.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !title.isEmpty else { throw HTTPError(.badRequest, message: "`title` must not be empty") }
            let work = try context.requestScope.resolve(UnitOfWork.self)
            work.add(title: title, done: new.done ?? false)
            let added = try await work.commit()
            return EditedResponse(status: .created, response: added[0])
        }
        router.get("/todos/:id") { _, context -> Todo in
            let id = try id(context)
            guard let todo = try await context.requestScope.resolve(TodoRepository.self).find(id) else {
                throw HTTPError(.notFound, message: "no todo with id \(id)")
            }
            return todo
        }
        router.delete("/todos/:id") { _, context -> HTTPResponse.Status in
            let id = try id(context)
            guard try await context.requestScope.resolve(TodoRepository.self).delete(id) else {
                throw HTTPError(.notFound, message: "no todo with id \(id)")
            }
            return .noContent
        }
    }

    private static func id(_ context: TodoContext) throws -> Int {
        guard let id = context.parameters.get("id", as: Int.self) else {
            throw HTTPError(.badRequest, message: "the id must be a whole number")
        }
        return id
    }

    /// The body as a new todo, or a 4xx that says what is wrong with it.
    private static func decode(_ request: Request, _ context: TodoContext) async throws -> NewTodo {
        let body: ByteBuffer
        do {
            body = try await request.body.collect(upTo: context.maxUploadSize)
        } catch {
            throw HTTPError(.contentTooLarge, message: "the body is over \(context.maxUploadSize / 1024) KB")
        }
        do {
            return try JSONDecoder().decode(NewTodo.self, from: Data(body.readableBytesView))
        } catch DecodingError.keyNotFound(let key, _) {
            throw HTTPError(.badRequest, message: "the field `\(key.stringValue)` is missing")
        } catch DecodingError.typeMismatch(_, let place), DecodingError.valueNotFound(_, let place) {
            let field = place.codingPath.map(\.stringValue).joined(separator: ".")
            throw HTTPError(.badRequest, message: "the field `\(field)` has the wrong type: \(place.debugDescription)")
        } catch {
            throw HTTPError(
                .badRequest, message: "the body is not JSON of the form {\"title\": \"...\", \"done\": false}")
        }
    }
}
