import FeedbackLoop
import Foundation
import StreamCore

/// The feedback-loop picture: the cycle state → feedbacks → event → reducer → state, and below
/// it the first iterations of a real counter loop, as the loop ran them.
enum FeedbackLoopImage {
    enum Event: String, Sendable { case increment, reset }

    final class Trace: @unchecked Sendable {
        // @unchecked Sendable: the loop runs synchronously on the test's thread (.immediate).
        var steps: [(state: Int, event: String?)] = []
    }

    /// Runs a counter that counts to 3 and records each state and the event a feedback answered.
    static func run() -> [(state: Int, event: String?)] {
        let trace = Trace()
        let system = Signal<Int, Never>.system(
            initial: 0,
            reduce: { (count: Int, event: Event) in event == .increment ? count + 1 : 0 },
            feedbacks: [
                Feedback(reacting: { count in
                    let event: Event? = count < 3 ? .increment : nil
                    trace.steps.append((count, event?.rawValue))
                    return event
                }),
            ]
        )
        system.observeNext { _ in }.dispose()
        return trace.steps
    }

    static func svg() -> String {
        let steps = run()
        let width = 640
        let height = 330
        func box(_ x: Int, _ y: Int, _ w: Int, _ title: String, _ detail: String, fill: String) -> String {
            """
            <rect x="\(x)" y="\(y)" width="\(w)" height="54" rx="8" fill="\(fill)" stroke="#4a6fa5" stroke-width="1.5"/>
            <text x="\(x + w / 2)" y="\(y + 23)" text-anchor="middle" font-weight="bold" fill="#1d3557">\(title)</text>
            <text x="\(x + w / 2)" y="\(y + 42)" text-anchor="middle" font-size="11" fill="#333333">\(DocImages.escape(detail))</text>

            """
        }
        func arrow(_ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int, _ label: String) -> String {
            """
            <line x1="\(x1)" y1="\(y1)" x2="\(x2)" y2="\(y2)" stroke="#333333" stroke-width="1.5" marker-end="url(#head)"/>
            <text x="\((x1 + x2) / 2 + (y1 == y2 ? 0 : 8))" y="\((y1 + y2) / 2 + (y1 == y2 ? -8 : 4))" \
            text-anchor="\(y1 == y2 ? "middle" : "start")" font-size="11" fill="#555555">\(label)</text>

            """
        }
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            font-family="Helvetica, Arial, sans-serif" font-size="13">
            <defs><marker id="head" markerWidth="10" markerHeight="8" refX="9" refY="4" orient="auto">\
            <path d="M0 0 L10 4 L0 8 Z" fill="#333333"/></marker></defs>
            <rect width="\(width)" height="\(height)" fill="#ffffff"/>

            """
        svg += box(30, 20, 200, "State", "Signal<State, Never>", fill: "#fcefb4")
        svg += box(410, 20, 200, "Feedbacks", "(State) -> Signal<Event, Never>", fill: "#eef3fb")
        svg += box(410, 140, 200, "Event", "queued, one at a time", fill: "#eef3fb")
        svg += box(30, 140, 200, "Reducer", "(State, Event) -> State", fill: "#eef3fb")
        svg += arrow(230, 47, 408, 47, "each new state")
        svg += arrow(510, 74, 510, 138, "effects")
        svg += arrow(410, 167, 232, 167, "reduce")
        svg += arrow(130, 140, 130, 76, "next state")
        svg += """
            <text x="40" y="236" font-weight="bold" fill="#1d3557">A real run: Feedback(reacting: { $0 &lt; 3 ? .increment : nil })</text>

            """
        // The trace: state, then the event the feedback answered, from the recorded run.
        var x = 40
        for (index, step) in steps.enumerated() {
            svg += """
                <circle cx="\(x + 16)" cy="\(275)" r="16" fill="#fcefb4" stroke="#333333" stroke-width="1.5"/>
                <text x="\(x + 16)" y="\(280)" text-anchor="middle">\(step.state)</text>

                """
            if let event = step.event, index + 1 < steps.count {
                svg += arrow(x + 34, 275, x + 124, 275, event)
            } else {
                svg += "<text x=\"\(x + 40)\" y=\"280\" font-size=\"11\" fill=\"#555555\">no event: the loop is idle</text>\n"
            }
            x += 126
        }
        return svg + "</svg>\n"
    }
}
