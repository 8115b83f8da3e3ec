/// The journal's and the snapshot's byte layouts, and the scan that finds the records.
///
/// Journal file: `RTKJRNL2` (8 bytes), the base sequence (UInt64 LE: the number of actions
/// before the first record), then frames. Frame: payload length (UInt32 LE), the length's
/// complement (UInt32 LE, so a damaged length is told from a short file), CRC-32 of the sequence
/// and the payload (UInt32 LE), the sequence (UInt64 LE: the action's position in the log, from
/// 1), payload (the encoded action). The first frame's sequence is the base + 1, and each next
/// one is one more.
///
/// Snapshot file: `RTKSNAP1`, the sequence it includes (UInt64 LE: the actions 1...sequence),
/// payload length (UInt64 LE), CRC-32 of the payload (UInt32 LE), payload (the encoded state).
enum JournalFormat {
    static let journalMagic = Array("RTKJRNL2".utf8)
    /// The journal of issue 20 (frames without sequence numbers): refused as unsupported.
    static let journalMagicVersion1 = Array("RTKJRNL1".utf8)
    static let snapshotMagic = Array("RTKSNAP1".utf8)
    static let journalHeaderSize = 16
    static let recordHeaderSize = 20
    static let snapshotHeaderSize = 28

    /// One intact record: where it starts, its sequence and its payload's range.
    struct Record: Equatable {
        var offset: Int
        var sequence: UInt64
        var payload: Range<Int>
    }

    /// What a scan of a journal file found.
    struct Scan: Equatable {
        var base: UInt64
        var records: [Record]
        /// Where the intact records end; a torn tail after it is to be cut off.
        var end: Int
        /// How many bytes of torn tail follow `end`.
        var tornBytes: Int

        /// The sequence of the last record (the base without records).
        var last: UInt64 { records.last?.sequence ?? base }
    }

    static func journalHeader(base: UInt64) -> [UInt8] {
        journalMagic + bytes(of: base)
    }

    /// A framed record for `payload`, the action at `sequence` in the log.
    static func record(_ payload: [UInt8], sequence: UInt64) -> [UInt8] {
        let length = UInt32(payload.count)
        let sequenceBytes = bytes(of: sequence)
        var framed = bytes(of: length) + bytes(of: ~length) + bytes(of: CRC32.checksum(sequenceBytes[...], payload[...]))
        framed += sequenceBytes
        framed.append(contentsOf: payload)
        return framed
    }

    static func snapshot(sequence: UInt64, payload: [UInt8]) -> [UInt8] {
        var framed = snapshotMagic + bytes(of: sequence) + bytes(of: UInt64(payload.count))
        framed += bytes(of: CRC32.checksum(payload))
        framed.append(contentsOf: payload)
        return framed
    }

    /// The journal's base sequence and format, read from its header.
    static func header(_ file: [UInt8], path: String) throws(JournalError) -> UInt64 {
        guard file.count >= journalHeaderSize else {
            throw .corruptRecord(path: path, offset: 0, reason: "not a journal file (bad header)")
        }
        let magic = Array(file[0..<8])
        if magic == journalMagicVersion1 {
            throw .unsupportedFormat(path: path, format: String(decoding: magic, as: UTF8.self))
        }
        guard magic == journalMagic else {
            throw .corruptRecord(path: path, offset: 0, reason: "not a journal file (bad header)")
        }
        return load(UInt64.self, file, at: 8)
    }

    /// Finds the records of a journal file and checks their sequence.
    ///
    /// A *torn tail* is damage that only a crash in the middle of the last append can leave: a
    /// frame cut short by the end of the file (its header, or a length that points past the end)
    /// with no intact frame anywhere after it, a last frame whose checksum fails and that ends
    /// exactly at the end of the file, or zeros up to the end. Any other damage — a bad frame
    /// followed by intact ones, a frame out of sequence (a record deleted, duplicated or moved)
    /// — is an error naming the file and the offset.
    static func scan(_ file: [UInt8], path: String, maxRecordBytes: Int) throws(JournalError) -> Scan {
        let base = try header(file, path: path)
        var records: [Record] = []
        var offset = journalHeaderSize
        var expected = base &+ 1
        while offset < file.count {
            let torn = Scan(base: base, records: records, end: offset, tornBytes: file.count - offset)
            switch frame(in: file, at: offset, maxRecordBytes: maxRecordBytes) {
            case .intact(let sequence, let payload):
                guard sequence == expected else {
                    throw .recordOutOfSequence(path: path, offset: UInt64(offset), expected: expected, found: sequence)
                }
                records.append(Record(offset: offset, sequence: sequence, payload: payload))
                offset = payload.upperBound
                expected &+= 1
            case .zeros, .checksumAtEnd:
                return torn
            case .short:
                if let next = nextIntactFrame(in: file, after: offset, maxRecordBytes: maxRecordBytes) {
                    throw .corruptRecord(
                        path: path, offset: UInt64(offset),
                        reason: "frame runs past the end of the file, but an intact record follows at offset \(next)")
                }
                return torn
            case .damaged(let reason):
                throw .corruptRecord(path: path, offset: UInt64(offset), reason: reason)
            }
        }
        return Scan(base: base, records: records, end: offset, tornBytes: 0)
    }

