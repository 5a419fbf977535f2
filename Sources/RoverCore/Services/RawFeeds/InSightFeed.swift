import Foundation

/// InSight's images on `/api/v1/raw_image_items/` with `condition_1=insight:mission` (api-reference.md 7.4): the
/// service and record shape of Curiosity's feed (4.2), but lower-case instruments, thumbnails flagged only by
/// `is_thumbnail`, and sols asked for as a `gte`/`lte` range.
enum InSightFeed {
  /// The captured InSight envelope has `per_page: 100`; its sols hold a handful of images, rarely more.
  static let pageSize = 100

  static func latestURL(base: URL) -> URL {
    RawFeedURL.make(base: base, path: ["api", "v1", "raw_image_items", "insight", "latest", ""], items: [])
  }

  /// One sol as mru asks for a range (`N:sol:gte`, `N:sol:lte`); the instrument lower-case, as mru sends it.
  static func itemsURL(base: URL, sol: Int, camera: String?, page: Int) -> URL {
    var items = [
      URLQueryItem(name: "order", value: CuriosityFeed.order), URLQueryItem(name: "per_page", value: String(pageSize)),
      URLQueryItem(name: "page", value: String(page)), URLQueryItem(name: "condition_1", value: "insight:mission"),
      URLQueryItem(name: "condition_2", value: "\(sol):sol:gte"),
      URLQueryItem(name: "condition_3", value: "\(sol):sol:lte"),
    ]
    if let camera { items.append(URLQueryItem(name: "search", value: camera.lowercased())) }
    return RawFeedURL.make(base: base, path: ["api", "v1", "raw_image_items", ""], items: items)
  }

  /// The sol in an InSight image id, `C000M0190_613408865EDR_F0000_0461M_` (camera letter `C` or `D`, three digits,
  /// a letter, the four-digit sol, `_`, the nine-digit spacecraft clock): the feed has no lookup by id, so `photo ID`
  /// lists that sol instead. nil for any other shape.
  static func sol(fromImageID id: String) -> Int? {
    let characters = Array(id.uppercased())
    guard characters.count >= 19, characters[0] == "C" || characters[0] == "D", characters[9] == "_",
      characters[1...3].allSatisfy(\.isASCIIDigitCharacter), characters[4].isLetter,
      characters[5...8].allSatisfy(\.isASCIIDigitCharacter), characters[10...18].allSatisfy(\.isASCIIDigitCharacter)
    else { return nil }
    return Int(String(characters[5...8]))
  }
}

extension Character {
  /// `0`–`9` only: `isNumber` also accepts other scripts' digits, which no image id has.
  fileprivate var isASCIIDigitCharacter: Bool { ("0"..."9").contains(self) }
}
