import Foundation
import FuzzSupport
import LoadingState

/// A model with the shapes APIs send: required and optional fields, nesting, arrays.
struct Item: Codable, Sendable, Equatable {
    struct Owner: Codable, Sendable, Equatable {
        var name: String
    }

    var id: Int
    var name: String
    var score: Double?
    var tags: [String]?
    var owner: Owner?
}

/// Any input as a response body: every decoder ends in a value or a typed `FlowError`, and
/// strict and pruning array decoding agree (strict succeeds exactly when pruning drops nothing,
/// with the same elements). The same bytes as a resource path build a URL or fail typed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDecoders(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let body = data.map { Data(bytes: $0, count: count) } ?? Data()
    let strict = ModelDecoder(mode: .strict)
    let prune = ModelDecoder(mode: .prune)

    do throws(FlowError) {
        _ = try strict.decode(Item.self, from: body)
    } catch {
        checkDecoding(error)
    }

    var strictResult: Result<DecodedArray<Item>, FlowError>
    do throws(FlowError) {
        strictResult = .success(try strict.decodeArray(Item.self, from: body))
    } catch {
        checkDecoding(error)
        strictResult = .failure(error)
    }
    var pruneResult: Result<DecodedArray<Item>, FlowError>
    do throws(FlowError) {
        pruneResult = .success(try prune.decodeArray(Item.self, from: body))
    } catch {
        checkDecoding(error)
        pruneResult = .failure(error)
    }
    switch (strictResult, pruneResult) {
    case (.success(let strictArray), .success(let pruned)):
        check(strictArray.droppedCount == 0, "strict decoding never drops")
        check(pruned.droppedCount == 0 && pruned.elements == strictArray.elements, "strict success means prune drops nothing")
    case (.success, .failure(let error)):
        check(false, "strict succeeded, prune failed: \(error)")
    case (.failure, .success(let pruned)):
        check(pruned.droppedCount > 0, "strict failed, yet prune dropped nothing")
    case (.failure, .failure):
        break
    }

    let path = String(decoding: body.prefix(512), as: UTF8.self)
    do throws(FlowError) {
        let url = try Resource(path: path).url(baseURL: URL(string: "https://api.example.com/v1/")!)
        check(url.host != nil, "a built URL has a host")
    } catch {
        guard case .invalidRequest = error else {
            check(false, "a bad path is an invalidRequest, got \(error)")
            return 0
        }
    }
    return 0
}

/// Decoding failures are always `FlowError.decoding`.
func checkDecoding(_ error: FlowError) {
    guard case .decoding = error else {
        check(false, "a decoder failed with \(error)")
        return
    }
}
