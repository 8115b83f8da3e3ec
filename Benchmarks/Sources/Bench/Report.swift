import Foundation

// results.md: the workload table, growth factors, W10 memory, the machine and the date.

func format(_ value: Double) -> String {
    if value >= 100 { return String(Int(value.rounded())) }
    if value >= 10 { return String(format: "%.1f", value) }
    return String(format: "%.2f", value)
}

func formatRatio(_ value: Double) -> String {
    value >= 10 ? "\(Int(value.rounded()))×" : String(format: "%.1f×", value)
}

func formatAllocs(_ value: Double) -> String {
    value == 0 ? "0" : (value < 0.01 ? String(format: "%.4f", value) : String(format: "%.2f", value))
}

extension Cell {
    /// "12.6 (12.5–12.8)", "pending" or "n/a".
    var nsText: String {
        switch self {
        case .measured(let m): return "\(format(m.nsPerUnit)) (\(format(m.minNs))–\(format(m.maxNs)))"
        case .pending: return "pending"
        case .notApplicable: return "n/a"
        }
    }

    var allocsText: String {
        switch self {
        case .measured(let m): return formatAllocs(m.allocsPerUnit)
        case .pending: return "pending"
        case .notApplicable: return "n/a"
        }
    }
}

/// Ratio of two cells' medians as text, "–" when either is missing.
func ratioText(_ numerator: Measurement?, _ denominator: Measurement?) -> String {
    guard let numerator, let denominator else { return "–" }
    return formatRatio(numerator.nsPerUnit / max(denominator.nsPerUnit, 0.001))
}

/// The workload table (also printed on stdout).
func workloadTable(_ rows: [Row]) -> String {
    var lines = [
        "| workload | N | baseline ns | ReactiveToolkit ns (min–max) | OpenCombine ns (min–max) | toolkit / baseline | OpenCombine / toolkit | toolkit allocs/unit | OpenCombine allocs/unit | check |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for row in rows {
        let check = row.checksPassed ? "ok" : "CHECK FAIL"
        lines.append("| \(row.name) | \(shortSize(row.units)) | \(format(row.baseline.nsPerUnit)) (\(row.baselineName)) | \(row.toolkit.nsText) | \(row.openCombine.nsText) | \(ratioText(row.toolkit.measurement, row.baseline)) | \(ratioText(row.openCombine.measurement, row.toolkit.measurement)) | \(row.toolkit.allocsText) | \(row.openCombine.allocsText) | \(check) |")
    }
    return lines.joined(separator: "\n")
}

