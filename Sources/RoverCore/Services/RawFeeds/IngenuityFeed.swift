/// Ingenuity on the Perseverance feed (api-reference.md 7.3): Perseverance's record shape, sols and paging under
/// `category=ingenuity`, and two cameras.
enum IngenuityFeed {
  static let category = "ingenuity"
  /// `HELI_NAV` frames start `HNM_`, `HELI_RTE` frames `HSF_`: how `photo ID` knows to ask Ingenuity's category.
  static let imageIDPrefixes = ["HNM_", "HSF_"]

  static func isImageID(_ id: String) -> Bool {
    imageIDPrefixes.contains { id.uppercased().hasPrefix($0) }
  }
}
