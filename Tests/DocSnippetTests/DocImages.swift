import FeedbackLoop
import Foundation
import StreamCore
import StreamCoreTesting
import Testing

/// The pictures of the articles, drawn from what the library does: each marble diagram runs the
/// operator on a virtual-time ``TestScheduler`` with marble inputs and draws what it recorded;
/// the feedback-loop picture runs a small loop and draws its first states and events.
///
/// `WRITE_DOC_IMAGES=1 swift test --filter DocImageTests` rewrites the files; without it the test
/// fails when a committed image differs from the one the library draws today.
@Suite struct DocImageTests {
    @Test func committedImagesAreTheOnesTheLibraryDraws() throws {
        let write = ProcessInfo.processInfo.environment["WRITE_DOC_IMAGES"] == "1"
        for (path, svg) in try DocImages.all() {
            let url = Catalogs.root.appendingPathComponent(path)
            if write {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try svg.write(to: url, atomically: true, encoding: .utf8)
            } else {
                let committed = try? String(contentsOf: url, encoding: .utf8)
                #expect(committed == svg, "\(path) is stale: run WRITE_DOC_IMAGES=1 swift test --filter DocImageTests")
            }
        }
    }

    @Test func articlesShowOnlyImagesThatExist() throws {
        let images = Set(try DocImages.all().map { URL(fileURLWithPath: $0.path).lastPathComponent })
        for article in try Catalogs.articles() {
            let text = try String(contentsOf: Catalogs.root.appendingPathComponent(article.path), encoding: .utf8)
            for part in text.components(separatedBy: "](").dropFirst() {
                guard let name = part.components(separatedBy: ")").first, name.hasSuffix(".svg") else { continue }
                #expect(images.contains(name), "\(article.path) shows \(name), which no generator draws")
            }
        }
    }
}

/// The failure the pictures draw as a cross.
struct DrawnError: Error, Equatable, Sendable {}

/// One line of a marble diagram: what a signal did, tick by tick.
struct MarbleLine {
    var label: String
    var events: [Recorded<Signal<String, DrawnError>.Event>]
    /// The tick the observation started at (drawn as a small tick mark), when it is not 0.
    var start: Int = 0
}

extension MarbleLine {
    /// The line as a marble diagram, in the library's own notation.
    var marbles: String {
        Marbles.render(events, from: 0, values: [:])
    }
}

struct MarbleDiagram {
    var inputs: [MarbleLine]
    var operation: String
    var outputs: [MarbleLine]
    var ticks: Int
}

enum DocImages {
    static let streamCore = "Sources/StreamCore/StreamCore.docc/Resources/"
    static let feedbackLoop = "Sources/FeedbackLoop/FeedbackLoop.docc/Resources/"
    static let streamCoreTesting = "Sources/StreamCoreTesting/StreamCoreTesting.docc/Resources/"

    /// The diagram of the testing article's first test: its input and what debounce makes of it.
    static func debounceTest() throws -> MarbleDiagram {
        let scheduler = TestScheduler()
        let source = "-ab---c|"
        let output = run(try scheduler.coldSignal(source).debounce(for: .seconds(2), on: scheduler), on: scheduler)
        return MarbleDiagram(
            inputs: [try input(source, source)],
            operation: "debounce(for: .seconds(2), on: scheduler)",
            outputs: [MarbleLine(label: output.marbles, events: output.events)],
            ticks: 11
        )
    }

