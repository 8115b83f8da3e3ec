import Foundation
import Testing
@testable import Demo

@Suite struct ReadmeTourTests {
    /// Collects printed lines.
    final class Lines: @unchecked Sendable {
        // @unchecked Sendable: `lines` is only touched with `lock` held.
        private let lock = NSLock()
        private var lines: [String] = []
        func append(_ line: String) { lock.lock(); lines.append(line); lock.unlock() }
        var all: [String] { lock.lock(); defer { lock.unlock() }; return lines }
    }

    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func tourPrintsWhatTheReadmeSays() throws {
        let lines = Lines()
        Tour.run(print: { lines.append($0) })
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let printed = try #require(readme.components(separatedBy: "prints\n\n```\n").last?.components(separatedBy: "\n```").first)
        #expect(lines.all == printed.components(separatedBy: "\n"))
    }

    @Test func readmeTourIsTheCompiledTour() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: Self.root.appendingPathComponent("Sources/Demo/Tour.swift"), encoding: .utf8)
        let snippet = try #require(
            readme.components(separatedBy: "```swift\nimport StreamCore\n\n").last?
                .components(separatedBy: "\n```").first)
        let start = try #require(source.range(of: "        let bag = DisposeBag()"))
        let end = try #require(source.range(of: "\n\n        bag.dispose()"))
        let body = source[start.lowerBound..<end.lowerBound]
            .components(separatedBy: "\n")
            .map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : $0 }
        #expect(snippet.components(separatedBy: "\n") == body)
    }
}
