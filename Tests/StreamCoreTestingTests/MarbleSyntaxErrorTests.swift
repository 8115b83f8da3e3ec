import StreamCore
import StreamCoreTesting
import Testing

@Suite struct MarbleSyntaxErrorTests {
    @Test(arguments: [
        ("-a-?", MarbleSyntaxError.Reason.unknownCharacter("?"), 3),
        ("-#", .failureWithoutError, 1),
        ("-|a", .eventAfterTerminal, 2),
        ("-|#", .eventAfterTerminal, 2),
        ("((a))", .nestedGroup, 1),
        ("a)", .unmatchedGroupEnd, 1),
        ("-(a", .unclosedGroup, 1),
    ])
    func malformedDiagramsThrowWithTheColumn(marbles: String, reason: MarbleSyntaxError.Reason, column: Int) {
        #expect(throws: MarbleSyntaxError(reason, in: marbles, at: column)) {
            let _: [Recorded<Signal<Int, Never>.Event>] = try Marbles.parse(marbles, values: ["a": 1])
        }
    }

    @Test func syntaxErrorsDescribeTheProblem() {
        let error = MarbleSyntaxError(.unknownCharacter("z"), in: "-z", at: 1)
        #expect(error.description == "'z' is not marble notation and has no entry in the values dictionary at column 1 in \"-z\"")
    }
}
