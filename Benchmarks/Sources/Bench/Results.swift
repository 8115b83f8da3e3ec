import Foundation

// results.json, the instruction table of results.md and the CI gate's reference file. One record
// per counted workload: instructions and allocations per unit (valgrind, differenced), and the
// timed suite's ns per unit from the same run where the timed suite ran.

/// Per-column figures of one record; nil where a column has no body or was not run.
struct ColumnFigures: Codable, Equatable {
    var toolkit: Double?
    var baseline: Double?
    var opencombine: Double?

    subscript(column: CountedColumn) -> Double? {
        get {
            switch column {
            case .toolkit: toolkit
            case .baseline: baseline
            case .openCombine: opencombine
            }
        }
        set {
            switch column {
            case .toolkit: toolkit = newValue
            case .baseline: baseline = newValue
            case .openCombine: opencombine = newValue
            }
        }
    }
}

/// One object of results.json.
struct ResultRecord: Codable, Equatable {
    var workload: String
    var unit: String
    /// "loop", "mini" or "bare".
    var baselineKind: String
    /// The two sizes whose counts were differenced (larger first).
    var sizes: [Int]
    var instructions: ColumnFigures
    var allocations: ColumnFigures
    /// Median ns per unit of the timed suite (secondary; noisy on shared machines).
    var timeNs: ColumnFigures?
    /// toolkit ÷ baseline instructions.
    var ratio: Double?
    var note: String?

    enum CodingKeys: String, CodingKey {
        case workload, unit, sizes, instructions, allocations, ratio, note
        case baselineKind = "baseline_kind"
        case timeNs = "time_ns"
    }
}

/// Builds the records from the counts and (when the timed suite ran) the timed rows.
func resultRecords(_ counted: [CountedResult], rows: [Row]) -> [ResultRecord] {
    counted.map { result in
        var instructions = ColumnFigures()
        var allocations = ColumnFigures()
        for (column, cell) in result.cells {
            instructions[column] = (cell.instructions * 10).rounded() / 10
            allocations[column] = (cell.allocations * 10_000).rounded() / 10_000
        }
        let row = rows.first { $0.countedID == result.workload.id }
        let timeNs = row.map { row in
            ColumnFigures(
                toolkit: row.toolkit.measurement?.nsPerUnit, baseline: row.baseline.nsPerUnit,
                opencombine: row.openCombine.measurement?.nsPerUnit)
        }
        var ratio: Double?
        if let toolkit = instructions.toolkit, let baseline = instructions.baseline, baseline > 0 {
            ratio = (toolkit / baseline * 100).rounded() / 100
        }
        return ResultRecord(
            workload: result.workload.id, unit: result.workload.unit, baselineKind: result.workload.baselineName,
            sizes: [result.sizes.0, result.sizes.1], instructions: instructions, allocations: allocations,
            timeNs: timeNs, ratio: ratio, note: result.workload.note)
    }
}

func encodeJSON<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
}

/// The instruction table (primary figures) as markdown.
func instructionTable(_ records: [ResultRecord]) -> String {
    func number(_ value: Double?) -> String { value.map(format) ?? "–" }
    func allocs(_ value: Double?) -> String { value.map(formatAllocs) ?? "–" }
    var lines = [
        "| workload | unit | baseline | ReactiveToolkit | OpenCombine | toolkit ÷ baseline | OpenCombine ÷ toolkit | toolkit allocs | baseline allocs | OpenCombine allocs | toolkit ns | baseline ns |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for record in records {
        let i = record.instructions
        let ocRatio = (i.opencombine != nil && (i.toolkit ?? 0) > 0) ? formatRatio(i.opencombine! / i.toolkit!) : "–"
        lines.append("| \(record.workload) | \(record.unit) | \(number(i.baseline)) (\(record.baselineKind)) | \(number(i.toolkit)) | \(number(i.opencombine)) | \(record.ratio.map(formatRatio) ?? "–") | \(ocRatio) | \(allocs(record.allocations.toolkit)) | \(allocs(record.allocations.baseline)) | \(allocs(record.allocations.opencombine)) | \(number(record.timeNs?.toolkit)) | \(number(record.timeNs?.baseline)) |")
    }
    return lines.joined(separator: "\n")
}

// MARK: The CI gate

/// The reference file: toolkit instructions per unit of each counted cell at the quick sizes.
struct InstructionReference: Codable {
    var comment: String
    var sizes: String
    var toolkit: [String: Double]
}

/// A rise over the reference that still only reports: the gate protects simplicity as well as
/// speed (a clearer version that costs a few percent lands); the ratio and peer-lead gates
/// (`Gate.swift`) protect what users measure. Only a rise past this fails, so that a change that
/// makes a cell several times slower is named even where no ratio target covers it (W11).
let instructionRiseLimit = 0.25

/// Compares the counted toolkit cells with the reference: one report line per cell (the change
/// in %), and a failure only for a rise past ``instructionRiseLimit``.
func checkInstructions(_ records: [ResultRecord], reference: InstructionReference) -> (failures: [String], report: [String]) {
    var failures: [String] = []
    var report: [String] = ["| cell | reference | now | change |", "|---|---:|---:|---:|"]
    for record in records {
        guard let measured = record.instructions.toolkit else { continue }
        guard let expected = reference.toolkit[record.workload] else {
            report.append("| \(record.workload) | – | \(format(measured)) | no reference |")
            continue
        }
        let change = (measured - expected) / max(expected, 0.001)
        report.append("| \(record.workload) | \(format(expected)) | \(format(measured)) | \(String(format: "%+.1f", change * 100)) % |")
        if change > instructionRiseLimit {
            failures.append("\(record.workload) (toolkit): \(format(measured)) instructions per \(record.unit), reference \(format(expected)): +\(String(format: "%.0f", change * 100)) % > \(Int(instructionRiseLimit * 100)) %")
        }
    }
    return (failures, report)
}

func readInstructionReference(_ path: String) throws -> InstructionReference {
    try JSONDecoder().decode(InstructionReference.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
}

func writeInstructionReference(_ records: [ResultRecord], to path: String, quick: Bool) throws {
    var toolkit: [String: Double] = [:]
    if let existing = try? readInstructionReference(path) { toolkit = existing.toolkit }
    for record in records { toolkit[record.workload] = record.instructions.toolkit }
    let reference = InstructionReference(
        comment: "ReactiveToolkit instructions per unit (valgrind callgrind, differenced between two sizes) that `bench --check-instructions` reports each cell against (the change in %); only a rise of more than 25 % fails CI. Regenerate with Scripts/bench.sh --quick --instructions-only --columns toolkit --write-instruction-reference Benchmarks/instructions-reference.json",
        sizes: quick ? "quick" : "full", toolkit: toolkit)
    try encodeJSON(reference).write(toFile: path, atomically: true, encoding: .utf8)
}
