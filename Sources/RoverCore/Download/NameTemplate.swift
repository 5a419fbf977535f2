import Foundation

/// File names from a template such as `{rover}/{sol}/{id}.{ext}`. Every value a server sent is sanitised so that no
/// name can leave the output directory, hide itself, or exceed the file system's limits.
public struct NameTemplate: Hashable, Sendable {
  public static let defaultPattern = "{rover}_{sol}_{camera}_{id}.{ext}"
  public static let placeholders = ["rover", "sol", "earth_date", "camera", "id", "product", "filename", "ext"]

  public let pattern: String

  /// Checks the user's pattern up front: known placeholders only, relative, no `..`.
  public init(_ pattern: String = NameTemplate.defaultPattern) throws {
    guard !pattern.isEmpty else { throw DownloadError.invalidTemplate("the name template is empty") }
    guard !pattern.hasPrefix("/") else {
      throw DownloadError.invalidTemplate("the name template must be relative: '\(pattern)'")
    }
    if pattern.split(separator: "/").contains("..") {
      throw DownloadError.invalidTemplate("the name template may not contain '..': '\(pattern)'")
    }
    var rest = Substring(pattern)
    while let open = rest.firstIndex(of: "{") {
      guard let close = rest[open...].firstIndex(of: "}") else {
        throw DownloadError.invalidTemplate("unclosed '{' in the name template '\(pattern)'")
      }
      let name = String(rest[rest.index(after: open)..<close])
      guard NameTemplate.placeholders.contains(name) else {
        let known = NameTemplate.placeholders.map { "{\($0)}" }.joined(separator: " ")
        throw DownloadError.invalidTemplate("unknown placeholder {\(name)} in the name template (known: \(known))")
      }
      rest = rest[rest.index(after: close)...]
    }
    self.pattern = pattern
  }

  /// The relative path for `photo`, each component sanitised.
  public func path(for photo: Photo) -> String {
    let values = NameTemplate.values(for: photo)
    var expanded = ""
    var rest = Substring(pattern)
    while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
      expanded += rest[..<open]
      let name = String(rest[rest.index(after: open)..<close])
      // A value never contributes a separator: slashes inside it are flattened here.
      expanded += FileNameSanitizer.flatten(values[name] ?? "")
      rest = rest[rest.index(after: close)...]
    }
    expanded += rest
    let components = expanded.split(separator: "/").map { FileNameSanitizer.component(String($0)) }
      .filter { !$0.isEmpty }
    return components.isEmpty ? FileNameSanitizer.component("photo-\(photo.id)") : components.joined(separator: "/")
  }

  static func values(for photo: Photo) -> [String: String] {
    // String work rather than URL parsing: this runs for every photo of a bulk download.
    let path = photo.imageSource.prefix { $0 != "?" && $0 != "#" }
    let afterHost = path.range(of: "://").map { path[$0.upperBound...].drop { $0 != "/" } } ?? path[...]
    let filename = String(afterHost.split(separator: "/").last ?? "").removingPercentEncoding ?? ""
    var ext = filename.contains(".") ? String(filename.split(separator: ".").last ?? "").lowercased() : ""
    if ext.isEmpty || ext.count > 5 { ext = "jpg" }
    return [
      "rover": photo.rover.name.lowercased(), "sol": String(photo.sol), "earth_date": photo.earthDate.description,
      "camera": photo.camera.name, "id": photo.id.description, "product": photo.productKey,
      "filename": filename.isEmpty ? "image.\(ext)" : filename,
      "ext": ext,
    ]
  }
}

extension NameTemplate {
  /// Refuses a template that gives two different images of `photos` one name, before anything is downloaded.
  /// (`{id}` always tells photos apart; a clash found later, while streaming, fails that photo instead.)
  public func checkDistinguishes(_ photos: [Photo]) throws {
    guard !pattern.contains("{id}"), !pattern.contains("{product}") else { return }
    var taken: [String: Photo] = [:]
    for photo in photos {
      let path = self.path(for: photo)
      if let other = taken[path], other.imageSource != photo.imageSource, other.id != photo.id {
        throw DownloadError.templateCollision(
          template: pattern, first: other.id.description, second: photo.id.description, path: path)
      }
      taken[path] = taken[path] ?? photo
    }
  }
}
