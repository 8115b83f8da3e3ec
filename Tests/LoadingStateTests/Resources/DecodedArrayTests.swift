import LoadingState
import Testing

@Suite struct DecodedArrayTests {
    @Test func emptyWithoutDropsMeansTheServerSentNone() {
        let none = DecodedArray<Int>([])
        let allBad = DecodedArray<Int>([], droppedCount: 3)
        #expect(none != allBad)
        #expect(none.droppedCount == 0 && allBad.droppedCount == 3)
    }
}
