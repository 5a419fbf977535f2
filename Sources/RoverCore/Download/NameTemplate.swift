import Foundation

/// File names from a template such as `{rover}/{sol}/{id}.{ext}`. Every value a server sent is sanitised so that no
/// name can leave the output directory, hide itself, or exceed the file system's limits.
public struct NameTemplate: Hashable, Sendable {
  /// `{rover}_{sol}_{camera}_{id}.{ext}`: flat, and unique per photo.
  public static let defaultPattern = "{rover}_{sol}_{camera}_{id}.{ext}"
  /// The placeholder names a pattern may use, without braces.
  public static let placeholders = [
    "rover", "sol", "earth_date", "camera", "id", "product", "filename", "ext", "sequence", "tile", "eye", "lmst",
    "site", "drive", "version", "lon", "lat",
  ]
  /// The template of ``defaultPattern``.
  public static let `default` = NameTemplate(
    pattern: defaultPattern,
    segments: [
      .value(.rover), .text("_"), .value(.sol), .text("_"), .value(.camera), .text("_"), .value(.id), .text("."),
      .value(.ext),
    ])

  /// The pattern as given.
  public let pattern: String
  /// The pattern split once into text and placeholders: a bulk download names every photo with it.
  private let segments: [Segment]

  private enum Segment: Hashable {
    case text(String)
    case value(Placeholder)
  }

  /// Parsed once, so naming a photo compares no placeholder names.
  private enum Placeholder: String, Hashable {
    case rover, sol, camera, id, product, filename, ext, sequence, tile, eye, lmst, site, drive, version, lon, lat
    case earthDate = "earth_date"

    var needsFile: Bool { self == .filename || self == .ext }
    var needsFrame: Bool { [.sequence, .tile, .eye, .site, .drive, .version].contains(self) }
    var needsFrameMetadata: Bool { [.lmst, .site, .drive, .sequence].contains(self) }
  }

  /// The placeholders of the pattern whose values come from frame metadata the Photos-API copies do not carry
  /// (`lmst`, `site`, `drive`, `sequence`), in pattern order: such a template needs a service that gives them, and
  /// a photo without the value is named `unknown` there.
  package var frameMetadataPlaceholders: [String] {
    segments.compactMap { segment in
      guard case .value(let placeholder) = segment, placeholder.needsFrameMetadata else { return nil }
      return placeholder.rawValue
    }
  }

  /// Whether the pattern has folders: a flat one (the default) is one component, named without a split and join.
  private let hasFolders: Bool
  /// Whether this is the default pattern, which names a photo known only by its URL after the URL's file: one
  /// default for ids and URLs alike, so an id names its file the same whether given as an argument or piped in.
  private let isDefault: Bool

  private init(pattern: String, segments: [Segment]) {
    self.pattern = pattern
    self.segments = segments
    hasFolders = pattern.contains("/")
    isDefault = pattern == Self.defaultPattern
  }

  /// Checks the pattern up front: known placeholders only, relative, no `..`.
  /// - Throws: ``DownloadError/invalidTemplate(pattern:problem:)`` naming what is wrong.
  public init(_ pattern: String = NameTemplate.defaultPattern) throws {
    guard !pattern.isEmpty else { throw DownloadError.invalidTemplate(pattern: pattern, problem: .empty) }
    guard !pattern.hasPrefix("/") else { throw DownloadError.invalidTemplate(pattern: pattern, problem: .absolute) }
    if pattern.split(separator: "/").contains("..") {
      throw DownloadError.invalidTemplate(pattern: pattern, problem: .parentFolder)
    }
    var segments: [Segment] = []
    var rest = Substring(pattern)
    while let open = rest.firstIndex(of: "{") {
      guard let close = rest[open...].firstIndex(of: "}") else {
        throw DownloadError.invalidTemplate(pattern: pattern, problem: .unclosedBrace)
      }
      let name = String(rest[rest.index(after: open)..<close])
      guard let placeholder = Placeholder(rawValue: name) else {
        throw DownloadError.invalidTemplate(pattern: pattern, problem: .unknownPlaceholder(name))
      }
      if open > rest.startIndex { segments.append(.text(String(rest[..<open]))) }
      segments.append(.value(placeholder))
      rest = rest[rest.index(after: close)...]
    }
    if !rest.isEmpty { segments.append(.text(String(rest))) }
    self.pattern = pattern
    self.segments = segments
    hasFolders = pattern.contains("/")
    isDefault = pattern == Self.defaultPattern
  }

  /// The relative path for `photo`, each component sanitised: no value a server sent can climb out of the output
  /// folder, hide a file or pass the file system's name limit. The default pattern names a photo known only by its
  /// image URL (one piped in as a URL) after the URL's file, as it has no rover, sol or camera to name it by.
  public func path(for photo: Photo) -> String {
    let fallback = { FileNameSanitizer.component("photo-\(photo.id)") }
    if isDefault, photo.isKnownOnlyByURL {
      let component = FileNameSanitizer.component(Self.file(of: photo).name)
      return component.isEmpty ? fallback() : component
    }
    var expanded = ""
    var file: (name: String, ext: String)?
    // The file name's grammar, parsed once for every frame placeholder the template has.
    var frame: FrameName??
    for segment in segments {
      switch segment {
      case .text(let text):
        expanded += text
      case .value(let placeholder):
        // Only the values the template uses are worked out; a value never contributes a separator.
        if placeholder.needsFile && file == nil { file = Self.file(of: photo) }
        if placeholder.needsFrame && frame == nil { frame = .some(photo.frame) }
        expanded += FileNameSanitizer.flatten(Self.value(placeholder, of: photo, file: file, frame: frame ?? nil))
      }
    }
    guard hasFolders else {
      let component = FileNameSanitizer.component(expanded)
      return component.isEmpty ? fallback() : component
    }
    var components: [String] = []
    for part in expanded.split(separator: "/") {
      let component = FileNameSanitizer.component(String(part))
      if !component.isEmpty { components.append(component) }
    }
    return components.isEmpty ? fallback() : components.joined(separator: "/")
  }

