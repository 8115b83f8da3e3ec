import Foundation
import Testing

/// Keeps the code in the DocC articles compiled and true.
///
/// Every ```` ```swift ```` block in a catalog's Markdown must follow a `<!-- snippet: Name -->`
/// comment, and a test source in this folder must hold the same lines between `// snippet: Name`
/// and `// end` (indentation removed). A snippet followed by a paragraph `It prints:` and a plain
/// code block is run (see ``Snippets/runnable``) and its printed lines must be those of the block.
@Suite(.serialized) struct DocSnippetTests {
    @Test func everySwiftBlockHasAMarker() throws {
        for article in try Catalogs.articles() {
            for block in article.blocks where block.name == nil {
                Issue.record("\(article.path):\(block.line): a ```swift block without a <!-- snippet: Name --> marker")
            }
        }
    }

    @Test func everySnippetIsTheCompiledCode() throws {
        let sources = try Catalogs.compiledSnippets()
        var used: Set<String> = []
        for article in try Catalogs.articles() {
            for block in article.blocks {
                guard let name = block.name else { continue }
                used.insert(name)
                guard let compiled = sources[name] else {
                    Issue.record("\(article.path):\(block.line): no `// snippet: \(name)` region in Tests/DocSnippetTests")
                    continue
                }
                if compiled != block.code {
                    Issue.record("""
                        \(article.path):\(block.line): snippet \(name) differs from the compiled code.
                        article:
                        \(block.code.joined(separator: "\n"))
                        compiled:
                        \(compiled.joined(separator: "\n"))
                        """)
                }
            }
        }
        for name in Set(sources.keys).subtracting(used).sorted() {
            Issue.record("snippet \(name) is compiled but no article shows it")
        }
    }

    @Test func snippetsPrintWhatTheArticlesSay() throws {
        var checked: Set<String> = []
        for article in try Catalogs.articles() {
            for block in article.blocks {
                guard let name = block.name, let expected = block.prints else { continue }
                guard let run = Snippets.runnable[name] else {
                    Issue.record("\(article.path):\(block.line): snippet \(name) claims output but is not in Snippets.runnable")
                    continue
                }
                checked.insert(name)
                let printed = try Output.capture(run)
                #expect(printed == expected, "\(article.path):\(block.line): snippet \(name)")
            }
        }
        for name in Set(Snippets.runnable.keys).subtracting(checked).sorted() {
            Issue.record("snippet \(name) is runnable but no article shows what it prints")
        }
    }

    /// `PRINT_DOC_SNIPPETS=1 swift test --filter printRunnableSnippets` shows what each runnable
    /// snippet prints, to paste into its article.
    @Test func typedRefusalsAnswerAsTheArticleSays() async {
        #expect(await StoreSnippets.typedRefusals() == [201, 409, 404])
    }

    @Test func theServiceHandlerAnswersAsTheArticleSays() async {
        #expect(await StoreSnippets.serviceHandler() == [
            "202 1 open",
            "422 action rejected: order 1 is already open",
            "422 action rejected: no order 2",
        ])
    }

    @Test func printRunnableSnippets() throws {
        guard ProcessInfo.processInfo.environment["PRINT_DOC_SNIPPETS"] == "1" else { return }
        for (name, run) in Snippets.runnable.sorted(by: { $0.key < $1.key }) {
            let printed = try Output.capture(run)
            Swift.print("== \(name)\n" + printed.joined(separator: "\n"))
        }
    }
}

/// Collects what snippets print (the module's `print` shadows the standard library's), per task,
/// so that tests running in parallel do not mix their lines.
enum Output {
    final class Lines: @unchecked Sendable {
        // @unchecked Sendable: `lines` is only touched with `lock` held.
        let lock = NSLock()
        var lines: [String] = []
    }

    @TaskLocal static var current: Lines?

    static func capture(_ body: () throws -> Void) throws -> [String] {
        let collected = Lines()
        try $current.withValue(collected) { try body() }
        return collected.lock.withLock { collected.lines }
    }

    static func append(_ text: String) {
        guard let collected = current else { return Swift.print(text) }
        collected.lock.withLock { collected.lines.append(contentsOf: text.components(separatedBy: "\n")) }
    }
}

/// What snippets call: captured while a snippet runs under ``Output/capture(_:)``.
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Output.append(items.map { "\($0)" }.joined(separator: separator))
}

/// The catalogs' Markdown and this folder's snippet regions.
enum Catalogs {
    struct Block {
        var name: String?
        var line: Int
        var code: [String]
        var prints: [String]?
    }

