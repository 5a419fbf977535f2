import Foundation

/// Decodes response bodies and turns decoding failures into one short line that says where the shape broke.
enum JSONBody {
  static func decode<T: Decodable>(_ type: T.Type, from response: HTTPResponse, redactor: Redactor) throws -> T {
    let url = redactor.redact(response.url)
    guard !response.body.isEmpty else { throw ServiceError.malformedJSON(url: url, detail: "empty body") }
    do {
      return try JSONTape.decodeOrFallBack(type, from: response.body)
    } catch let error as TooManyRecords {
      throw ServiceError.malformedJSON(
        url: url, detail: "a page of \(error.count) records, more than the \(error.limit) any service sends in one")
    } catch let error as DecodingError {
      let contentType = response.header("content-type") ?? ""
      if !contentType.isEmpty, !contentType.contains("json"), response.body.first != UInt8(ascii: "{"),
        response.body.first != UInt8(ascii: "[")
      {
        throw ServiceError.malformedJSON(url: url, detail: "not JSON (\(contentType))")
      }
      throw ServiceError.malformedJSON(url: url, detail: describe(error))
    }
  }

  static func describe(_ error: DecodingError) -> String {
    func path(_ keys: [any CodingKey]) -> String {
      let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      return text.isEmpty ? "the document" : String(text.drop { $0 == "." })
    }
    switch error {
    case .dataCorrupted(let context) where context.codingPath.isEmpty:
      return "invalid JSON"
    case .dataCorrupted(let context):
      return "bad value at \(path(context.codingPath))"
    case .keyNotFound(let key, let context):
      return "missing '\(key.stringValue)' in \(path(context.codingPath))"
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "unexpected type at \(path(context.codingPath))"
    @unknown default:
      return "undecodable JSON"
    }
  }
}
