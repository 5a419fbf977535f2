import Foundation

/// Decoding a whole text: the tape where it is sure, Foundation's decoder otherwise.
extension JSONTape {
  /// `T` decoded from `bytes`, or nil where Foundation's decoder should be asked instead.
  static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) -> T? {
    withTape(over: bytes) { tape in
      guard let tape, let value = try? T(from: JSONTapeDecoder(tape: tape, node: 0)), !tape.unsure else { return nil }
      return value
    }
  }

  /// `T` from `data`: the fast path where it is sure, Foundation's decoder (and its errors) otherwise. The tape
  /// reads `data` in place: a page costs its body, its nodes and the values decoded, not a second copy.
  /// - Throws: `DecodingError.dataCorrupted` for a text of more than ``maxNodes`` values, which neither decodes;
  ///   ``TooManyRecords`` for a page of more records than any service sends.
  static func decodeOrFallBack<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    var tooMany = false
    let fast: T? = try withTape(over: data, tooManyValues: &tooMany) { tape in
      guard let tape else { return nil }
      do {
        let value = try T(from: JSONTapeDecoder(tape: tape, node: 0))
        return tape.unsure ? nil : value
      } catch let error as TooManyRecords {
        // Foundation's decoder would only build the whole page again to refuse it the same way.
        throw error
      } catch {
        return nil
      }
    }
    if let fast { return fast }
    if tooMany {
      throw DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "more than \(maxNodes) JSON values, more than any answer holds"))
    }
    return try JSONDecoder().decode(type, from: data)
  }
}
