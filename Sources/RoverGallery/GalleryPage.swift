import RoverCore

/// Where the page's text goes: a `String` in tests, a buffered file otherwise.
package protocol GallerySink {
  mutating func write(_ text: String) throws
}

extension String: GallerySink {}

/// The gallery as one self-contained HTML page: its own CSS and script inline, images by relative links, nothing
/// fetched from a network. Every piece of text from a sidecar or a file name goes through `HTMLText`.
package struct GalleryPage: Sendable {
  package var title: String
  package var layout: GalleryLayout
  package var links: GalleryLinks

  package init(title: String, layout: GalleryLayout, links: GalleryLinks) {
    self.title = title
    self.layout = layout
    self.links = links
  }

  /// Writes the page piece by piece, one tile at a time, so a large gallery is never one string in memory.
  package func render<Sink: GallerySink>(into sink: inout Sink) throws {
    var anchors = AnchorNames()
    let ids = sectionIDs(&anchors)
    let map = GalleryMap(layout)
    try sink.write(head())
    try sink.write(header(ids: ids))
    try sink.write("<main>\n")
    try sink.write(map.svg)
    if layout.count == 0 {
      try sink.write("<p class=\"empty\">No JPEG or PNG images in this folder.</p>\n")
    }
    for (roverIndex, rover) in layout.rovers.enumerated() {
      let roverIDs = ids.rovers[roverIndex]
      try sink.write(
        "<section class=\"rover\" id=\"\(roverIDs.rover)\"><h2>\(HTMLText.escape(rover.name)) "
          + "\(Self.count(rover.count))</h2>\n")
      for (solIndex, sol) in rover.sols.enumerated() {
        let dates = sol.earthDates.map(HTMLText.escape).joined(separator: ", ")
        try sink.write(
          "<section class=\"sol\" id=\"\(roverIDs.sols[solIndex])\"><h3><a href=\"#\(roverIDs.sols[solIndex])\">"
            + "Sol \(sol.sol)</a> <span class=\"date\">\(dates)</span> \(Self.count(sol.count))</h3>\n")
        for camera in sol.cameras {
          try writeCamera(camera, into: &sink, anchors: &anchors, map: map)
        }
        try sink.write("</section>\n")
      }
      try sink.write("</section>\n")
    }
    if !layout.unsorted.isEmpty {
      try sink.write(
        "<section class=\"rover unsorted\" id=\"\(ids.unsorted)\"><h2>Without metadata "
          + "\(Self.count(layout.unsorted.count))</h2>\n<ul class=\"grid\">\n")
      for item in layout.unsorted {
        let path = HTMLText.escape(item.path)
        try sink.write(tile(item, id: anchors.unique("file-" + HTMLText.anchor(item.path)), alt: path, meta: path))
      }
      try sink.write("</ul>\n</section>\n")
    }
    try sink.write("</main>\n")
    try sink.write(Self.lightbox)
    try sink.write("<script>\n\(Self.script)\(map.isEmpty ? "" : GalleryMap.script)</script>\n</body>\n</html>\n")
  }

  private func writeCamera<Sink: GallerySink>(
    _ camera: GalleryLayout.CameraGroup, into sink: inout Sink, anchors: inout AnchorNames, map: GalleryMap
  ) throws {
    let name = HTMLText.escape(camera.name)
    let fullName = camera.fullName.map { " <span class=\"full\">\(HTMLText.escape($0))</span>" } ?? ""
    let filterKey = HTMLText.escape(([camera.name] + (camera.fullName.map { [$0] } ?? [])).joined(separator: " "))
    try sink.write(
      "<section class=\"camera\" data-camera=\"\(filterKey.lowercased())\"><h4>\(name)\(fullName) "
        + "\(Self.count(camera.items.count))</h4>\n<ul class=\"grid\">\n")
    for item in camera.items {
      guard let metadata = item.metadata else { continue }
      let camera = HTMLText.escape(metadata.camera)
      let date = HTMLText.escape(metadata.earthDate)
      let id = HTMLText.escape(metadata.id)
      let meta =
        "<b class=\"cam\">\(camera)</b> <span>sol \(metadata.sol)</span> <span>\(date)</span> "
        + Self.frameCaption(metadata) + "<span class=\"id\">\(id)</span>"
      let source = HTMLText.webLink(metadata.source).map {
        " <a class=\"src\" href=\"\(HTMLText.escape($0))\" rel=\"noreferrer noopener external\">source</a>"
      }
      try sink.write(
        tile(
          item, id: anchors.unique("photo-" + HTMLText.anchor(metadata.id)),
          alt: "\(camera), sol \(metadata.sol), \(date), photo \(id)", meta: meta, source: source ?? "",
          place: map.place(of: item.path)))
    }
    try sink.write("</ul>\n</section>\n")
  }

  /// Mars time, place and sequence where the sidecar has them: `LMST 13:19:27`, `site 3 drive 1950`, the
  /// sequence id; each escaped, nothing for what is unknown.
  static func frameCaption(_ metadata: GalleryMetadata) -> String {
    var parts: [String] = []
    if let lmst = metadata.lmst {
      parts.append("<span class=\"lmst\">LMST \(HTMLText.escape(String(lmst.prefix(8))))</span>")
    }
    if let site = metadata.site {
      parts.append("<span class=\"place\">site \(site)\(metadata.drive.map { " drive \($0)" } ?? "")</span>")
    }
    if let sequence = metadata.sequence { parts.append("<span class=\"seq\">\(HTMLText.escape(sequence))</span>") }
    return parts.map { $0 + " " }.joined()
  }

  /// One image: the full-size link around a lazy thumbnail, then its caption. `alt` and `meta` are already escaped.
  private func tile(
    _ item: GalleryItem, id: String, alt: String, meta: String, source: String = "", place: String? = nil
  ) -> String {
    let place = place.map { " data-place=\"\(HTMLText.escape($0))\"" } ?? ""
    return "<li class=\"tile\" id=\"\(id)\"\(place)><a class=\"photo\" href=\"\(HTMLText.escape(links.image(item)))\">"
      + "<img src=\"\(HTMLText.escape(links.thumbnail(item)))\" alt=\"\(alt)\" loading=\"lazy\" decoding=\"async\">"
      + "</a><p class=\"caption\"><span class=\"meta\">\(meta)</span>\(source)</p></li>\n"
  }

  private func head() -> String {
    """
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta http-equiv="Content-Security-Policy" content="\(Self.contentSecurityPolicy)">
    <meta name="referrer" content="no-referrer">
    <meta name="generator" content="rover gallery">
    <title>\(HTMLText.escape(title))</title>
    <style>
    \(Self.style)\(GalleryMap.style)</style>
    </head>
    <body>

    """
  }

  private func header(ids: SectionIDs) -> String {
    var text = "<header>\n<h1>\(HTMLText.escape(title))</h1>\n"
    let solCount = layout.rovers.reduce(0) { $0 + $1.sols.count }
    text +=
      "<p class=\"summary\">\(Self.plural(layout.count, "photo")) · \(Self.plural(layout.rovers.count, "rover")) · "
      + "\(Self.plural(solCount, "sol"))</p>\n"
    let cameras = layout.cameraNames
    if !cameras.isEmpty {
      text +=
        "<div class=\"tools\"><label for=\"filter\">Camera</label> <input id=\"filter\" type=\"search\" "
        + "list=\"camera-names\" placeholder=\"\(Self.placeholder(cameras))\" autocomplete=\"off\"> "
        + "<span id=\"shown\" aria-live=\"polite\"></span></div>\n<datalist id=\"camera-names\">"
        + cameras.map { "<option value=\"\(HTMLText.escape($0))\">" }.joined() + "</datalist>\n"
    }
    guard layout.count > 0 else { return text + "</header>\n" }
    text += "<nav class=\"jump\" aria-label=\"Jump to\"><ul>\n"
    for (roverIndex, rover) in layout.rovers.enumerated() {
      let roverIDs = ids.rovers[roverIndex]
      text +=
        "<li data-target=\"\(roverIDs.rover)\"><a href=\"#\(roverIDs.rover)\">\(HTMLText.escape(rover.name))</a> "
        + "\(Self.count(rover.count))<ul class=\"sols\">"
      for (solIndex, sol) in rover.sols.enumerated() {
        let id = roverIDs.sols[solIndex]
        text += "<li data-target=\"\(id)\"><a href=\"#\(id)\">Sol \(sol.sol)</a> \(Self.count(sol.count))</li>"
      }
      text += "</ul></li>\n"
    }
    if !layout.unsorted.isEmpty {
      text +=
        "<li data-target=\"\(ids.unsorted)\"><a href=\"#\(ids.unsorted)\">Without metadata</a> "
        + "\(Self.count(layout.unsorted.count))</li>\n"
    }
    return text + "</ul></nav>\n</header>\n"
  }

  private struct SectionIDs {
    var rovers: [(rover: String, sols: [String])]
    var unsorted: String
  }

  private func sectionIDs(_ anchors: inout AnchorNames) -> SectionIDs {
    let rovers = layout.rovers.map { rover in
      let base = HTMLText.anchor(rover.name.lowercased())
      return (anchors.unique("rover-" + base), rover.sols.map { anchors.unique("\(base)-sol-\($0.sol)") })
    }
    return SectionIDs(rovers: rovers, unsorted: anchors.unique("unsorted"))
  }

  /// "e.g. CHEMCAM": the first camera name made only of letters, digits and `_`.
  static func placeholder(_ cameras: [String]) -> String {
    let plain = cameras.first { name in name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") } }
    return plain.map { "e.g. \($0)" } ?? "camera name"
  }

  static func count(_ number: Int) -> String { "<span class=\"count\">\(number)</span>" }

  static func plural(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
