@testable import RoverCore

/// Photos with every optional part and every character JSON must escape, in every field that is text: what the
/// writers and readers of photos are checked against.
enum AwkwardPhotos {
  /// Every control character, quotes, both slashes, non-ASCII, DEL, a line separator and an emoji.
  static let text = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined() + "\"\\/é日\u{7F}\u{2028}😀"

  static let all = [
    Photo(
      id: .text("NLF_\(text)"), sol: 12, camera: Camera(id: 3, name: text, fullName: text, roverID: 8),
      imageSource: "https://h/a b/\(text).png", earthDate: CalendarDate(year: 2021, month: 3, day: 1)!,
      rover: Rover(id: 8, name: "Perseverance", status: .other(text)),
      metadata: feedMetadata(
        dateTaken: "2021-03-01T10:00:00Z", sampleType: "full",
        imageFiles: ["small": "https://h/s.jpg", "full_res": text, "large": "https://h/l.jpg"], title: text)),
    Photo(
      id: .number(-4), sol: 0, camera: Camera(name: "FHAZ"), imageSource: "",
      earthDate: CalendarDate(year: 2012, month: 8, day: 6)!, rover: Rover(name: "Curiosity", status: .active),
      metadata: feedMetadata(title: "t")),
  ]

  /// Frame metadata holding only what the raw feeds add: their capture time, sample type, sizes and title.
  static func feedMetadata(
    dateTaken: String? = nil, sampleType: String? = nil, imageFiles: [String: String]? = nil, title: String? = nil
  ) -> FrameMetadata {
    var metadata = FrameMetadata()
    metadata.dateTaken = dateTaken
    metadata.sampleType = sampleType
    metadata.imageFiles = imageFiles
    metadata.title = title
    return metadata
  }
}
