import Foundation
import Testing

/// The docs cannot drift from the code: every ```swift block in README.md, Docs/en and Docs/ru is a copy of a
/// snippet that compiles (and mostly runs) in this target, and every ```text block marked as an output is what a
/// test prints.
///
/// Markers, on the line before a fenced block:
/// - `<!-- snippet: name -->` before ```swift: the block equals the lines between `// snippet: name` and
///   `// end-snippet` in Tests/DocsTests/Snippets/*.swift, compared without common indentation and trailing spaces.
/// - `<!-- output: name -->` before ```text: the block is what `DocOutput.check(_:named:)` was given by a test.
/// - `<!-- snippet-exempt: reason -->` before ```swift: not compiled, for the reasons in `exemptionReasons` only.
@Suite("Docs: snippets and outputs match the code that produces them")
struct DocsMatchSnippetsTests {
    /// Blocks that cannot compile in a test target: the package manifest, and the code of the libraries
    /// the migration guide compares with.
    static let exemptionReasons: Set<String> = [
        "package-manifest", "resolver", "factory", "swinject", "ditranquillity",
    ]

    @Test func snippetSourcesAreWellFormed() throws {
        let sources = try DocsRepository.snippetSources()
        #expect(sources.problems.isEmpty, "\(sources.problems.joined(separator: "\n"))")
        #expect(!sources.snippets.isEmpty)
    }

    @Test func docsSnippetsMatchTheirCompiledSources() throws {
        let sources = try DocsRepository.snippetSources().snippets
        if DocsRepository.isRecording {
            for (name, source) in sources {
                try DocsRepository.rewrite(marker: "snippet: \(name)", fence: "swift", with: normalized(source))
            }
            return
        }
        for page in try DocsRepository.pages() {
            for block in page.blocks where block.kind == .snippet {
                guard let source = sources[block.name] else {
                    Issue.record("\(page.path):\(block.line): no snippet `\(block.name)` in Tests/DocsTests/Snippets")
                    continue
                }
                #expect(
                    normalized(block.body) == normalized(source),
                    "\(page.path):\(block.line): snippet `\(block.name)` differs from its source")
            }
        }
    }

    @Test func everySwiftBlockIsCompiledOrExemptForAKnownReason() throws {
        for page in try DocsRepository.pages() {
            #expect(page.problems.isEmpty, "\(page.path):\n\(page.problems.joined(separator: "\n"))")
            for block in page.blocks where block.kind == .exempt {
                #expect(
                    Self.exemptionReasons.contains(block.name),
                    "\(page.path):\(block.line): exemption `\(block.name)` is not one of \(Self.exemptionReasons.sorted())"
                )
            }
        }
    }

    @Test func everySnippetSourceIsShownInTheDocs() throws {
        let sources = try DocsRepository.snippetSources().snippets
        let shown = Set(try DocsRepository.pages().flatMap { $0.blocks.filter { $0.kind == .snippet }.map(\.name) })
        let unused = Set(sources.keys).subtracting(shown).sorted()
        #expect(unused.isEmpty, "snippets no page shows: \(unused)")
    }

    @Test func readmeIsCheckedLikeAPage() throws {
        let readme = try #require(try DocsRepository.pages().first { $0.path == DocsRepository.readme.path })
        #expect(readme.blocks.contains { $0.kind == .snippet }, "README.md shows no compiled snippet")
    }

    @Test func englishAndRussianPagesMatchPageForPage() throws {
        let pages = try DocsRepository.pages()
        let english = Dictionary(uniqueKeysWithValues: pages.filter { $0.language == "en" }.map { ($0.fileName, $0) })
        let russian = Dictionary(uniqueKeysWithValues: pages.filter { $0.language == "ru" }.map { ($0.fileName, $0) })
        #expect(!english.isEmpty)
        #expect(english.keys.sorted() == russian.keys.sorted(), "Docs/en and Docs/ru hold different files")
        for (name, page) in english {
            guard let translation = russian[name] else { continue }
            #expect(
                page.blocks.map(\.marker) == translation.blocks.map(\.marker),
                "\(name): en and ru show different snippets, outputs or exemptions, or in another order")
            for (left, right) in zip(page.blocks, translation.blocks) where left.kind != .snippet {
                #expect(
                    normalized(left.body) == normalized(right.body),
                    "\(name): block `\(left.name)` differs between en (line \(left.line)) and ru (line \(right.line))")
            }
        }
    }

    @Test func everyOutputInTheDocsIsCheckedByATest() throws {
        let checked = try DocsRepository.outputNamesCheckedInSnippets()
        for page in try DocsRepository.pages() {
            for block in page.blocks where block.kind == .output && !checked.contains(block.name) {
                Issue.record("\(page.path):\(block.line): no test calls DocOutput.check for output `\(block.name)`")
            }
        }
    }
}

