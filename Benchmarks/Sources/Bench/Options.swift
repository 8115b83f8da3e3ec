import Foundation

/// The command line: flags of a benchmark run, or one profiling/probe mode.
struct Options {
    enum Mode: Equatable {
        case suite
        /// Runs one workload in a loop for a profiler (`--profile-w1` …).
        case profile(String)
        /// Internal: runs one W10 cell once and prints its peak memory (used by the suite itself).
        case memoryProbe(String)
        /// Runs one W8L cell once for callgrind: cell, entries, dispatches (`--count-w8l`).
        case countW8L(cell: String, entries: Int, dispatches: Int)
    }

    var mode: Mode = .suite
    var quick = false
    var checkAllocations = false
    /// Where `results.md` and `results.svg` go; nil = the default `Benchmarks/results/`.
    var outputDirectory: String?
    /// Whether to write the report files.
    var writeReport = true

    static let profiles = ["w1", "w2", "w4", "w4b", "w8"]

    static let usage = """
        usage: bench [--quick] [--check-allocations] [--output DIR] [--no-report]
               bench --profile-w1|--profile-w2|--profile-w4|--profile-w4b|--profile-w8
               bench --count-w8l toolkit|baseline|w8|w8-baseline ENTRIES DISPATCHES

          --quick              a tenth of the sizes, 3 repetitions (CI; about 10 s)
          --check-allocations  exit 1 when a ReactiveToolkit cell allocates more per unit than its ceiling
          --output DIR         write results.md and results.svg into DIR (default: Benchmarks/results)
          --no-report          print the table only, write no files
          --profile-NAME       run one workload repeatedly for a profiler, print its checksum
          --count-w8l ...      run one W8L cell once (for callgrind; Scripts/count-w8l.sh)
          --help               this text
        """

    /// Parses `arguments` (without the program name); nil with a message for bad arguments.
    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--quick": options.quick = true
            case "--check-allocations": options.checkAllocations = true
            case "--no-report": options.writeReport = false
            case "--help", "-h": return .failure(UsageError(message: nil))
            case "--output":
                guard let directory = rest.popFirst(), !directory.isEmpty, !directory.hasPrefix("--") else {
                    return .failure(UsageError(message: "--output needs a directory"))
                }
                options.outputDirectory = directory
            case "--count-w8l":
                guard let cell = rest.popFirst(), let entries = rest.popFirst().flatMap({ Int($0) }),
                    let dispatches = rest.popFirst().flatMap({ Int($0) }), entries > 0, dispatches > 0
                else { return .failure(UsageError(message: "--count-w8l needs a cell, entries and dispatches")) }
                options.mode = .countW8L(cell: cell, entries: entries, dispatches: dispatches)
            case "--memory-probe":
                guard let cell = rest.popFirst() else { return .failure(UsageError(message: "--memory-probe needs a cell")) }
                options.mode = .memoryProbe(cell)
            default:
                if argument.hasPrefix("--profile-"), profiles.contains(String(argument.dropFirst(10))) {
                    options.mode = .profile(String(argument.dropFirst(10)))
                } else {
                    return .failure(UsageError(message: "unknown argument: \(argument)"))
                }
            }
        }
        return .success(options)
    }
}

struct UsageError: Error {
    /// nil for `--help` (usage on stdout, exit 0).
    var message: String?
}

/// Parses the process's arguments; prints usage and exits (2 on bad arguments, 0 for --help).
func parseCommandLineOrExit() -> Options {
    switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
    case .success(let options):
        return options
    case .failure(let error):
        if let message = error.message {
            FileHandle.standardError.write(Data("bench: \(message)\n\n\(Options.usage)\n".utf8))
            exit(2)
        }
        print(Options.usage)
        exit(0)
    }
}
