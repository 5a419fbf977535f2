import Foundation

/// One product of the mock Atlas: what a search document says of it (api-reference 7.1). The file name carries the
/// rover (`1` Opportunity, `2` Spirit), the camera letter, the SCLK and the product type (`ilf`, `eff`…).
public struct MockPDSProduct: Sendable, Equatable {
  public static let mission = "mars exploration rover"
  /// SCLK 0: 2000-01-01T11:58:56Z.
  static let clockZero = 946_727_936

  public var spacecraft: String
  public var fileName: String
  public var sol: Int
  public var startTime: String

  public init(spacecraft: String, fileName: String, sol: Int, startTime: String) {
    self.spacecraft = spacecraft
    self.fileName = fileName
    self.sol = sol
    self.startTime = startTime
  }

  /// A product taken `minutes` after 10:00 UTC on `day` (YYYY-MM-DD), its SCLK matching its `START_TIME`.
  public init(spacecraft: String, camera: Character, type: String = "ilf", sol: Int, day: String, minutes: Int) {
    let formatter = ISO8601DateFormatter()
    let time = (formatter.date(from: day + "T10:00:00Z") ?? Date()).addingTimeInterval(Double(minutes * 60 + 17))
    let clock = Int(time.timeIntervalSince1970) - Self.clockZero
    let digit = spacecraft == "opportunity" ? "1" : "2"
    let rest = String(format: "%04dp%04dr0m1", sol % 10_000, 1800 + minutes % 8_000)
    self.init(
      spacecraft: spacecraft, fileName: "\(digit)\(camera)\(clock)\(type)\(rest).img", sol: sol,
      startTime: formatter.string(from: time))
  }

  /// The file stem in upper case, as the Atlas gives it.
  public var productID: String { String(fileName.prefix { $0 != "." }).uppercased() }

  /// `f`, `r`, `n`, `p`, `m` or `e`.
  public var cameraLetter: Character { fileName.dropFirst().first ?? "?" }

  /// A full-frame ILF product: what the client lists.
  public var isFullFrame: Bool { fileName.dropFirst(11).hasPrefix("ilf") }

  /// Where the 256 px catalog JPEG sits (the Atlas's `ATLAS_BROWSE_URL`, before its `///` and `//`).
  public var catalogPath: String { "/data/mer/\(volume)/extras/catalog/\(solFolder)/rdr/\(fileName).jpg" }

  /// Where the 1024 px browse JPEG sits: the client's rewrite of the catalog URL (api-reference 7.2).
  public var browsePath: String { "/data/mer/\(volume)/browse/\(solFolder)/rdr/\(fileName).jpg" }

  private var volume: String {
    let kind: [Character: String] = ["p": "p", "n": "n", "f": "h", "r": "h", "m": "m", "e": "d"]
    return "mer\(fileName.prefix(1))\(kind[cameraLetter] ?? "x")o_0xxx"
  }

  private var solFolder: String { String(format: "sol%04d", sol) }

  /// The fields a search may filter, sort, facet or return.
  static let fields: Set<String> = [
    "ATLAS_MISSION_NAME", "ATLAS_SPACECRAFT_NAME", "PLANET_DAY_NUMBER", "START_TIME", "FILE_NAME", "PRODUCT_ID",
    "ATLAS_BROWSE_URL",
  ]

  /// The value a query on `field` compares with; nil for a field the Atlas would not know.
  func value(_ field: String) -> String? {
    switch field {
    case "ATLAS_MISSION_NAME": return Self.mission
    case "ATLAS_SPACECRAFT_NAME": return spacecraft
    case "PLANET_DAY_NUMBER": return String(sol)
    case "START_TIME": return startTime
    case "FILE_NAME": return fileName
    case "PRODUCT_ID": return productID
    case "ATLAS_BROWSE_URL": return catalogPath
    default: return nil
    }
  }
}
