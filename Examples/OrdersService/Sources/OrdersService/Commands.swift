import Foundation

/// A client's action, as `POST /actions` receives it: a JSON object with a `type`.
///
/// ```json
/// {"type": "submit", "product": "tea", "quantity": 2}
/// {"type": "cancel", "id": 3}
/// {"type": "refreshCatalog"}
/// ```
///
/// Only these are accepted from clients: the feedbacks' actions (`paymentSucceeded`…) are not.
public enum ClientCommand: Decodable, Sendable, Hashable {
    /// Submit an order.
    case submit(product: String, quantity: Int)
    /// Cancel an order.
    case cancel(id: Int)
    /// Reload the catalog from its endpoint.
    case refreshCatalog

    /// The action types clients may send.
    public static let types = ["submit", "cancel", "refreshCatalog"]

    private enum Key: String, CodingKey { case type, product, quantity, id }

    /// Decodes a command; an unknown `type` throws ``UnknownAction``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "submit":
            self = .submit(
                product: try container.decode(String.self, forKey: .product),
                quantity: try container.decode(Int.self, forKey: .quantity)
            )
        case "cancel":
            self = .cancel(id: try container.decode(Int.self, forKey: .id))
        case "refreshCatalog":
            self = .refreshCatalog
        default:
            throw UnknownAction(type: type)
        }
    }

    /// The store action.
    public var action: OrdersAction {
        switch self {
        case .submit(let product, let quantity): .submit(product: product, quantity: quantity)
        case .cancel(let id): .cancel(id: id)
        case .refreshCatalog: .catalog(.refresh)
        }
    }

    /// Decodes a request body: the command, or a message saying what is wrong with it.
    ///
    /// - Parameter body: The body's bytes.
    /// - Returns: The command, or the 400 message.
    public static func decode(_ body: Data) -> Result<ClientCommand, BadRequest> {
        do {
            return .success(try JSONDecoder().decode(ClientCommand.self, from: body))
        } catch let unknown as UnknownAction {
            return .failure(BadRequest(message: "unknown action type \"\(unknown.type)\"; expected one of \(types.joined(separator: ", "))"))
        } catch DecodingError.keyNotFound(let key, _) {
            return .failure(BadRequest(message: "missing field \"\(key.stringValue)\""))
        } catch DecodingError.typeMismatch(_, let context) where !context.codingPath.isEmpty {
            let field = context.codingPath.map(\.stringValue).joined(separator: ".")
            return .failure(BadRequest(message: "wrong type for \"\(field)\""))
        } catch {
            return .failure(BadRequest(message: "the body is not a JSON action object"))
        }
    }
}

/// An action `type` the service does not know.
public struct UnknownAction: Error, Sendable, Hashable {
    /// The type the client sent.
    public var type: String
}

/// Why a request was refused with 400.
public struct BadRequest: Error, Sendable, Hashable, Codable {
    /// The message sent back.
    public var message: String
}
