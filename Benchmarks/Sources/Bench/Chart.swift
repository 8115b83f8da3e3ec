import Foundation

// results.svg: horizontal log-scale bars of ns per unit, three bars per workload row.

private func escapeXML(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
}

func svgChart(rows: [Row], title: String) -> String {
    let series: [(label: String, color: String, value: (Row) -> Cell)] = [
        ("baseline", "#8c8c8c", { .measured($0.baseline) }),
        ("ReactiveToolkit", "#1f77b4", { $0.toolkit }),
        ("OpenCombine", "#ff7f0e", { $0.openCombine }),
    ]
    let values = rows.flatMap { row in series.compactMap { $0.value(row).measurement?.nsPerUnit } }.filter { $0 > 0 }
    let lowDecade = Int(floor(log10(values.min() ?? 1)))
    let highDecade = max(Int(ceil(log10(values.max() ?? 10))), lowDecade + 1)

    let labelWidth = 110.0, plotWidth = 640.0, rightMargin = 60.0
    let barHeight = 9.0, groupGap = 10.0, top = 70.0
    let groupHeight = barHeight * Double(series.count) + groupGap
    let width = labelWidth + plotWidth + rightMargin
    let height = top + groupHeight * Double(rows.count) + 40
    func x(_ ns: Double) -> Double {
        labelWidth + plotWidth * (log10(ns) - Double(lowDecade)) / Double(highDecade - lowDecade)
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
    let plotBottom = top + groupHeight * Double(rows.count)
    for decade in lowDecade...highDecade {
        let gx = x(pow(10, Double(decade)))
        let label = decade >= 3 ? "\(Int(pow(10, Double(decade - 3))))µs" : (decade >= 0 ? "\(Int(pow(10, Double(decade))))ns" : String(format: "%gns", pow(10, Double(decade))))
        svg.append(#"<line x1="\#(gx)" y1="\#(top - 8)" x2="\#(gx)" y2="\#(plotBottom)" stroke="gainsboro"/>"#)
        svg.append(#"<text x="\#(gx)" y="\#(plotBottom + 14)" text-anchor="middle" fill="dimgray">\#(label)</text>"#)
    }
    svg.append(#"<text x="\#(labelWidth + plotWidth / 2)" y="\#(plotBottom + 30)" text-anchor="middle" fill="dimgray">ns per unit (log scale; median)</text>"#)
    for (rowIndex, row) in rows.enumerated() {
        let gy = top + groupHeight * Double(rowIndex)
        svg.append(#"<text x="\#(labelWidth - 8)" y="\#(gy + barHeight * 2)" text-anchor="end">\#(escapeXML(row.id))</text>"#)
        for (index, entry) in series.enumerated() {
            let by = gy + barHeight * Double(index)
            switch entry.value(row) {
            case .measured(let m):
                let bx = x(m.nsPerUnit)
                svg.append(#"<rect x="\#(labelWidth)" y="\#(by)" width="\#(max(bx - labelWidth, 1))" height="\#(barHeight - 1)" fill="\#(entry.color)"><title>\#(escapeXML("\(row.name) — \(entry.label): \(format(m.nsPerUnit)) ns"))</title></rect>"#)
                svg.append(#"<text x="\#(max(bx, labelWidth) + 4)" y="\#(by + barHeight - 1.5)" font-size="9">\#(format(m.nsPerUnit))</text>"#)
            case .pending:
                svg.append(#"<text x="\#(labelWidth + 4)" y="\#(by + barHeight - 1.5)" font-size="9" fill="\#(entry.color)">pending</text>"#)
            case .notApplicable:
                svg.append(#"<text x="\#(labelWidth + 4)" y="\#(by + barHeight - 1.5)" font-size="9" fill="\#(entry.color)">n/a</text>"#)
            }
        }
    }
    svg.append("</svg>")
    return svg.joined(separator: "\n") + "\n"
}
