import Foundation

/// One Atlas product as the search returns it (api-reference 7.1). Solr may send any stored scalar as a
/// one-element array, so every field is read as either.
struct PDSDocument: Decodable, Sendable {
  var fileName: String
  var productID: String
  var sol: Int
  /// The capture time, ISO 8601 UTC as sent (fraction and zone optional).
  var startTime: String?
  var browseURL: String?

  enum CodingKeys: String, CodingKey {
    case fileName = "FILE_NAME"
    case productID = "PRODUCT_ID"
    case sol = "PLANET_DAY_NUMBER"
    case startTime = "START_TIME"
    case browseURL = "ATLAS_BROWSE_URL"
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let fileName = container.scalar(forKey: .fileName)?.text
    // The product id is the file stem in upper case; either one gives the other.
    guard
      let productID = container.scalar(forKey: .productID)?.text
        ?? fileName.map({ String($0.prefix { $0 != "." }).uppercased() }),
      let sol = container.scalar(forKey: .sol)?.number
    else {
      throw DecodingError.keyNotFound(
        CodingKeys.productID, .init(codingPath: container.codingPath, debugDescription: "no PRODUCT_ID or sol"))
    }
    self.productID = productID
    self.fileName = fileName ?? productID.lowercased() + ".img"
    self.sol = sol
    startTime = container.scalar(forKey: .startTime)?.text
    browseURL = container.scalar(forKey: .browseURL)?.text
  }

  /// A string, number or one-element array of either, as Solr sends a stored field.
  struct Scalar: Decodable, Sendable {
    var text: String

    var number: Int? {
      let trimmed = text.trimmingSpaces()
      // `Int(exactly:)`: a finite 1e300 is no Int, and converting it would trap.
      return Int(trimmed) ?? Double(trimmed).flatMap { Int(exactly: $0) }
    }

    init(from decoder: any Decoder) throws {
      if var list = try? decoder.unkeyedContainer() {
        guard !list.isAtEnd else {
          throw DecodingError.valueNotFound(
            String.self, .init(codingPath: decoder.codingPath, debugDescription: "empty array"))
        }
        text = try list.decode(Scalar.self).text
        return
      }
      let value = try decoder.singleValueContainer()
      if let string = try? value.decode(String.self) {
        text = string
      } else if let integer = try? value.decode(Int.self) {
        text = String(integer)
      } else {
        text = String(try value.decode(Double.self))
      }
    }
  }
}

extension KeyedDecodingContainer {
  /// A field as `x` or `[x]`; nil when absent, null or of another shape.
  fileprivate func scalar(forKey key: Key) -> PDSDocument.Scalar? {
    try? decodeIfPresent(PDSDocument.Scalar.self, forKey: key)
  }
}
