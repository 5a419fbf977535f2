extension JSONValue {
  /// A feed record kept verbatim for a `--metadata` sidecar costs at most this many bytes (an estimate of its
  /// size in memory); a larger one is dropped, so a hostile feed cannot make one record cost megabytes. Real
  /// records are 2 to 5 KB.
  package static let maxRecordBytes = 64 * 1024

  /// Whether a page being decoded keeps its records verbatim (``boundedRecord(from:)``): only a listing whose
  /// photos get `--metadata` sidecars wants them, and building one per record made a page of 5 000 records hold its
  /// strings twice while it decoded (12 MB of a 64 MB heap, measured with massif). On by default; the raw-feed
  /// client sets it for each answer it decodes.
  @TaskLocal static var keepsRecords = true

  /// A record read whole, or nothing when it is larger than ``maxRecordBytes`` or not kept (``keepsRecords``): its
  /// bytes on the wire are checked before anything is built (on the fast path), and its size in memory after.
  /// - Returns: the value, and whether a record was there but too large to keep.
  static func boundedRecord(from decoder: any Decoder) -> (value: JSONValue?, tooLarge: Bool) {
    guard keepsRecords else { return (nil, false) }
    if let tape = decoder as? JSONTapeDecoder, tape.tape.byteCount(of: tape.node) > maxRecordBytes {
      return (nil, true)
    }
    guard let value = try? JSONValue(from: decoder) else { return (nil, false) }
    return value.estimatedBytes(limit: maxRecordBytes) > maxRecordBytes ? (nil, true) : (value, false)
  }

  /// About how many bytes this value holds in memory, counted up to just past `limit` (then the walk stops).
  /// Each value costs its enum slot (24 bytes) plus its text, so an array of short numbers counts at its real
  /// cost, well above its bytes on the wire.
  func estimatedBytes(limit: Int = .max) -> Int {
    var total = 0
    var pending: [JSONValue] = [self]
    while let value = pending.popLast(), total <= limit {
      total += 24
      switch value {
      case .null, .bool, .integer, .number: break
      case .string(let text): total += text.utf8.count
      case .array(let values): pending += values
      case .object(let members):
        for (key, member) in members {
          total += 16 + key.utf8.count
          pending.append(member)
        }
      }
    }
    return total
  }
}
