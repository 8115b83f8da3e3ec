/// Line diffs of `dump` output, for readable state mismatches.
enum StateDiff {
    /// The `dump` of a value, one line per property.
    static func lines(of value: some Any) -> [String] {
        var text = ""
        dump(value, to: &text)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty }
    }

    /// A line diff of two values' dumps: `−` marks lines only in `expected`, `+` lines only in
    /// `actual`, and common lines are indented by two spaces.
    ///
    /// ```
    ///   ▿ Counter
    /// −   - count: 2
    /// +   - count: 1
    /// ```
    static func diff(expected: some Any, actual: some Any) -> String {
        let old = lines(of: expected)
        let new = lines(of: actual)
        // Longest common subsequence of lines (states are small; quadratic is fine).
        let rows = old.count + 1
        let columns = new.count + 1
        var table = [Int](repeating: 0, count: rows * columns)
        for i in stride(from: old.count - 1, through: 0, by: -1) {
            for j in stride(from: new.count - 1, through: 0, by: -1) {
                table[i * columns + j] = old[i] == new[j]
                    ? table[(i + 1) * columns + j + 1] + 1
                    : max(table[(i + 1) * columns + j], table[i * columns + j + 1])
            }
        }
        var output: [String] = []
        var i = 0
        var j = 0
        while i < old.count || j < new.count {
            if i < old.count, j < new.count, old[i] == new[j] {
                output.append("  " + old[i])
                i += 1
                j += 1
            } else if i < old.count, j == new.count || table[(i + 1) * columns + j] >= table[i * columns + j + 1] {
                output.append("− " + old[i])
                i += 1
            } else {
                output.append("+ " + new[j])
                j += 1
            }
        }
        return output.joined(separator: "\n")
    }
}
