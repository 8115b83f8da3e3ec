import Foundation

// What the report says about the machine and the run.

struct MachineInfo {
    var uname: String
    var cpu: String
    var cores: Int
    var memoryGiB: Double
    var loadAverage: String
    var swiftVersion: String
    var date: String

    static func current() -> MachineInfo {
        MachineInfo(
            uname: run("/usr/bin/env", ["uname", "-srmo"]) ?? "unknown",
            cpu: cpuModel() ?? "unknown",
            cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryGiB: Double(ProcessInfo.processInfo.physicalMemory) / 1_073_741_824,
            loadAverage: loadAverage(),
            swiftVersion: run("/usr/bin/env", ["swift", "--version"]).flatMap { $0.split(separator: "\n").first.map(String.init) }
                ?? compiledWith,
            date: ISO8601DateFormatter().string(from: Date()))
    }

    /// The compiler this executable was built with, from `#if compiler` (when `swift` is not on PATH).
    static var compiledWith: String {
        #if compiler(>=6.3)
        "Swift ≥ 6.3 compiler (from #if compiler)"
        #elseif compiler(>=6.0)
        "Swift 6.0–6.2 compiler (from #if compiler)"
        #else
        "Swift compiler < 6.0"
        #endif
    }

    /// The first line of a command's standard output, nil when it cannot run or fails.
    static func run(_ path: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    static func cpuModel() -> String? {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        let line = info.split(separator: "\n").first { $0.hasPrefix("model name") }
        return line?.split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces)
    }

    static func loadAverage() -> String {
        var loads = [Double](repeating: 0, count: 3)
        guard getloadavg(&loads, 3) == 3 else { return "unknown" }
        return loads.map { String(format: "%.2f", $0) }.joined(separator: " ")
    }
}