/// Growth factors of the W3, W4b and W9 series, each size against the smallest.
func growthTable(_ rows: [Row]) -> String {
    var lines = [
        "| series | compared | measure | ideal | baseline | ReactiveToolkit | OpenCombine |",
        "|---|---|---|---|---|---|---|",
    ]
    let seriesNames = rows.compactMap { $0.series?.series }.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    for name in seriesNames {
        let points = rows.filter { $0.series?.series == name }.sorted { ($0.series?.parameter ?? 0) < ($1.series?.parameter ?? 0) }
        guard let first = points.first, let firstPoint = first.series else { continue }
        for row in points.dropFirst() {
            guard let point = row.series else { continue }
            func growth(_ a: Measurement?, _ b: Measurement?) -> String {
                guard let a, let b else { return "–" }
                switch point.kind {
                case .perUnit: return formatRatio(a.nsPerUnit / max(b.nsPerUnit, 0.001))
                case .total:
                    return formatRatio((a.nsPerUnit * Double(row.units)) / max(b.nsPerUnit * Double(first.units), 0.001))
                }
            }
            let measureText = point.kind == .perUnit ? "ns per unit" : "total time"
            let ideal = point.kind == .perUnit ? "1×" : formatRatio(Double(point.parameter) / Double(firstPoint.parameter))
            lines.append("| \(name) | \(shortSize(point.parameter)) vs \(shortSize(firstPoint.parameter)) | \(measureText) | \(ideal) | \(growth(row.baseline, first.baseline)) | \(growth(row.toolkit.measurement, first.toolkit.measurement)) | \(growth(row.openCombine.measurement, first.openCombine.measurement)) |")
        }
    }
    let totals = rows.filter { $0.series?.kind == .total }.map { row -> String in
        func ms(_ m: Measurement?) -> String { m.map { String(format: "%.2f ms", $0.nsPerUnit * Double(row.units) / 1e6) } ?? "–" }
        return "\(row.id): baseline \(ms(row.baseline)), ReactiveToolkit \(ms(row.toolkit.measurement)), OpenCombine \(ms(row.openCombine.measurement))"
    }
    if !totals.isEmpty { lines.append("\nW4b total time (both phases, median): " + totals.joined(separator: "; ") + ".") }
    let splits = rows.compactMap { row -> String? in
        guard let split = row.phaseSplit, split.count == 3 else { return nil }
        let text = zip(["baseline", "ReactiveToolkit", "OpenCombine"], split).map { name, phases in
            "\(name) " + phases.map { String(format: "%.2f", $0) }.joined(separator: " + ") + " ms"
        }
        return "\(row.id): " + text.joined(separator: ", ")
    }
    if !splits.isEmpty {
        lines.append("\nW4b phase 1 (subscribe) + phase 2 (shuffled dispose), one extra run: " + splits.joined(separator: "; ") + ".")
    }
    return lines.joined(separator: "\n")
}

func memoryTable(_ results: [(MemoryProbe, MemoryResult)], rows: [Row]) -> String {
    var lines = [
        "| workload | column | mallocs per unit | RSS before (MiB) | peak RSS (MiB) | growth (MiB) | ru_maxrss (MiB) |",
        "|---|---|---|---|---|---|---|",
    ]
    for (probe, result) in results {
        let row = rows.first { $0.id == probe.rowID }
        let cell: Cell? = switch probe.column {
        case "baseline": row.map { .measured($0.baseline) }
        case "toolkit": row?.toolkit
        default: row?.openCombine
        }
        let mallocs = cell?.allocsText ?? "–"
        let column = probe.column == "toolkit" ? "ReactiveToolkit" : (probe.column == "opencombine" ? "OpenCombine" : "baseline (\(row?.baselineName ?? "loop"))")
        switch result {
        case .measured(let before, let peak, let maxrss):
            func mib(_ kib: Int) -> String { String(format: "%.1f", Double(kib) / 1024) }
            lines.append("| \(probe.workload) | \(column) | \(mallocs) | \(mib(before)) | \(mib(peak)) | \(mib(max(peak - before, 0))) | \(mib(maxrss)) |")
        case .pending:
            lines.append("| \(probe.workload) | \(column) | pending | pending | pending | pending | pending |")
        case .failed(let reason):
            lines.append("| \(probe.workload) | \(column) | \(mallocs) | failed: \(reason) | – | – | – |")
        }
    }
    return lines.joined(separator: "\n")
}

/// A warning paragraph when other work was competing for the cores during the run.
func loadWarning(_ machine: MachineInfo) -> String {
    // The 1-minute figure at the start and at the end ("a b c at the start, d e f at the end").
    let loads = machine.loadAverage.components(separatedBy: ", ").compactMap { $0.split(separator: " ").first.flatMap { Double($0) } }
    guard let highest = loads.max(), highest > Double(machine.cores) else { return "" }
    return "**Warning**: the 1-minute load average (up to \(String(format: "%.1f", highest))) exceeded the \(machine.cores) cores during this run: "
        + "other work shared the CPU, so times are inflated and noisy (ratios within one row suffer least). Re-run on an idle machine for reference figures.\n\n"
}

