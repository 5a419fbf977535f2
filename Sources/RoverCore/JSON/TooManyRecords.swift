import Foundation

/// A page of more records than any service sends in one, refused before a record of it is decoded.
///
/// The byte cap (8 MB an answer) bounds a page of large records, not of small ones: 8 MB of 500-byte records is
/// 16 000 photos, and a photo costs about 2 KB in memory whatever its text, so such pages took a listing to
/// 150–180 MB (issue 38, measured with `bench/memory_hostile.sh`). No service pages more than 1 000 records
/// (PDS's `rows`); an unpaged `latest_photos` holds one sol, at most ``Pager/maxPhotosPerSol``.
struct TooManyRecords: Error, Sendable, Equatable {
  /// Records a paged answer may hold: five times the largest page a service sends.
  static let perPage = 5_000

  let count: Int
  let limit: Int
}

extension KeyedDecodingContainer {
  /// The array at `key`, each element decoded as `T`, or ``TooManyRecords`` when it holds more than `limit`
  /// elements: counted before any is decoded.
  /// - Throws: ``TooManyRecords``; what decoding the array or an element throws.
  func decodeRecords<T: Decodable>(
    _ type: T.Type, forKey key: Key, limit: Int = TooManyRecords.perPage
  ) throws -> [T] {
    var records = try nestedUnkeyedContainer(forKey: key)
    let count = records.count ?? 0
    if count > limit { throw TooManyRecords(count: count, limit: limit) }
    var values: [T] = []
    values.reserveCapacity(count)
    while !records.isAtEnd { values.append(try records.decode(T.self)) }
    return values
  }

  /// ``decodeRecords(_:forKey:limit:)`` for a key that may be absent or null (nil then).
  func decodeRecordsIfPresent<T: Decodable>(
    _ type: T.Type, forKey key: Key, limit: Int = TooManyRecords.perPage
  ) throws -> [T]? {
    guard contains(key), try !decodeNil(forKey: key) else { return nil }
    return try decodeRecords(type, forKey: key, limit: limit)
  }
}
