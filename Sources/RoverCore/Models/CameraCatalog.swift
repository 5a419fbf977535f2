/// rover's own table of each rover's cameras (api-reference.md 1.7 and the raw feeds' instruments): names, full
/// names, the group a name belongs to (`NAVCAM` on Perseverance is NAVCAM_LEFT and NAVCAM_RIGHT) and color where
/// known. A typo is caught before any request; since services invent new names (6.5), a name is refused only when
/// neither this table nor the service knows it.
package enum CameraCatalog {
  package struct Entry: Sendable, Hashable, Encodable {
    package var name: String
    package var fullName: String
    /// The name the left/right/A/B variants share, which `--camera` accepts for all of them.
    package var group: String?
    /// True for color, false for greyscale, nil where it varies or is not known.
    package var color: Bool?

    enum CodingKeys: String, CodingKey {
      case name, group, color
      case fullName = "full_name"
    }
  }

  static func entry(_ name: String, _ fullName: String, group: String? = nil, color: Bool? = nil) -> Entry {
    Entry(name: name, fullName: fullName, group: group, color: color)
  }

  package static func entries(rover: String) -> [Entry] {
    switch Mission(name: rover) {
    case .curiosity: return curiosity
    case .perseverance: return perseverance
    case .ingenuity: return ingenuity
    case .insight: return insight
    case .spirit, .opportunity: return mer
    case nil: return []
    }
  }

  package static func names(rover: String) -> [String] { entries(rover: rover).map(\.name) }

  /// The names `--camera` means for a rover: the name as typed (services compare names without case) when the
  /// catalog or the service knows it, plus a group's members; nil when nobody knows it.
  package static func resolve(_ camera: String, rover: String, serviceNames: [String]) -> [String]? {
    let entries = entries(rover: rover)
    let members = entries.filter { $0.group?.caseInsensitiveCompare(camera) == .orderedSame }
      .map(\.name).filter { $0.caseInsensitiveCompare(camera) != .orderedSame }
    let named = (serviceNames + entries.map(\.name)).contains { $0.caseInsensitiveCompare(camera) == .orderedSame }
    guard named || !members.isEmpty else { return nil }
    return (named ? [camera] : []) + members
  }
}