  private static func value(
    _ placeholder: Placeholder, of photo: Photo, file: (name: String, ext: String)?, frame: FrameName?
  ) -> String {
    switch placeholder {
    case .rover: return photo.rover.name.lowercased()
    case .sol: return String(photo.sol)
    case .earthDate: return photo.earthDate.description
    case .camera: return photo.camera.name
    case .id:
      // An older version listed beside the newest under one id is told apart by its version.
      guard photo.isOlderVersion, let version = photo.listingKey.version else { return photo.id.description }
      return photo.id.description + (version < 10 ? "_v0\(version)" : "_v\(version)")
    case .product: return photo.productKey
    case .filename: return file?.name ?? ""
    case .ext: return file?.ext ?? ""
    default: return frameValue(placeholder, of: photo, frame: frame)
    }
  }

  /// What the frame's name and metadata say; a value the photo does not have is written as `unknown`, so photos
  /// without it share a folder rather than a name with an empty part.
  private static func frameValue(_ placeholder: Placeholder, of photo: Photo, frame: FrameName?) -> String {
    let value: String? =
      switch placeholder {
      case .sequence: frame?.sequence
      case .tile: frame?.tile.map { String($0) }
      case .eye: frame?.eye?.rawValue
      // `HH-MM-SS`: a colon is a poor character in a file name on other systems.
      case .lmst: photo.metadata.lmst.map { String($0.prefix(8)).replacingOccurrences(of: ":", with: "-") }
      case .site: (photo.metadata.site ?? frame?.site).map { String($0) }
      case .drive: (photo.metadata.drive ?? frame?.drive).map { String($0) }
      case .version: frame?.version.map { String($0) }
      // Six decimals: 6 cm on Mars, finer than any localization; `unknown` where no position was found.
      case .lon: photo.position.map { String(format: "%.6f", $0.longitude) }
      case .lat: photo.position.map { String(format: "%.6f", $0.latitude) }
      default: nil
      }
    return value ?? "unknown"
  }

  /// The extensions `{ext}` keeps from a URL: the formats a kept body can have (``ImageSignature``).
  static let imageExtensions: Set<String> = ["jpg", "jpeg", "png"]

  /// The image URL's file name (percent-decoded) and its extension, `jpg` when it is not an image's.
  private static func file(of photo: Photo) -> (name: String, ext: String) {
    // Bytes rather than URL parsing or Characters: this runs for every photo of a bulk download and re-run.
    var source = photo.imageSource
    let last = source.withUTF8 { bytes -> String in
      let end = bytes.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? bytes.count
      var start = 0
      // Past `scheme://host`, so a URL without a path has no file name. ("://" holds no `?` or `#`: it is
      // before `end`.)
      if let colon = bytes[..<end].firstIndex(of: UInt8(ascii: ":")), bytes[colon...].starts(with: "://".utf8) {
        start = bytes[(colon + 3)..<end].firstIndex(of: UInt8(ascii: "/")) ?? end
      }
      let from = bytes[start..<end].lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? start
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<end]), as: UTF8.self)
    }
    let filename = last.utf8.contains(UInt8(ascii: "%")) ? (last.removingPercentEncoding ?? "") : last
    var ext = ""
    var name = filename
    if let dot = filename.utf8.lastIndex(of: UInt8(ascii: ".")) {
      ext = filename[filename.utf8.index(after: dot)...].lowercased()
      // Only images are kept, so a URL ending `.html`, `.svg` or `.exe` names no file that a web server would
      // serve as such.
      if !Self.imageExtensions.contains(ext) { name += ".jpg" }
    }
    if !Self.imageExtensions.contains(ext) { ext = "jpg" }
    return (name.isEmpty ? "image.\(ext)" : name, ext)
  }
}

extension NameTemplate {
  /// Refuses a template that gives two different images of `photos` one name, before anything is downloaded.
  /// `{id}` tells photos apart, but not two versions of one Perseverance frame (the feed's id has no version):
  /// `{version}`, `{filename}` or `{product}` does. A clash found later, while streaming, fails that photo instead.
  package func checkDistinguishes(_ photos: [Photo]) throws {
    let tellsVersions = ["{version}", "{filename}", "{product}"].contains { pattern.contains($0) }
    var taken: [String: Photo] = [:]
    for photo in photos {
      let path = self.path(for: photo)
      // On the final names: two ids the template tells apart can still meet once cut or sanitised.
      if let other = taken[path], other.imageSource != photo.imageSource, other.listingKey != photo.listingKey,
        other.id != photo.id || !tellsVersions
      {
        throw DownloadError.templateCollision(
          template: pattern, first: other.id.description, second: photo.id.description, path: path)
      }
      taken[path] = taken[path] ?? photo
    }
  }
}
