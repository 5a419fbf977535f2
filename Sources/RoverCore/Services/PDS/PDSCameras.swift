/// The MER cameras by the letter at `FILE_NAME[1]` (api-reference 7.1), named as the original API and Mars Vista
/// name them, so `--camera` means the same on every service.
enum PDSCameras {
  struct Entry: Sendable {
    var letter: Character
    var name: String
    var fullName: String
  }

  static let all: [Entry] = [
    Entry(letter: "f", name: "FHAZ", fullName: "Front Hazard Avoidance Camera"),
    Entry(letter: "r", name: "RHAZ", fullName: "Rear Hazard Avoidance Camera"),
    Entry(letter: "n", name: "NAVCAM", fullName: "Navigation Camera"),
    Entry(letter: "p", name: "PANCAM", fullName: "Panoramic Camera"),
    // The other services file Microscopic Imager frames as MINITES (api-reference 7.1): same name here, true
    // full name.
    Entry(letter: "m", name: "MINITES", fullName: "Microscopic Imager"),
    Entry(letter: "e", name: "ENTRY", fullName: "Entry, Descent, and Landing Camera"),
  ]

  static var names: [String] { all.map(\.name) }

  /// The camera of a file name such as `1n137056144ilf2002p1825r0m1.img`; an unknown letter keeps the letter.
  static func camera(fileName: String) -> Camera {
    let letter = fileName.dropFirst().first.map { Character($0.lowercased()) } ?? "?"
    guard let entry = all.first(where: { $0.letter == letter }) else {
      return Camera(name: String(letter).uppercased())
    }
    return Camera(name: entry.name, fullName: entry.fullName)
  }

  /// The entry for a camera name as users type it; `MI` is accepted for the Microscopic Imager.
  static func entry(named name: String) -> Entry? {
    let wanted = name.uppercased() == "MI" ? "MINITES" : name.uppercased()
    return all.first { $0.name == wanted }
  }

  /// The positional `FILE_NAME` filter for full-frame ILF products, of one camera or of all: positional because
  /// "matching 'ilf' anywhere would also catch mosaics" (api-reference 7.1).
  static func pattern(letter: Character?) -> String {
    "FILE_NAME:?\(letter.map(String.init) ?? "?")?????????ilf*"
  }

}