func markdownReport(
    records: [ResultRecord], rows: [Row], memory: [(MemoryProbe, MemoryResult)], machine: MachineInfo, sizes: Sizes,
    seconds: Double
) -> String {
    let notes = rows.compactMap { row -> String? in
        var parts: [String] = []
        if let note = row.note { parts.append(note) }
        if case .notApplicable(let reason) = row.openCombine { parts.append("OpenCombine n/a: \(reason)") }
        if case .pending = row.toolkit { parts.append("ReactiveToolkit pending: hook `w9Toolkit(iterations:)` in LoopWorkloads.swift not implemented yet") }
        return parts.isEmpty ? nil : "- \(row.name): \(parts.joined(separator: "; "))."
    }
    let sizesText = sizes.quick
        ? "quick (timed: a tenth of the WORKLOADS.md sizes, 3 repetitions; counted: a hundredth and a thousandth of N)"
        : "full (timed: WORKLOADS.md sizes, 5 repetitions; counted: a tenth and a hundredth of N)"
    var sections = [
        """
        # ReactiveToolkit benchmark results

        - Date: \(machine.date)
        - Machine: \(machine.uname); \(machine.cpu); \(machine.cores) cores; \(String(format: "%.0f", machine.memoryGiB)) GiB; load average (1/5/15 min) \(machine.loadAverage)
        - Swift: \(machine.swiftVersion); release build; OpenCombine 0.14.0
        - Mode: \(sizesText); run time \(Int(seconds.rounded())) s
        - Command: `Scripts/bench.sh\(sizes.quick ? " --quick" : "")\(sizes.filter.map { " --only " + $0.joined(separator: ",") } ?? "") --output Docs/benchmarks` (see Docs/Benchmarks.md)

        """,
    ]
    if !records.isEmpty {
        sections.append("""
            ## Instructions per unit (primary figure)

            valgrind callgrind, counting only inside the workload body (`--toggle-collect` on the harness's
            `countedRegion`), each cell in its own process at two sizes N1 > N2 (the `sizes` in results.json):
            instructions per unit = (I(N1) − I(N2)) / (units(N1) − units(N2)), so start-up, one-time
            metadata instantiation and fixed setup cancel. Allocations per unit are differenced the same way.
            The counted copy of the executable has its debug info stripped (`objcopy --strip-debug`); hashing
            is deterministic (`SWIFT_DETERMINISTIC_HASHING=1`). The time columns are the timed suite's medians
            from the same run (secondary: wall-clock on a shared machine moves by 2× between runs).

            \(instructionTable(records))

            \(records.compactMap { r in r.note.map { "- \(r.workload): \($0)." } }.joined(separator: "\n"))

            """)
    }
    if !rows.isEmpty {
        sections.append("""
            ## Time per unit (secondary)

            \(loadWarning(machine))Times are ns per unit (median of the repetitions, min–max in parentheses), allocations are mallocs per
            unit (fewest over the repetitions). The baseline is a plain loop ("loop"), the unsynchronised slot-list
            subject ("mini") or a bare closure call ("bare") measured in the same run. Ratios above 1× mean slower.

            \(workloadTable(rows))

            \(notes.joined(separator: "\n"))

            ## Growth factors

            \(growthTable(rows))

            """)
    }
    if !memory.isEmpty {
        sections.append("""
            ## W10 memory

            Each cell runs once, at the size of the timed table (W9: the smaller size), in a fresh child process of
            the suite. "RSS before" is its resident size before the workload; the peak is the kernel's high-water
            mark (VmHWM), reset just before the workload, so growth = peak − RSS before is what the workload added
            at its highest. getrusage `ru_maxrss` is shown too, but on Linux a spawned process inherits the
            spawning process's peak into it, so it overstates small workloads.

            \(memoryTable(memory, rows: rows))

            """)
    }
    sections.append("""
        ## Chart

        ![\(records.isEmpty ? "ns" : "instructions") per unit, log scale](results.svg)

        """)
    return sections.joined(separator: "\n")
}