/// Compares an output a test produced with the `<!-- output: name -->` block of the English docs (the Russian
/// copy must equal it).
enum DocOutput {
    static func check(_ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            if DocsRepository.isRecording {
                try DocsRepository.rewrite(marker: "output: \(name)", fence: "text", with: actual)
                return
            }
            let blocks = try DocsRepository.pages().filter { $0.language == "en" }
                .flatMap(\.blocks).filter { $0.kind == .output && $0.name == name }
            guard let block = blocks.first else {
                Issue.record("no `<!-- output: \(name) -->` block in Docs/en", sourceLocation: sourceLocation)
                return
            }
            #expect(
                normalized(block.body) == normalized(actual),
                "output `\(name)` in the docs is stale; actual:\n\(actual)", sourceLocation: sourceLocation)
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
        }
    }
}

/// Text without trailing spaces, surrounding blank lines, or the indentation all its lines share.
func normalized(_ text: String) -> String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        String(line.reversed().drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" }).reversed())
    }
    while lines.first?.isEmpty == true { lines.removeFirst() }
    while lines.last?.isEmpty == true { lines.removeLast() }
    let indent = lines.filter { !$0.isEmpty }.map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
    return lines.map { $0.isEmpty ? $0 : String($0.dropFirst(indent)) }.joined(separator: "\n")
}

/// The package's docs and snippet sources, found from this file's path.
enum DocsRepository {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let languages = ["en", "ru"]
    /// The package's README: checked like a page, in a language of its own, since it has no translation.
    static let readme = (language: "readme", path: "README.md")
    /// The DocC catalogs' articles: checked like pages, in a language of their own (the reference is in English).
    static let catalogs = (
        language: "reference",
        folders: [
            "Sources/Container/Tether.docc", "Sources/Validation/TetherValidation.docc",
            "Sources/Diagnostics/TetherDiagnostics.docc", "Sources/Testing/TetherTesting.docc",
        ]
    )

    struct Sources {
        var snippets: [String: String] = [:]
        var problems: [String] = []
    }

    /// Every `// snippet: name` … `// end-snippet` region of Tests/DocsTests/Snippets/*.swift.
    /// Where snippets live: this target, and the packages beside Tether that need other packages or other build
    /// settings (their own CI step compiles and runs them): Examples/MainActorApp is `@MainActor` by default.
    static let snippetFolders = [
        "Tests/DocsTests/Snippets", "Integrations/TetherServiceLifecycle/Tests/TetherServiceLifecycleTests",
        "Integrations/TetherVapor/Tests/TetherVaporTests",
        "Integrations/TetherHummingbird/Tests/TetherHummingbirdTests", "Examples/TodoServer/Sources/TodoApp",
        "Examples/MainActorApp/Sources/MainActorApp", "Examples/MainActorApp/Tests/MainActorAppTests",
    ]

