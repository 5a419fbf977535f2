import Foundation
import RoverCore

/// Prints photos as they arrive: JSON Lines, URLs and CSV rows at once; JSON as one array written element by
/// element (the same bytes `JSONEncoder` gives for the whole array); a table only at the end, since its columns
/// need every row.
final class PhotoStreamPrinter {
  let printer: Printer
  /// CSV gains the position columns (JSON carries the keys by itself once positions were looked up).
  let positions: Bool
  private var count = 0
  private var tableRows: [Photo] = []
  private let geoJSON = GeoJSONWriter()
  /// JSON Lines not yet written, at most about ``blockBytes`` (one photo's line past it).
  private var block: [UInt8] = []
  /// What a block holds before it is written (JSON Lines, and the JSON array's text): few calls to `write(2)`, and a
  /// buffer that stays in the cache.
  static let blockBytes = 256 * 1024

  init(_ printer: Printer, positions: Bool = false) {
    self.printer = printer
    self.positions = positions
  }

  func write(_ photos: [Photo]) throws {
    guard !photos.isEmpty else { return }
    switch printer.format {
    case .table:
      tableRows += photos
    case .urls:
      printer.write(photos.map { Self.urlLine($0.imageSource) }.joined())
    case .jsonl:
      // Written directly as bytes (the same bytes as JSONEncoder's) in blocks: a mission is tens of thousands of
      // lines, and a sol's batch as one string was 15 MB grown by doubling, most of its cost page faults.
      for photo in photos {
        PhotoJSONLine.write(photo, into: &block)
        block.append(0x0A)
        if block.count >= Self.blockBytes { flushBlock() }
      }
      flushBlock()
    case .geojson:
      var line = ""
      for photo in photos {
        line.removeAll(keepingCapacity: true)
        PhotoJSONLine.write(photo, into: &line)
        geoJSON.write(GeoJSONWriter.geometry(photo.position), json: line)
      }
    case .csv:
      let rows = photos.map { ($0.fieldValues + (positions ? $0.positionValues : [])).map { $0 ?? "" } }
      let text = TableRenderer.csv(columns: Photo.fields + (positions ? Photo.positionFields : []), rows: rows)
      // The header once, before the first rows.
      printer.write(count == 0 ? text : String(text.drop { $0 != "\n" }.dropFirst()))
    case .json:
      var text = count == 0 ? "[\n" : ",\n"
      // Laid out from the compact line (the same bytes as JSONEncoder's pretty output, at a fraction of its cost).
      var line = ""
      for (index, photo) in photos.enumerated() {
        if index > 0 { text += ",\n" }
        line.removeAll(keepingCapacity: true)
        PhotoJSONLine.write(photo, into: &line)
        text += "  " + PrettyJSON.layout(line, indent: 2)
        if text.utf8.count >= Self.blockBytes {
          printer.write(text)
          text.removeAll(keepingCapacity: true)
        }
      }
      printer.write(text)
    }
    count += photos.count
  }

  private func flushBlock() {
    guard !block.isEmpty else { return }
    printer.write(json: block)
    block.removeAll(keepingCapacity: true)
  }

  /// One URL a line, whatever the server sent: white space and control bytes, which no URL may hold raw, are
  /// percent-encoded, so a line break in `img_src` cannot split one URL into two lines for `fetch-image -`.
  static func urlLine(_ source: String) -> String {
    guard source.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else { return source + "\n" }
    let hex = Array("0123456789ABCDEF".utf8)
    var bytes: [UInt8] = []
    for byte in source.utf8 {
      if byte <= 0x20 || byte == 0x7F {
        bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self) + "\n"
  }

  /// Lists `request` through `client`, printing each batch as it arrives (with positions when `placement` is
  /// given), and ends the output; a GeoJSON document stays whole when the listing stops early.
  /// - Throws: what the listing throws, after ending a GeoJSON document.
  func print(_ client: PhotoClient, _ request: PhotoRequest, placement: PhotoPlacement?) async throws
    -> PhotoClient.ListingOutcome
  {
    let outcome: PhotoClient.ListingOutcome
    do {
      outcome = try await client.forEachBatch(request) { batch in
        try write(try await placement?.apply(batch) ?? batch)
      }
    } catch {
      // A GeoJSON document stays whole when the run stops early; the exit code still says it did.
      if printer.format == .geojson { try finish() }
      throw error
    }
    try finish()
    return outcome
  }

  /// Ends the output; for GeoJSON also after a failure or an interrupt, so what was written stays one document.
  func finish() throws {
    switch printer.format {
    case .table: try printer.list(tableRows)
    case .geojson: geoJSON.finish()
    case .csv where count == 0:
      printer.write(TableRenderer.csv(columns: Photo.fields + (positions ? Photo.positionFields : []), rows: []))
    case .json: printer.write(count == 0 ? "[]\n" : "\n]\n")
    case .urls, .jsonl, .csv: break
    }
  }
}