    /// What the bytes at one offset hold.
    enum Frame: Equatable {
        case intact(sequence: UInt64, payload: Range<Int>)
        /// Zeros up to the end of the file (a file extended by a crash before its data).
        case zeros
        /// A header or payload cut short by the end of the file.
        case short
        /// A frame ending exactly at the end of the file whose checksum fails.
        case checksumAtEnd
        case damaged(reason: String)
    }

    /// The frame at `offset`; `lookingForZeros: false` skips the zeros check (linear in the
    /// rest of the file), for the resynchronising scan.
    static func frame(in file: [UInt8], at offset: Int, maxRecordBytes: Int, lookingForZeros: Bool = true) -> Frame {
        let remaining = file.count - offset
        // A crash can leave a file extended with zeros that were never written.
        func zeros(else other: Frame) -> Frame {
            lookingForZeros && file[offset...].allSatisfy({ $0 == 0 }) ? .zeros : other
        }
        guard remaining >= recordHeaderSize else { return zeros(else: .short) }
        let length = load(UInt32.self, file, at: offset)
        guard load(UInt32.self, file, at: offset + 4) == ~length else { return zeros(else: .damaged(reason: "bad record frame")) }
        guard Int(length) <= maxRecordBytes else { return .damaged(reason: "record of \(length) bytes over the limit") }
        let payload = (offset + recordHeaderSize)..<(offset + recordHeaderSize + Int(length))
        guard payload.upperBound <= file.count else { return .short }
        let sum = CRC32.checksum(file[(offset + 12)..<(offset + recordHeaderSize)], file[payload])
        guard sum == load(UInt32.self, file, at: offset + 8) else {
            return payload.upperBound == file.count ? .checksumAtEnd : .damaged(reason: "checksum mismatch")
        }
        return .intact(sequence: load(UInt64.self, file, at: offset + 12), payload: payload)
    }

    /// The offset of the first intact frame that starts after `offset`, if any (a resynchronising
    /// scan, byte by byte: only used when a frame runs past the end, so at most one frame long).
    static func nextIntactFrame(in file: [UInt8], after offset: Int, maxRecordBytes: Int) -> Int? {
        var candidate = offset + 1
        while candidate + recordHeaderSize <= file.count {
            if case .intact = frame(in: file, at: candidate, maxRecordBytes: maxRecordBytes, lookingForZeros: false) {
                return candidate
            }
            candidate += 1
        }
        return nil
    }

    /// The intact records in sequence from the start of a journal file, up to the first damage
    /// of any kind (for repair); `base` is `nil` if the header itself is unreadable.
    static func intactPrefix(_ file: [UInt8], maxRecordBytes: Int) -> (base: UInt64?, records: [Record], end: Int) {
        guard file.count >= journalHeaderSize, Array(file[0..<8]) == journalMagic else { return (nil, [], 0) }
        let base = load(UInt64.self, file, at: 8)
        var records: [Record] = []
        var offset = journalHeaderSize
        while case .intact(let sequence, let payload) = frame(in: file, at: offset, maxRecordBytes: maxRecordBytes),
            sequence == (records.last?.sequence ?? base) &+ 1
        {
            records.append(Record(offset: offset, sequence: sequence, payload: payload))
            offset = payload.upperBound
        }
        return (base, records, offset)
    }

    /// How many intact frames lie in `file` from `offset` on, skipping damaged bytes.
    static func intactFrames(in file: [UInt8], from offset: Int, maxRecordBytes: Int) -> Int {
        var count = 0
        var offset = offset
        while offset + recordHeaderSize <= file.count {
            if case .intact(_, let payload) = frame(in: file, at: offset, maxRecordBytes: maxRecordBytes, lookingForZeros: false) {
                count += 1
                offset = payload.upperBound
            } else if let next = nextIntactFrame(in: file, after: offset, maxRecordBytes: maxRecordBytes) {
                offset = next
            } else {
                break
            }
        }
        return count
    }

    /// The sequence and the payload of a snapshot file.
    static func readSnapshot(_ file: [UInt8], path: String) throws(JournalError) -> (sequence: UInt64, payload: ArraySlice<UInt8>) {
        guard file.count >= snapshotHeaderSize, Array(file[0..<8]) == snapshotMagic else {
            throw .corruptSnapshot(path: path, reason: "bad header")
        }
        let sequence = load(UInt64.self, file, at: 8)
        let length = load(UInt64.self, file, at: 16)
        guard length == UInt64(file.count - snapshotHeaderSize) else {
            throw .corruptSnapshot(path: path, reason: "length \(length) does not match the file")
        }
        let payload = file[snapshotHeaderSize...]
        guard CRC32.checksum(Array(payload)) == load(UInt32.self, file, at: 24) else {
            throw .corruptSnapshot(path: path, reason: "checksum mismatch")
        }
        return (sequence, payload)
    }

    static func bytes<T: FixedWidthInteger>(of value: T) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    static func load<T: FixedWidthInteger>(_: T.Type, _ bytes: [UInt8], at offset: Int) -> T {
        var value: T = 0
        for index in (0..<MemoryLayout<T>.size).reversed() { value = value << 8 | T(bytes[offset + index]) }
        return value
    }
}
