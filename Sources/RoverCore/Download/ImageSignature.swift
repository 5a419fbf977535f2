import Foundation

/// What a downloaded body is, by its first bytes: only the image formats the services serve (JPEG, PNG) are kept,
/// whatever the Content-Type said, so a service cannot plant a page, a script or a program in a mirror that a web
/// server publishes.
enum ImageSignature: Equatable {
  case jpeg, png
  /// Anything else, in a few words for the error ("an HTML page", "gzip-compressed data").
  case other(String)

  /// The bytes the check reads.
  static let headLength = 16

  init(_ head: [UInt8]) {
    if head.starts(with: [0xFF, 0xD8, 0xFF]) {
      self = .jpeg
    } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
      self = .png
    } else {
      self = .other(Self.describe(head))
    }
  }

  /// The signature of the file open at `descriptor`, read from its start.
  init(descriptor: Int32) {
    var head = [UInt8](repeating: 0, count: Self.headLength)
    let count = head.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    self.init(Array(head.prefix(max(0, count))))
  }

  var isImage: Bool { self == .jpeg || self == .png }

  /// The common kinds a wrong answer turns out to be; the rest is "no JPEG or PNG signature".
  private static func describe(_ head: [UInt8]) -> String {
    if head.isEmpty { return "an empty body" }
    if head.starts(with: [0x1F, 0x8B]) { return "gzip-compressed data" }
    if head.starts(with: Array("MZ".utf8)) { return "a Windows program" }
    if head.starts(with: [0x7F, 0x45, 0x4C, 0x46]) { return "a Linux program" }
    if head.starts(with: Array("GIF8".utf8)) { return "a GIF image, which no service serves" }
    if head.starts(with: Array("%PDF".utf8)) { return "a PDF document" }
    let text = String(decoding: head, as: UTF8.self).drop { $0.isWhitespace }.lowercased()
    if text.hasPrefix("<svg") || (text.hasPrefix("<?xml") && text.contains("svg")) { return "an SVG image" }
    if text.hasPrefix("<!doctype") || text.hasPrefix("<html") || text.hasPrefix("<head") || text.hasPrefix("<body") {
      return "an HTML page"
    }
    if text.hasPrefix("<") { return "markup (HTML or XML)" }
    if text.hasPrefix("{") || text.hasPrefix("[") { return "JSON" }
    return "no JPEG or PNG signature"
  }
}
