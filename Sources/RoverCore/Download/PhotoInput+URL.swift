import Foundation

extension PhotoInput {
  /// A photo known only by its URL: named after the file (`{filename}`), its other fields unknown.
  static func photo(fromURL text: String) -> Photo? {
    // No URL holds a control character raw (`--format urls` percent-encodes them): such a line is refused.
    guard !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F }), let url = ImageURL.resolve(text) else { return nil }
    let file = url.lastPathComponent
    let stem = file.split(separator: ".").first.map(String.init) ?? file
    guard !stem.isEmpty else { return nil }
    var photo = Photo(
      id: .text(stem), sol: 0, camera: Camera(name: "unknown"), imageSource: text,
      earthDate: CalendarDate(daysSinceEpoch: 0), rover: Rover(name: "unknown"))
    photo.isKnownOnlyByURL = true
    return photo
  }
}
