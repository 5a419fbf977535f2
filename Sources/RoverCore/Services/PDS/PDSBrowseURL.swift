import Foundation

/// The Atlas gives each product's 256 px "catalog" JPEG; the 1024 px browse JPEG of the same product sits beside it
/// (api-reference 7.2, Oshuma's `pdsFullSizeURL`).
enum PDSBrowseURL {
  /// Cleans the path (the Atlas writes `///` and `//`) and swaps the first `/extras/catalog/` for `/browse/`; a URL
  /// without that segment is only cleaned.
  static func fullSize(_ text: String) -> String {
    guard var components = URLComponents(string: text.trimmingCharacters(in: .whitespaces)) else { return text }
    var path = components.percentEncodedPath
    while path.contains("//") { path = path.replacingOccurrences(of: "//", with: "/") }
    if let range = path.range(of: "/extras/catalog/") { path.replaceSubrange(range, with: "/browse/") }
    components.percentEncodedPath = path
    return components.string ?? text
  }

  /// Where the browse JPEG of a product with no `ATLAS_BROWSE_URL` lives on the archive's own host: volume by
  /// rover and camera, folder by sol (api-reference 7.2).
  static func derived(fileName: String, sol: Int) -> String? {
    let name = fileName.lowercased()
    guard let digit = name.first, PDSRover(digit: digit) != nil, let letter = name.dropFirst().first else { return nil }
    let volumes: [Character: String] = ["p": "p", "n": "n", "f": "h", "r": "h", "m": "m", "e": "d"]
    guard let volume = volumes[letter] else { return nil }
    let folder = String(format: "sol%04d", sol)
    return "https://pds-imaging.jpl.nasa.gov/data/mer/mer\(digit)\(volume)o_0xxx/browse/\(folder)/rdr/\(name).jpg"
  }
}
