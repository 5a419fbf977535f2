import Foundation

/// Image URLs from a listing: http(s) only, NASA's hosts upgraded to https (old rows still say http).
enum ImageURL {
  static func resolve(_ text: String) -> URL? {
    // Foundation's trimming bridges through NSString: asked only of the rare URL that has spaces around it.
    let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
    let padded = text.utf8.first.map(isSpace) == true || text.utf8.last.map(isSpace) == true
    guard let url = URL(string: padded ? text.trimmingCharacters(in: .whitespaces) : text),
      let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
    else { return nil }
    return HTTPClient.upgraded(url)
  }

  /// The hint of a dead Spirit or Opportunity link, which ``DownloadError/isDeadMERLink`` recognises.
  static let deadMERHint = "NASA removed the Spirit and Opportunity raw images in 2024; this link is dead"

  /// Says why a photo URL answers with a web page (NASA removed the Spirit and Opportunity images in 2024); a
  /// body that is not a page gets no guess.
  static func deadLinkHint(for photo: Photo, url: URL, contentType: String) -> String? {
    guard contentType.lowercased().hasPrefix("text/html") else { return nil }
    // The PDS's own archive (`/data/mer/…`) is where the dead links point to: its page is no dead link.
    if url.path.contains("/data/mer/") { return "the PDS archive sent a web page instead of the browse JPEG" }
    let mission = Mission(name: photo.rover.name)
    if mission == .spirit || mission == .opportunity || url.path.contains("/mer/gallery/") { return deadMERHint }
    return "the server sent a web page instead of an image"
  }
}