    struct Article {
        var path: String
        var blocks: [Block]
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Markdown file of every catalog under `Sources/` and `Integrations/Sources/`.
    static func articles() throws -> [Article] {
        var articles: [Article] = []
        for folder in ["Sources", "Integrations/Sources"] {
            let sources = root.appendingPathComponent(folder)
            let enumerator = FileManager.default.enumerator(atPath: sources.path)
            while let relative = enumerator?.nextObject() as? String {
                guard relative.contains(".docc/"), relative.hasSuffix(".md") else { continue }
                let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
                articles.append(Article(path: folder + "/" + relative, blocks: parse(text)))
            }
        }
        return articles.sorted { $0.path < $1.path }
    }

    /// The fenced Swift blocks of an article, each with the marker above it and the output below.
    static func parse(_ text: String) -> [Block] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var index = 0
        var pendingName: String?
        func fence(from start: Int) -> (code: [String], end: Int) {
            let indent = lines[start].prefix { $0 == " " }.count
            var end = start + 1
            var code: [String] = []
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
                code.append(String(lines[end].dropFirst(min(indent, lines[end].prefix { $0 == " " }.count))))
                end += 1
            }
            return (code, end)
        }
        while index < lines.count {
            let line = lines[index].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("<!-- snippet:"), line.hasSuffix("-->") {
                pendingName = line.dropFirst("<!-- snippet:".count).dropLast(3).trimmingCharacters(in: .whitespaces)
                index += 1
                continue
            }
            if line == "```swift" {
                let (code, end) = fence(from: index)
                var block = Block(name: pendingName, line: index + 1, code: code)
                pendingName = nil
                var next = end + 1
                while next < lines.count, lines[next].trimmingCharacters(in: .whitespaces).isEmpty { next += 1 }
                if next + 1 < lines.count, lines[next].trimmingCharacters(in: .whitespaces) == "It prints:" {
                    var open = next + 1
                    while open < lines.count, lines[open].trimmingCharacters(in: .whitespaces).isEmpty { open += 1 }
                    if open < lines.count, ["```", "```text"].contains(lines[open].trimmingCharacters(in: .whitespaces)) {
                        let (output, outputEnd) = fence(from: open)
                        block.prints = output
                        next = outputEnd
                    }
                } else {
                    next = end
                }
                blocks.append(block)
                index = next + 1
                continue
            }
            if !line.isEmpty { pendingName = nil }
            index += 1
        }
        return blocks
    }

    /// The `// snippet: Name` … `// end` regions of this folder's sources, of the SwiftUI
    /// article's code (type-checked by Checks/SwiftUIGlue) and its tests (Tests/SwiftUIArticleTests),
    /// and of the example service's sources
    /// (`Examples/OrdersService/Sources`, compiled and tested by its own package in CI),
    /// indentation removed.
    static func compiledSnippets() throws -> [String: [String]] {
        var files: [URL] = []
        // Integrations/Tests/ReactiveToolkitPostgresTests: the PostgreSQL journal's set-up, run by that package;
        // Integrations/Tests/ReactiveToolkitInspectorTests: the store inspector article's code, run there.
        let folders = [
            "Tests/DocSnippetTests", "Checks/SwiftUIGlue/Article", "Tests/SwiftUIArticleTests",
            "Integrations/Tests/ReactiveToolkitPostgresTests", "Integrations/Tests/ReactiveToolkitInspectorTests",
        ]
        for folder in folders.map(root.appendingPathComponent) {
            files += try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".swift") }
                .map { folder.appendingPathComponent($0) }
        }
        let example = root.appendingPathComponent("Examples/OrdersService/Sources")
        if let walker = FileManager.default.enumerator(atPath: example.path) {
            for case let relative as String in walker where relative.hasSuffix(".swift") {
                files.append(example.appendingPathComponent(relative))
            }
        }
        var snippets: [String: [String]] = [:]
        for file in files {
            let lines = try String(contentsOf: file, encoding: .utf8)
                .components(separatedBy: "\n")
            var current: (name: String, lines: [String])?
            for line in lines {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("// snippet: ") {
                    current = (String(trimmed.dropFirst("// snippet: ".count)), [])
                } else if trimmed == "// end", let region = current {
                    snippets[region.name] = dedent(region.lines)
                    current = nil
                } else if current != nil {
                    current?.lines.append(line)
                }
            }
        }
        return snippets
    }

    static func dedent(_ lines: [String]) -> [String] {
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }
    }
}
