import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Reads what users pipe to `fetch-image -`, incrementally: one JSON array (`photos --json`), JSON objects one
/// after another (one pretty object from `photo ID --json`, JSON Lines from `--format jsonl`, or a service's own
/// `{"photos":[…]}`), image URLs one a line (`--format urls`), or photo ids one a line. Photos come out in
/// batches as they are read, so a 60 000-photo array never sits in memory whole.
package final class PhotoInput: @unchecked Sendable {
  // @unchecked: one reader task owns it; reads happen on `queue` while that task awaits.
  package enum Format: Sendable, Equatable {
    case json, lines
  }

  /// One item read: a photo, or an id to look up at the service.
  package enum Item: Sendable {
    case photo(Photo)
    case id(PhotoID)
  }

  private let descriptor: Int32
  private let queue = DispatchQueue(label: "rover.stdin")
  private var buffer: [UInt8] = []
  private var position = 0
  private var ended = false
  private var line = 0
  private let decoder = JSONDecoder()
  /// Array mode: inside the top-level `[`.
  private var inArray = false
  private var started = false

  package init(descriptor: Int32 = STDIN_FILENO) {
    self.descriptor = descriptor
  }

  /// What the input is, from its first byte that is not white space (decided once); nil for empty input.
  package func format() async throws -> Format? {
    if let detected { return detected }
    guard let byte = try await peekNonSpace() else { return nil }
    detected = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") ? .json : .lines
    return detected
  }

  private var detected: Format?
  /// Bad input met after some good objects: thrown on the next call, once those are handed over.
  private var pendingFailure: (any Error)?

  /// Up to `count` items; an empty array at the end of the input.
  package func next(upTo count: Int = 256) async throws -> [Item] {
    if let failure = pendingFailure {
      pendingFailure = nil
      throw failure
    }
    switch try await format() {
    case nil: return []
    case .json: return try await nextObjects(upTo: count)
    case .lines:
      var items: [Item] = []
      do {
        while items.count < count, items.isEmpty || hasBufferedLine, let item = try await nextLine() {
          items.append(contentsOf: item)
        }
      } catch {
        guard !items.isEmpty else { throw error }
        pendingFailure = error
      }
      return items
    }
  }

  /// Whether a line (an object) waits in the buffer: a batch ends there rather than wait for a slow writer.
  private var hasBufferedLine: Bool { buffer[position...].contains(0x0A) }
  private var hasBufferedObject: Bool { buffer[position...].contains { ![0x20, 0x0A, 0x0D, 0x09].contains($0) } }

  /// Up to `count` objects decoded together as one array (a decoder call costs far more than its bytes); only when
  /// that fails is each decoded alone, to accept an envelope (`{"photos":[…]}`) or to name the bad one.
  /// The raw bytes decoded at once, at most (one object more may pass it).
  static let maxBatchBytes = 96 * 1024

  private func nextObjects(upTo count: Int) async throws -> [Item] {
    var objects: [[UInt8]] = []
    var bytes = 0
    var firstLine = line + 1
    do {
      // Bounded in bytes too: a photo with its full frame metadata is ten times a bare one, and a batch of 256 of
      // them held (raw, parsed and decoded) at each stage of a download cost 10 MB more than bare ones.
      while objects.count < count, bytes < Self.maxBatchBytes, objects.isEmpty || hasBufferedObject,
        let object = try await nextRawObject()
      {
        if objects.isEmpty { firstLine = line }
        bytes += object.count
        objects.append(object)
      }
    } catch {
      // The objects before the bad input are still photos: hand them over, say what is wrong next time.
      guard !objects.isEmpty else { throw error }
      pendingFailure = error
    }
    guard !objects.isEmpty else { return [] }
    var array: [UInt8] = [UInt8(ascii: "[")]
    array.reserveCapacity(objects.reduce(2) { $0 + $1.count + 1 })
    for (index, object) in objects.enumerated() {
      if index > 0 { array.append(UInt8(ascii: ",")) }
      array.append(contentsOf: object)
    }
    array.append(UInt8(ascii: "]"))
    if let photos = JSONTape.decode([Photo].self, from: array) ?? (try? decoder.decode([Photo].self, from: Data(array)))
    {
      return photos.map { .photo($0) }
    }
    var items: [Item] = []
    let last = line
    for (offset, object) in objects.enumerated() {
      line = firstLine + offset
      items += try decode(object)
    }
    line = last
    return items
  }

  // MARK: Lines of URLs or ids

  private func nextLine() async throws -> [Item]? {
    while true {
      guard let bytes = try await readLine() else { return nil }
      line += 1
      let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespaces)
      if text.isEmpty || text.hasPrefix("#") { continue }
      if text.contains("://") {
        guard let photo = Self.photo(fromURL: text) else {
          throw DownloadError.malformedInput(detail: "line \(line): not an image URL: '\(text.prefix(200))'")
        }
        return [.photo(photo)]
      }
      guard text.allSatisfy({ $0.isLetter || $0.isNumber || "_-.".contains($0) }) else {
        throw DownloadError.malformedInput(detail: "line \(line): neither a photo id nor a URL: '\(text.prefix(200))'")
      }
      return [.id(PhotoID(argument: text))]
    }
  }

  // MARK: JSON values

  /// The next photo object's bytes (an element of the top-level array, or the next top-level object); nil at end.
  private func nextRawObject() async throws -> [UInt8]? {
    while true {
      guard let first = try await peekNonSpace() else {
        if inArray { throw DownloadError.malformedInput(detail: "the JSON array is not closed") }
        return nil
      }
      if !started {
        started = true
        if first == UInt8(ascii: "[") {
          inArray = true
          position += 1
          continue
        }
      }
      if inArray, first == UInt8(ascii: ",") {
        position += 1
        continue
      }
      if inArray, first == UInt8(ascii: "]") {
        position += 1
        inArray = false
        continue
      }
      line += 1
      guard first == UInt8(ascii: "{") else {
        throw DownloadError.malformedInput(detail: "\(place()): expected a photo object")
      }
      return try await readObject()
    }
  }

  private func place() -> String { inArray ? "element \(line)" : "line \(line)" }

  private func decode(_ object: [UInt8]) throws -> [Item] {
    let data = Data(object)
    let photoError: DecodingError
    do {
      return [.photo(try decoder.decode(Photo.self, from: data))]
    } catch let error as DecodingError {
      photoError = error
    }
    if let page = try? decoder.decode(PhotosPage.self, from: data) { return page.photos.map { .photo($0) } }
    throw DownloadError.malformedInput(detail: "\(place()): \(JSONBody.describe(photoError))")
  }

  /// One JSON object's bytes, found by tracking nesting and strings over the buffer in place (one copy each).
  private func readObject() async throws -> [UInt8] {
    var scan = ObjectScan()
    var index = position
    while true {
      if index >= buffer.count {
        let scanned = index - position
        // `fill` keeps the bytes from `position`, the object's start.
        guard try await fill() else {
          throw DownloadError.malformedInput(detail: "\(place()): the input ends inside an object")
        }
        index = position + scanned
        continue
      }
      let limit = min(buffer.count, position + Self.maxObjectBytes + 1)
      if let end = buffer.withUnsafeBufferPointer({ scan.end(in: $0, from: index, to: limit) }) {
        let object = Array(buffer[position..<end])
        position = end
        return object
      }
      index = limit
      if index - position > Self.maxObjectBytes {
        throw DownloadError.malformedInput(detail: "\(place()): an object of over 16 MB")
      }
    }
  }

  static let maxObjectBytes = 16 * 1024 * 1024

  // MARK: Bytes

  private func peekNonSpace() async throws -> UInt8? {
    while true {
      if position >= buffer.count {
        guard try await fill() else { return nil }
      }
      let byte = buffer[position]
      if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
        position += 1
        continue
      }
      return byte
    }
  }

  private func readLine() async throws -> [UInt8]? {
    var bytes: [UInt8] = []
    while true {
      if position >= buffer.count {
        guard try await fill() else { return bytes.isEmpty ? nil : bytes }
      }
      let byte = buffer[position]
      position += 1
      // Only a line's own `\r\n` is dropped: a carriage return inside a line stays, for the URL check to refuse.
      if byte == 0x0A {
        if bytes.last == 0x0D { bytes.removeLast() }
        return bytes
      }
      guard bytes.count < Self.maxLineBytes else { throw Self.lineTooLong(line + 1) }
      bytes.append(byte)
    }
  }

  /// Reads the next chunk off the cooperative pool (a pipe may wait for its writer for a long time).
  private func fill() async throws -> Bool {
    guard !ended else { return false }
    let descriptor = self.descriptor
    let chunk: [UInt8] = try await withCheckedThrowingContinuation { continuation in
      queue.async {
        var bytes = [UInt8](repeating: 0, count: 65_536)
        while true {
          let count = read(descriptor, &bytes, bytes.count)
          if count < 0, errno == EINTR { continue }
          if count < 0 {
            continuation.resume(throwing: DownloadError.malformedInput(detail: "cannot read: \(errnoText())"))
          } else {
            continuation.resume(returning: Array(bytes[0..<count]))
          }
          return
        }
      }
    }
    if chunk.isEmpty {
      ended = true
      return false
    }
    buffer.removeFirst(position)
    position = 0
    buffer.append(contentsOf: chunk)
    return true
  }
}
