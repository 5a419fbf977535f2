import Foundation

/// Reads photos piped in from `rover photos --json` (one array) or `--format jsonl` (one object a line), or any
/// service's raw response (`{"photos":[…]}`), so `jq` filters can sit in between.
public enum PhotoInput {
  public static func parse(_ data: Data) throws -> [Photo] {
    guard let first = data.first(where: { !Self.isSpace($0) }) else { return [] }
    let decoder = JSONDecoder()
    if first == UInt8(ascii: "[") {
      do {
        return try decoder.decode([Photo].self, from: data)
      } catch let error as DecodingError {
        throw DownloadError.malformedInput(detail: JSONBody.describe(error))
      }
    }
    // JSON Lines of photos: decoded as one array in a single pass, which is several times cheaper than a decode
    // per line; only when that fails is each line decoded alone, to name the bad one.
    if let photos = try? decoder.decode([Photo].self, from: Self.arrayFromLines(data)) { return photos }
    var photos: [Photo] = []
    var number = 0
    for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
      number += 1
      guard line.contains(where: { !Self.isSpace($0) }) else { continue }
      do {
        if let photo = try? decoder.decode(Photo.self, from: line) {
          photos.append(photo)
        } else {
          photos += try decoder.decode(PhotosPage.self, from: line).photos
        }
      } catch let error as DecodingError {
        throw DownloadError.malformedInput(detail: "line \(number): \(JSONBody.describe(error))")
      }
    }
    return photos
  }

  private static func arrayFromLines(_ data: Data) -> Data {
    var array = Data("[".utf8)
    array.reserveCapacity(data.count + 2)
    var first = true
    for line in data.split(separator: UInt8(ascii: "\n")) where line.contains(where: { !isSpace($0) }) {
      if !first { array.append(UInt8(ascii: ",")) }
      array.append(contentsOf: line)
      first = false
    }
    array.append(UInt8(ascii: "]"))
    return array
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }
}