    /// Every image, by path from the package root.
    static func all() throws -> [(path: String, svg: String)] {
        var images = try marbles().map { name, diagram in (streamCore + "marble-\(name).svg", render(diagram)) }
        images.append((feedbackLoop + "feedback-loop.svg", FeedbackLoopImage.svg()))
        images.append((streamCoreTesting + "marble-debounce-test.svg", render(try debounceTest())))
        return images
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// A cold input drawn from its marbles, as the library parses them.
    static func input(_ marbles: String, _ label: String = "") throws -> MarbleLine {
        MarbleLine(label: label, events: try Marbles.parse(marbles, values: [:], error: DrawnError()))
    }

    /// Runs `signal` on `scheduler` until idle, and records it.
    static func run<S: SignalProtocol>(_ signal: S, on scheduler: TestScheduler) -> MarbleLine where S.Element: Sendable {
        runTogether(signal, on: scheduler, starts: [("", 0)])[0]
    }

    final class Recorder: @unchecked Sendable {
        // @unchecked Sendable: used only on the thread that runs the test scheduler.
        var events: [Recorded<Signal<String, DrawnError>.Event>] = []
        var observation: (any Disposable)?
        func append(_ event: Recorded<Signal<String, DrawnError>.Event>) { events.append(event) }
    }

    /// The operators the articles show, each run on its own scheduler.
    static func marbles() throws -> [(String, MarbleDiagram)] {
        func diagram(
            _ operation: String, ticks: Int, _ make: (TestScheduler) throws -> ([MarbleLine], [MarbleLine])
        ) throws -> MarbleDiagram {
            let (inputs, outputs) = try make(TestScheduler())
            return MarbleDiagram(inputs: inputs, operation: operation, outputs: outputs, ticks: ticks)
        }
        return [
            ("map", try diagram("map { $0 * 10 }", ticks: 9) { s in
                let source = "-1-2--3-|"
                let signal = try s.coldSignal(source).map { Int($0)! * 10 }
                return ([try input(source)], [run(signal, on: s)])
            }),
            ("filter", try diagram("filter { $0.isMultiple(of: 2) }", ticks: 11) { s in
                let source = "-1-2-3-4-5|"
                let signal = try s.coldSignal(source).filter { Int($0)!.isMultiple(of: 2) }
                return ([try input(source)], [run(signal, on: s)])
            }),
            ("scan", try diagram("scan(0, +)", ticks: 9) { s in
                let source = "-1-2--3-|"
                let signal = try s.coldSignal(source).scan(0) { $0 + Int($1)! }
                return ([try input(source)], [run(signal, on: s)])
            }),
            ("merge", try diagram("merge(with:)", ticks: 10) { s in
                let (a, b) = ("-a---b-c-|", "--x-y--|")
                let signal = try s.coldSignal(a).merge(with: try s.coldSignal(b))
                return ([try input(a), try input(b)], [run(signal, on: s)])
            }),
            ("combineLatest", try diagram("combineLatest(with:)", ticks: 10) { s in
                let (a, b) = ("-a---b-c-|", "--1-2----|")
                let signal = try s.coldSignal(a).combineLatest(with: try s.coldSignal(b)).map { $0 + $1 }
                return ([try input(a), try input(b)], [run(signal, on: s)])
            }),
            ("zip", try diagram("zip(with:)", ticks: 10) { s in
                let (a, b) = ("-a---b-c-|", "--1-2----|")
                let signal = try s.coldSignal(a).zip(with: try s.coldSignal(b)).map { $0 + $1 }
                return ([try input(a), try input(b)], [run(signal, on: s)])
            }),
            ("flatMapLatest", try diagram("flatMapLatest { inner -1-2-3| }", ticks: 14) { s in
                let outer = "-a---b------|"
                let inner = try s.coldSignal("-1-2-3|")
                let signal = try s.coldSignal(outer).flatMapLatest { letter in inner.map { letter + $0 } }
                return ([try input(outer)], [run(signal, on: s)])
            }),
            ("debounce", try diagram("debounce(for: 2 ticks)", ticks: 12) { s in
                let source = "-ab---c-de-|"
                let signal = try s.coldSignal(source).debounce(for: .seconds(2), on: s)
                return ([try input(source)], [run(signal, on: s)])
            }),
            ("throttle", try diagram("throttle(for: 3 ticks)", ticks: 12) { s in
                let source = "-abc--d-ef-|"
                let signal = try s.coldSignal(source).throttle(for: .seconds(3), on: s)
                return ([try input(source)], [run(signal, on: s)])
            }),
            ("recover", try diagram("recover(with: \"r\")", ticks: 8) { s in
                let source = "-a-b-#"
                let signal = try s.coldSignal(source, values: [:], error: DrawnError()).recover(with: "r")
                return ([try input(source)], [run(signal, on: s)])
            }),
            ("share", try diagram("share(limit: 1)", ticks: 11) { s in
                let source = "-a-b---c-|"
                let shared = try s.hotSignal(source).share(limit: 1)
                let lines = runTogether(shared, on: s, starts: [("observer 1", 0), ("observer 2", 5)])
                return ([try input(source, "source (hot)")], lines)
            }),
        ]
    }

    /// Observes `signal` once per start tick, all on one scheduler, and records each observation.
    static func runTogether<S: SignalProtocol>(
        _ signal: S, on scheduler: TestScheduler, starts: [(String, Int)]
    ) -> [MarbleLine] where S.Element: Sendable {
        let recorders = starts.map { _ in Recorder() }
        for (recorder, (_, start)) in zip(recorders, starts) {
            _ = scheduler.schedule(after: scheduler.tick * start) {
                recorder.observation = signal.observe { event in
                    let tick = scheduler.currentTick
                    switch event {
                    case .next(let element): recorder.append(Recorded(tick: tick, .next("\(element)")))
                    case .failed: recorder.append(Recorded(tick: tick, .failed(DrawnError())))
                    case .completed: recorder.append(Recorded(tick: tick, .completed))
                    }
                }
            }
        }
        _ = scheduler.run()
        return zip(recorders, starts).map { MarbleLine(label: $1.0, events: $0.events, start: $1.1) }
    }

    // MARK: Drawing

    static let tickWidth = 40
    static let left = 110
    static let lineHeight = 50

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func render(_ diagram: MarbleDiagram) -> String {
        let width = left + diagram.ticks * tickWidth + 30
        let boxHeight = 44
        let height = (diagram.inputs.count + diagram.outputs.count) * lineHeight + boxHeight + 30
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" font-family="Menlo, monospace" font-size="13">
            <rect width="\(width)" height="\(height)" fill="#ffffff"/>

            """
        var y = 30
        for line in diagram.inputs {
            svg += draw(line, y: y, ticks: diagram.ticks)
            y += lineHeight
        }
        svg += """
            <rect x="\(left - 10)" y="\(y - 22)" width="\(diagram.ticks * tickWidth + 20)" height="\(boxHeight)" \
            rx="6" fill="#eef3fb" stroke="#4a6fa5" stroke-width="1.5"/>
            <text x="\(left + diagram.ticks * tickWidth / 2)" y="\(y + 5)" text-anchor="middle" fill="#1d3557">\
            \(escape(diagram.operation))</text>

            """
        y += boxHeight + 6
        for line in diagram.outputs {
            svg += draw(line, y: y, ticks: diagram.ticks)
            y += lineHeight
        }
        return svg + "</svg>\n"
    }

    static func draw(_ line: MarbleLine, y: Int, ticks: Int) -> String {
        let x = { (tick: Int) in left + tick * tickWidth + tickWidth / 2 }
        let end = left + ticks * tickWidth + 10
        var svg = ""
        if !line.label.isEmpty {
            svg += "<text x=\"6\" y=\"\(y + 4)\" fill=\"#555555\" font-size=\"11\">\(escape(line.label))</text>\n"
        }
        let from = line.start == 0 ? left : x(line.start) - tickWidth / 2
        svg += "<line x1=\"\(from)\" y1=\"\(y)\" x2=\"\(end)\" y2=\"\(y)\" stroke=\"#333333\" stroke-width=\"1.5\"/>\n"
        svg += "<path d=\"M\(end) \(y - 5) L\(end + 10) \(y) L\(end) \(y + 5) Z\" fill=\"#333333\"/>\n"
        if line.start != 0 {
            svg += "<line x1=\"\(from)\" y1=\"\(y - 8)\" x2=\"\(from)\" y2=\"\(y + 8)\" stroke=\"#333333\" stroke-width=\"1\"/>\n"
        }
        var rightEdge: [Int: Int] = [:]  // per tick, where the last drawn event ends
        for recorded in line.events {
            let radius = recorded.value.element.map { max(14, 5 + 4 * $0.count) } ?? 0
            let cx = rightEdge[recorded.tick].map { $0 + (radius == 0 ? 9 : radius + 3) } ?? x(recorded.tick)
            rightEdge[recorded.tick] = cx + radius
            switch recorded.value {
            case .next(let value):
                svg += "<circle cx=\"\(cx)\" cy=\"\(y)\" r=\"\(radius)\" fill=\"#fcefb4\" stroke=\"#333333\" stroke-width=\"1.5\"/>\n"
                svg += "<text x=\"\(cx)\" y=\"\(y + 4)\" text-anchor=\"middle\" fill=\"#111111\">\(escape(value))</text>\n"
            case .completed:
                svg += "<line x1=\"\(cx)\" y1=\"\(y - 14)\" x2=\"\(cx)\" y2=\"\(y + 14)\" stroke=\"#333333\" stroke-width=\"3\"/>\n"
            case .failed:
                svg += "<path d=\"M\(cx - 9) \(y - 9) L\(cx + 9) \(y + 9) M\(cx + 9) \(y - 9) L\(cx - 9) \(y + 9)\" stroke=\"#c0392b\" stroke-width=\"3\"/>\n"
            }
        }
        return svg
    }
}
