import RoverCore

/// The page's order: rover by name, then sol (newest first), then camera by name; images without a sidecar last,
/// by path.
package struct GalleryLayout: Sendable {
  package struct RoverGroup: Sendable {
    package var name: String
    package var sols: [SolGroup]
    package var count: Int { sols.reduce(0) { $0 + $1.count } }
  }

  package struct SolGroup: Sendable {
    package var sol: Int
    /// The Earth dates the sol's photos give: one, unless sidecars disagree.
    package var earthDates: [String]
    package var cameras: [CameraGroup]
    package var count: Int { cameras.reduce(0) { $0 + $1.items.count } }
  }

  package struct CameraGroup: Sendable {
    package var name: String
    package var fullName: String?
    package var items: [GalleryItem]
  }

  package var rovers: [RoverGroup]
  /// Images without a readable sidecar.
  package var unsorted: [GalleryItem]

  package var count: Int { rovers.reduce(unsorted.count) { $0 + $1.count } }
  /// Every camera name, once, in order.
  package var cameraNames: [String] {
    Set(rovers.flatMap { $0.sols.flatMap { $0.cameras.map(\.name) } }).sorted()
  }

  package init(items: [GalleryItem]) {
    var unsorted: [GalleryItem] = []
    var byRover: [String: [Int: [String: [GalleryItem]]]] = [:]
    for item in items {
      guard let metadata = item.metadata else {
        unsorted.append(item)
        continue
      }
      byRover[metadata.rover, default: [:]][metadata.sol, default: [:]][metadata.camera, default: []].append(item)
    }
    rovers = byRover.sorted { Self.ascending($0.key, $1.key) }.map { rover, sols in
      RoverGroup(
        name: rover,
        sols: sols.sorted { $0.key > $1.key }.map { sol, cameras in
          let groups = cameras.sorted { Self.ascending($0.key, $1.key) }.map { camera, items in
            CameraGroup(
              name: camera, fullName: items.lazy.compactMap { $0.metadata?.cameraFullName }.first,
              items: items.sorted(by: Self.photoOrder))
          }
          let dates = Set(groups.flatMap { $0.items.compactMap { $0.metadata?.earthDate } }).sorted()
          return SolGroup(sol: sol, earthDates: dates, cameras: groups)
        })
    }
    self.unsorted = unsorted.sorted { Self.ascending($0.path, $1.path) }
  }

  /// Case-insensitive, digits compared as numbers, so `photo 9` comes before `photo 10`; ties by raw order.
  static func ascending(_ lhs: String, _ rhs: String) -> Bool {
    let left = NaturalKey(lhs)
    let right = NaturalKey(rhs)
    return left == right ? lhs < rhs : left < right
  }

  /// By photo id (numbers as numbers), then path.
  static func photoOrder(_ lhs: GalleryItem, _ rhs: GalleryItem) -> Bool {
    let left = lhs.metadata?.id ?? ""
    let right = rhs.metadata?.id ?? ""
    return left == right ? ascending(lhs.path, rhs.path) : ascending(left, right)
  }
}

/// A sort key that compares runs of digits by value and everything else case-insensitively.
struct NaturalKey: Comparable {
  enum Part: Comparable {
    case number(Int, width: Int)
    case text(String)

    static func < (lhs: Part, rhs: Part) -> Bool {
      switch (lhs, rhs) {
      case (.number(let a, let aw), .number(let b, let bw)): return a != b ? a < b : aw < bw
      case (.number, .text): return true
      case (.text, .number): return false
      case (.text(let a), .text(let b)): return a < b
      }
    }
  }

  let parts: [Part]

  init(_ text: String) {
    var parts: [Part] = []
    var current = ""
    var digits = false
    func flush() {
      guard !current.isEmpty else { return }
      // Very long digit runs do not fit an Int: compare them as text.
      if digits, current.count < 18, let value = Int(current) {
        parts.append(.number(value, width: current.count))
      } else {
        parts.append(.text(current.lowercased()))
      }
      current = ""
    }
    for character in text {
      let isDigit = character.isASCII && character.isNumber
      if isDigit != digits { flush() }
      digits = isDigit
      current.append(character)
    }
    flush()
    self.parts = parts
  }

  static func < (lhs: NaturalKey, rhs: NaturalKey) -> Bool { lhs.parts.lexicographicallyPrecedes(rhs.parts) }
}