    static func snippetSources() throws -> Sources {
        var result = Sources()
        for file in try snippetFolders.flatMap({ try files(in: $0, ending: ".swift") }) {
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            var open: (name: String, line: Int, body: [String])?
            for (index, line) in lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                let place = "\(file.lastPathComponent):\(index + 1)"
                if trimmed.hasPrefix("// snippet:") {
                    if let open { result.problems.append("\(place): snippet `\(open.name)` is still open") }
                    let name = trimmed.dropFirst("// snippet:".count).trimmingCharacters(in: .whitespaces)
                    if result.snippets[name] != nil { result.problems.append("\(place): duplicate snippet `\(name)`") }
                    open = (name, index + 1, [])
                } else if trimmed == "// end-snippet" {
                    guard let current = open else {
                        result.problems.append("\(place): `// end-snippet` without a snippet")
                        continue
                    }
                    result.snippets[current.name] = current.body.joined(separator: "\n")
                    open = nil
                } else if open != nil {
                    open!.body.append(line)
                }
            }
            if let open { result.problems.append("\(file.lastPathComponent):\(open.line): `\(open.name)` never ends") }
        }
        return result
    }

    /// The output names that snippet tests check, as written in the sources: `DocOutput.check(…, named: "x")`.
    static func outputNamesCheckedInSnippets() throws -> Set<String> {
        var names = Set<String>()
        for file in try files(in: "Tests/DocsTests/Snippets", ending: ".swift") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for part in text.components(separatedBy: "named: \"").dropFirst() {
                names.insert(String(part.prefix(while: { $0 != "\"" })))
            }
        }
        return names
    }

    struct Block {
        enum Kind: String {
            case snippet
            case output
            case exempt = "snippet-exempt"
        }
        let kind: Kind
        let name: String
        let line: Int
        let body: String
        /// The marker as written, for comparing the languages.
        var marker: String { "\(kind.rawValue): \(name)" }
    }

    struct Page {
        let language: String
        let fileName: String
        let path: String
        var blocks: [Block] = []
        var problems: [String] = []
    }

    static func pages() throws -> [Page] {
        try markdownFiles().map { (language, file, path) in
            try parse(String(contentsOf: file, encoding: .utf8), language: language, file: file, path: path)
        }
    }

    /// Every page with its language and its path in the repository: the docs of each language, the README, then
    /// the reference's articles.
    private static func markdownFiles() throws -> [(language: String, file: URL, path: String)] {
        let docs = try languages.flatMap { language in
            try files(in: "Docs/\(language)", ending: ".md").map {
                (language, $0, "Docs/\(language)/\($0.lastPathComponent)")
            }
        }
        let articles = try catalogs.folders.flatMap { folder in
            try files(in: folder, ending: ".md").map { (catalogs.language, $0, "\(folder)/\($0.lastPathComponent)") }
        }
        return docs + [(readme.language, root.appendingPathComponent(readme.path), readme.path)] + articles
    }

    private static func parse(_ text: String, language: String, file: URL, path: String) -> Page {
        var page = Page(language: language, fileName: file.lastPathComponent, path: path)
        let lines = text.components(separatedBy: "\n")
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            guard line.hasPrefix("```") else {
                index += 1
                continue
            }
            let info = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
            let previous = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
            var end = index + 1
            while end < lines.count && lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
            let body = lines[(index + 1)..<min(end, lines.count)].joined(separator: "\n")
            if let (kind, name) = marker(previous) {
                let expected = kind == .output ? "text" : "swift"
                if info != expected {
                    page.problems.append("line \(index + 1): `\(kind.rawValue)` marker before a ```\(info) block")
                } else {
                    page.blocks.append(Block(kind: kind, name: name, line: index + 1, body: body))
                }
            } else if info == "swift" {
                page.problems.append("line \(index + 1): ```swift block without a `<!-- snippet: name -->` marker")
            }
            index = end + 1
        }
        return page
    }

    private static func marker(_ line: String) -> (Block.Kind, String)? {
        guard line.hasPrefix("<!--"), line.hasSuffix("-->") else { return nil }
        let inner = line.dropFirst(4).dropLast(3).trimmingCharacters(in: .whitespaces)
        for kind in [Block.Kind.exempt, .snippet, .output] where inner.hasPrefix(kind.rawValue + ":") {
            return (kind, inner.dropFirst(kind.rawValue.count + 1).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// With `TETHER_DOCS_RECORD=1` in the environment, the tests write snippets and outputs into the marked blocks
    /// of both languages instead of comparing them: edit the Swift, run the docs tests once with it and once
    /// without, and review the diff.
    static var isRecording: Bool { ProcessInfo.processInfo.environment["TETHER_DOCS_RECORD"] == "1" }

    private static let writing = NSLock()

    /// Replaces the body of every block marked `<!-- marker -->` in both languages and the README.
    static func rewrite(marker: String, fence: String, with text: String) throws {
        writing.lock()
        defer { writing.unlock() }
        for (_, file, _) in try markdownFiles() {
            try rewrite(file, marker: marker, fence: fence, with: text)
        }
    }

    private static func rewrite(_ file: URL, marker: String, fence: String, with text: String) throws {
        var lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
        var index = 0
        var changed = false
        while index < lines.count {
            if lines[index].trimmingCharacters(in: .whitespaces) == "<!-- \(marker) -->",
                index + 1 < lines.count, lines[index + 1].trimmingCharacters(in: .whitespaces) == "```\(fence)"
            {
                var end = index + 2
                while end < lines.count && lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
                lines.replaceSubrange((index + 2)..<end, with: text.components(separatedBy: "\n"))
                changed = true
            }
            index += 1
        }
        if changed { try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8) }
    }

    private static func files(in folder: String, ending suffix: String) throws -> [URL] {
        let directory = root.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(suffix) }.sorted()
            .map { directory.appendingPathComponent($0) }
    }
}
