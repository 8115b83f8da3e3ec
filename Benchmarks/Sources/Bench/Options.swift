import Foundation

/// The command line: flags of a benchmark run, or one profiling/probe mode.
struct Options {
    enum Mode: Equatable {
        case suite
        /// Runs one workload in a loop for a profiler (`--profile-w1` …).
        case profile(String)
        /// Internal: runs one W10 cell once and prints its peak memory (used by the suite itself).
        case memoryProbe(String)
        /// Internal: runs one counted cell once under valgrind (`--count ID COLUMN N`).
        case count(id: String, column: String, n: Int)
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
    /// `--only`: workload ids (or groups: "W3", "W9") to run; nil = all.
    var filter: [String]?
    /// Whether to count instructions (valgrind) and to run the timed suite.
    var countInstructions = true
    var timed = true
    /// valgrind processes at a time (`--jobs`).
    var jobs = 2
    /// Columns whose instructions are counted.
    var columns: [CountedColumn] = CountedColumn.allCases
    /// `--check-instructions FILE`: report every toolkit cell against FILE; fail only past +25 %.
    var instructionReference: String?
    /// `--check-ratios`: fail when a cell misses its toolkit ÷ baseline target or its lead over
    /// OpenCombine's column (Gate.swift).
    var checkRatios = false
    /// `--write-instruction-reference FILE`: record the toolkit cells as the new reference.
    var writeInstructionReference: String?

    static let profiles = ["w1", "w2", "w4", "w4b", "w8"]

    static let usage = """
        usage: bench [--quick] [--only W1,W9,...] [--instructions-only | --no-instructions]
                     [--columns toolkit,baseline,opencombine] [--jobs N] [--check-allocations] [--check-ratios]
                     [--check-instructions FILE] [--write-instruction-reference FILE]
                     [--output DIR] [--no-report]
               bench --profile-w1|--profile-w2|--profile-w4|--profile-w4b|--profile-w8
               bench --count-w8l toolkit|baseline|w8|w8-baseline ENTRIES DISPATCHES

          --quick              smaller sizes (timed: a tenth, 3 repetitions; counted: a tenth of the full
                               counted sizes)
          --only LIST          only these workloads (comma-separated ids; a group id such as W3 or W9
                               selects W3-10… or W9-predicate too); no report files unless --output
          --instructions-only  count instructions only (no timed suite, no memory probes)
          --no-instructions    skip the valgrind counts (time and allocations only)
          --columns LIST       columns to count (default all three)
          --jobs N             valgrind processes at a time (default 2; the counts do not depend on it)
          --check-allocations  exit 1 when a ReactiveToolkit cell allocates more per unit than its ceiling
          --check-ratios       exit 1 when a cell's toolkit ÷ baseline exceeds its target (W1–W8 2×,
                               W4b 1.5×, W9 10×, W9-predicate 25×) or OpenCombine ÷ toolkit is
                               under 3× (2.5× for W8's hand-written store); needs all columns
          --check-instructions FILE
                               print every ReactiveToolkit cell against FILE (change in %); exit 1
                               only for a rise of more than 25 % (the cell is named)
          --write-instruction-reference FILE
                               record the counted ReactiveToolkit cells in FILE
          --output DIR         write results.md, results.svg and results.json into DIR
                               (default: Benchmarks/results)
          --no-report          print the tables only, write no files
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
            case "--check-ratios": options.checkRatios = true
            case "--no-report": options.writeReport = false
            case "--instructions-only": options.timed = false
            case "--no-instructions": options.countInstructions = false
            case "--only", "--columns", "--check-instructions", "--write-instruction-reference":
                guard let value = rest.popFirst(), !value.isEmpty, !value.hasPrefix("--") else {
                    return .failure(UsageError(message: "\(argument) needs a value"))
                }
                switch argument {
                case "--only": options.filter = value.split(separator: ",").map(String.init)
                case "--columns":
                    let columns = value.split(separator: ",").map { CountedColumn(rawValue: String($0)) }
                    guard !columns.contains(where: { $0 == nil }) else {
                        return .failure(UsageError(message: "--columns takes toolkit, baseline, opencombine"))
                    }
                    options.columns = columns.compactMap { $0 }
                case "--check-instructions": options.instructionReference = value
                default: options.writeInstructionReference = value
                }
            case "--jobs":
                guard let jobs = rest.popFirst().flatMap({ Int($0) }), jobs > 0 else {
                    return .failure(UsageError(message: "--jobs needs a positive number"))
                }
                options.jobs = jobs
            case "--count":
                guard let id = rest.popFirst(), let column = rest.popFirst(), let n = rest.popFirst().flatMap({ Int($0) }) else {
                    return .failure(UsageError(message: "--count needs ID COLUMN N"))
                }
                options.mode = .count(id: id, column: column, n: n)
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
        if options.filter != nil, options.outputDirectory == nil { options.writeReport = false }
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
