import StreamCoreTesting
import Testing

@Suite struct MarbleMismatchTests {
    @Test func descriptionShowsBothDiagramsAndTheFirstDifference() {
        let mismatch = MarbleMismatch(
            expected: "-a-b|", actual: "-a-c|", firstDifferingTick: 3, detail: "at tick 3: expected [next(b)], got [next(c)]"
        )
        #expect(
            mismatch.description == """
                marbles differ at tick 3
                  expected: -a-b|
                  actual:   -a-c|
                  at tick 3: expected [next(b)], got [next(c)]
                """)
    }

    @Test func descriptionNamesTheLocationWhenKnown() {
        let location = MarbleSourceLocation(fileID: "Kit/SearchTests.swift", filePath: "/x/SearchTests.swift", line: 12, column: 9)
        let mismatch = MarbleMismatch(expected: "-a", actual: "--a", firstDifferingTick: 1, detail: "d", location: location)
        #expect(mismatch.description.hasPrefix("marbles differ at tick 1 (Kit/SearchTests.swift:12:9)\n"))
    }

    @Test func descriptionWithoutATickSaysTheMarblesCouldNotBeCompared() {
        let mismatch = MarbleMismatch(expected: "-#", actual: "", firstDifferingTick: nil, detail: "bad")
        #expect(mismatch.description.hasPrefix("marbles could not be compared"))
    }
}
