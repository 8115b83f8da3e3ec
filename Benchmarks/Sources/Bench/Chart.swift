import Foundation

// results.svg: horizontal log-scale bars, three bars (baseline, ReactiveToolkit, OpenCombine) per
// workload: instructions per unit from the counted run (the primary figure), or ns per unit when
// the run counted no instructions.

private func escapeXML(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
}

/// One group of bars: a label and the baseline, toolkit and OpenCombine values (nil: n/a).
struct ChartGroup {
    var id: String
    var values: [Double?]
}

/// Groups from the records' instructions per unit.
func chartGroups(_ records: [ResultRecord]) -> [ChartGroup] {
    records.map { ChartGroup(id: $0.workload, values: [$0.instructions.baseline, $0.instructions.toolkit, $0.instructions.opencombine]) }
}

/// Groups from the timed rows' ns per unit.
func chartGroups(_ rows: [Row]) -> [ChartGroup] {
    rows.map { ChartGroup(id: $0.id, values: [$0.baseline.nsPerUnit, $0.toolkit.measurement?.nsPerUnit, $0.openCombine.measurement?.nsPerUnit]) }
}

/// Tick label of 10^decade with the unit ("ns" for times, "" for counts).
private func tickLabel(_ decade: Int, unit: String) -> String {
    let value = pow(10, Double(decade))
    if unit == "ns" {
        return decade >= 3 ? "\(Int(pow(10, Double(decade - 3))))µs" : (decade >= 0 ? "\(Int(value))ns" : String(format: "%gns", value))
    }
    if decade >= 6 { return "\(Int(pow(10, Double(decade - 6))))M" }
    if decade >= 3 { return "\(Int(pow(10, Double(decade - 3))))k" }
    return decade >= 0 ? "\(Int(value))" : String(format: "%g", value)
}

func svgChart(groups: [ChartGroup], title: String, axis: String, unit: String) -> String {
    let series: [(label: String, color: String)] = [
        ("baseline", "#8c8c8c"), ("ReactiveToolkit", "#1f77b4"), ("OpenCombine", "#ff7f0e"),
    ]
    let values = groups.flatMap { $0.values.compactMap { $0 } }.filter { $0 > 0 }
    let lowDecade = Int(floor(log10(values.min() ?? 1)))
    let highDecade = max(Int(ceil(log10(values.max() ?? 10))), lowDecade + 1)

    let labelWidth = 110.0, plotWidth = 640.0, rightMargin = 60.0
    let barHeight = 9.0, groupGap = 10.0, top = 70.0
    let groupHeight = barHeight * Double(series.count) + groupGap
    let width = labelWidth + plotWidth + rightMargin
    let height = top + groupHeight * Double(groups.count) + 40
    func x(_ value: Double) -> Double {
        labelWidth + plotWidth * (log10(max(value, pow(10, Double(lowDecade)))) - Double(lowDecade)) / Double(highDecade - lowDecade)
    }

    var svg = [
        #"<?xml version="1.0" encoding="UTF-8"?>"#,
        #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(Int(width))" height="\#(Int(height))" viewBox="0 0 \#(Int(width)) \#(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">"#,
        #"<rect width="100%" height="100%" fill="white"/>"#,
        #"<text x="10" y="20" font-size="14" font-weight="bold">\#(escapeXML(title))</text>"#,
    ]
    for (index, entry) in series.enumerated() {
        let lx = labelWidth + Double(index) * 140
        svg.append(#"<rect x="\#(lx)" y="30" width="12" height="12" fill="\#(entry.color)"/>"#)
        svg.append(#"<text x="\#(lx + 16)" y="40">\#(entry.label)</text>"#)
    }
    let plotBottom = top + groupHeight * Double(groups.count)
    for decade in lowDecade...highDecade {
        let gx = x(pow(10, Double(decade)))
        svg.append(#"<line x1="\#(gx)" y1="\#(top - 8)" x2="\#(gx)" y2="\#(plotBottom)" stroke="gainsboro"/>"#)
        svg.append(#"<text x="\#(gx)" y="\#(plotBottom + 14)" text-anchor="middle" fill="dimgray">\#(tickLabel(decade, unit: unit))</text>"#)
    }
    svg.append(#"<text x="\#(labelWidth + plotWidth / 2)" y="\#(plotBottom + 30)" text-anchor="middle" fill="dimgray">\#(escapeXML(axis))</text>"#)
    for (groupIndex, group) in groups.enumerated() {
        let gy = top + groupHeight * Double(groupIndex)
        svg.append(#"<text x="\#(labelWidth - 8)" y="\#(gy + barHeight * 2)" text-anchor="end">\#(escapeXML(group.id))</text>"#)
        for (index, entry) in series.enumerated() {
            let by = gy + barHeight * Double(index)
            if index < group.values.count, let value = group.values[index] {
                let bx = x(value)
                svg.append(#"<rect x="\#(labelWidth)" y="\#(by)" width="\#(max(bx - labelWidth, 1))" height="\#(barHeight - 1)" fill="\#(entry.color)"><title>\#(escapeXML("\(group.id) — \(entry.label): \(format(value)) \(unit)"))</title></rect>"#)
                svg.append(#"<text x="\#(max(bx, labelWidth) + 4)" y="\#(by + barHeight - 1.5)" font-size="9">\#(format(value))</text>"#)
            } else {
                svg.append(#"<text x="\#(labelWidth + 4)" y="\#(by + barHeight - 1.5)" font-size="9" fill="\#(entry.color)">n/a</text>"#)
            }
        }
    }
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
}
