import Foundation
import RoverCore

/// Writes one RFC 7946 FeatureCollection to stdout a feature at a time, so 60 000 photos never sit in memory:
/// the opening is written before the first feature and the closing by ``finish()``, which an interrupted run
/// calls too, so what was written stays one valid document.
final class GeoJSONWriter {
  /// A feature's geometry: a Point `[lon, lat, elevation?]`, a LineString of such positions, or none (`null`,
  /// which RFC 7946 allows for a feature whose place is unknown).
  enum Geometry {
    case point([Double])
    case lineString([[Double]])
    case none
  }

  private let encoder: JSONEncoder
  private var count = 0
  private var started = false
  private var finished = false

  init() {
    encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
  }

  /// A position's coordinates in RFC 7946's order: longitude, latitude, then elevation when known.
  static func coordinates(lon: Double, lat: Double, elevation: Double?) -> [Double] {
    elevation.map { [lon, lat, $0] } ?? [lon, lat]
  }

  /// A photo's Point, or no geometry when its position is unknown.
  static func geometry(_ position: Position?) -> Geometry {
    guard let position else { return .none }
    return .point(coordinates(lon: position.longitude, lat: position.latitude, elevation: position.elevation))
  }

  /// Writes one feature, opening the collection first if this is the first.
  func write<Properties: Encodable>(_ geometry: Geometry, properties: Properties) throws {
    write(geometry, json: String(decoding: try encoder.encode(properties), as: UTF8.self))
  }

  /// Writes one feature whose properties are already a JSON object's text.
  func write(_ geometry: Geometry, json properties: String) {
    let geometryText: String
    switch geometry {
    case .point(let position):
      geometryText = #"{"type":"Point","coordinates":"# + Self.text(position) + "}"
    case .lineString(let positions):
      geometryText = #"{"type":"LineString","coordinates":["# + positions.map(Self.text).joined(separator: ",") + "]}"
    case .none:
      geometryText = "null"
    }
    let separator = count == 0 ? "" : ",\n"
    count += 1
    emit(
      opening() + separator + #"{"type":"Feature","geometry":"# + geometryText + #","properties":"# + properties
        + "}")
  }

  /// Closes the collection (opening it first when nothing was written); later calls do nothing.
  func finish() {
    guard !finished else { return }
    finished = true
    emit(opening() + (count == 0 ? "" : "\n") + "]}\n")
  }

  private func opening() -> String {
    guard !started else { return "" }
    started = true
    return #"{"type":"FeatureCollection","features":["# + "\n"
  }

  private static func text(_ position: [Double]) -> String {
    "[" + position.map { number($0) }.joined(separator: ",") + "]"
  }

  /// A coordinate as JSON: the shortest text that reads back as the same Double (Swift's `description`).
  private static func number(_ value: Double) -> String {
    value.isFinite ? value.description : "null"
  }

  private func emit(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
