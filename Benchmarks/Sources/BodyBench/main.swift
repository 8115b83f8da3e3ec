// The response-size limit's memory benchmark: a 200 MB body from a server on 127.0.0.1, once with
// `Content-Length` and once with `Transfer-Encoding: chunked`, fetched through
// `URLSessionConnection` with a `maximumResponseSize` of 1 MiB and of 32 MiB. Every fetch must end
// in `responseTooLarge`; the figure is the peak resident memory during the fetch above the
// resident memory just before it (Linux: `VmHWM` after resetting it through
// `/proc/self/clear_refs`, against `VmRSS`), and how many body bytes the server got to send.
// Results: Docs/benchmarks/response-size-limit.md.
// Usage: swift build -c release --product body-bench && ./.build/release/body-bench [--runs N]
import Dispatch
import Foundation
import LoadingState
import StreamCore
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

let mebibyte = 1024 * 1024
let bodySize = 200 * 1_000_000

var runs = 5
var child: Case?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--runs", let value = arguments.popFirst().flatMap(Int.init), value > 0 {
        runs = value
    } else if argument == "--one", let framing = arguments.popFirst().flatMap(BodyServer.Framing.init(rawValue:)),
        let limit = arguments.popFirst().flatMap(Int.init)
    {
        child = Case(framing: framing, limit: limit)
    } else {
        FileHandle.standardError.write(Data("usage: body-bench [--runs N]\n".utf8))
        exit(2)
    }
}

struct Case {
    var framing: BodyServer.Framing
    var limit: Int
}

/// Fetches one oversize body; returns (rest RSS, peak RSS above rest, body bytes the server sent).
func fetch(_ testCase: Case, from server: BodyServer) -> (rest: Int, increase: Int, sent: Int) {
    let connection = URLSessionConnection(
        baseURL: server.baseURL, timeout: 30, deadline: 120, maximumResponseSize: testCase.limit)
    // One small fetch first, so that the session machinery and libcurl are loaded before the measurement.
    let warmedUp = DispatchSemaphore(value: 0)
    let warmUp = connection.data(for: Resource(path: "small")).observe { if $0.isTerminal { warmedUp.signal() } }
    warmedUp.wait()
    warmUp.dispose()
    server.waitUntilIdle()
    let finished = DispatchSemaphore(value: 0)
    let outcome = LockedBox<Signal<Data, FlowError>.Event?>(nil)
    let sentBefore = server.bodyBytesSent
    let rest = Memory.residentBytes()
    Memory.resetPeak()
    let disposable = connection.data(for: Resource(path: testCase.framing.rawValue)).observe { event in
        guard event.isTerminal else { return }
        outcome.set(event)
        finished.signal()
    }
    finished.wait()
    let peak = Memory.peakResidentBytes()
    disposable.dispose()
    server.waitUntilIdle()
    guard case .failed(.responseTooLarge(let limit))? = outcome.get(), limit == testCase.limit else {
        FileHandle.standardError.write(Data("CHECK FAIL: \(testCase) ended with \(String(describing: outcome.get()))\n".utf8))
        exit(1)
    }
    return (rest, max(0, peak - rest), server.bodyBytesSent - sentBefore)
}

signal(SIGPIPE, SIG_IGN)

if let child {
    // One measurement in a fresh process: memory freed by an earlier fetch stays resident (the
    // allocator keeps it), which would hide the next fetch's peak.
    let server = try BodyServer(bodySize: bodySize)
    let result = fetch(child, from: server)
    print("\(result.rest) \(result.increase) \(result.sent)")
    exit(0)
}

let cases = [
    Case(framing: .contentLength, limit: mebibyte), Case(framing: .chunked, limit: mebibyte),
    Case(framing: .contentLength, limit: 32 * mebibyte), Case(framing: .chunked, limit: 32 * mebibyte),
]

func runChild(_ testCase: Case) -> (rest: Int, increase: Int, sent: Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    if !CommandLine.arguments[0].contains("/") {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }
    process.arguments = ["--one", testCase.framing.rawValue, String(testCase.limit)]
    let pipe = Pipe()
    process.standardOutput = pipe
    do { try process.run() } catch {
        FileHandle.standardError.write(Data("CHECK FAIL: cannot start the measuring process: \(error)\n".utf8))
        exit(1)
    }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let fields = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    guard process.terminationStatus == 0, fields.count == 3 else { exit(1) }
    return (fields[0], fields[1], fields[2])
}

func mib(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / Double(mebibyte)) }
func median(_ values: [Int]) -> Int { values.sorted()[values.count / 2] }

print("body \(bodySize) bytes, \(runs) runs per case, each in a fresh process; MiB = 2^20 bytes")
print("| framing | limit | rest RSS (MiB, median) | peak above rest (MiB): median | min–max | body sent by the server (MiB): median | max |")
print("|---|---:|---:|---:|---:|---:|---:|")
for testCase in cases {
    var results: [(rest: Int, increase: Int, sent: Int)] = []
    for _ in 0..<runs { results.append(runChild(testCase)) }
    let increases = results.map(\.increase)
    let sent = results.map(\.sent)
    let framing = testCase.framing == .chunked ? "chunked" : "Content-Length"
    print(
        "| \(framing) | \(testCase.limit / mebibyte) MiB | \(mib(median(results.map(\.rest)))) | \(mib(median(increases))) "
            + "| \(mib(increases.min() ?? 0))–\(mib(increases.max() ?? 0)) | \(mib(median(sent))) | \(mib(sent.max() ?? 0)) |")
}
