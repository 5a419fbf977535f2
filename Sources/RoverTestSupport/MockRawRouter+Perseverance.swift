/// The `/rss/api/` feed (api-reference 4.1, 7.3): Perseverance under `category=mars2020`, Ingenuity under
/// `category=ingenuity`, both under `mars2020,ingenuity`. With the quirks clients trip on: a string `per_page`, a
/// `page` that is a number on even pages and a string on odd ones, every tenth record's `sol` as a string, fallback
/// images from other sols when the requested sol has none, and a repeated `category` that falls back to Perseverance.
extension MockRawRouter {
  /// Without `feed=raw_images` and `feedtype=json` this is not the JSON feed, so the answer is the 404 page.
  func perseveranceResponse(for request: TestRequest) -> TestResponse {
    guard request.query("feed") == "raw_images", request.query("feedtype")?.lowercased() == "json" else {
      return .html(Self.notFoundPage, status: 404)
    }
    let missions = Self.categories(request)
    let all = missions.flatMap { dataset.allImages(rover: $0.rover) }
    if request.query("latest")?.lowercased() == "true" {
      let latest = missions.compactMap { dataset.latestSol(rover: $0.rover) }.max()
      let total = missions.reduce(0) { $0 + dataset.total(rover: $1.rover) }
      var summary: [(String, MockJSON)] = [("latest_sol", .optional(latest)), ("total", .int(total))]
      // Only Perseverance's summary type is on record (4.1).
      if missions == [.mars2020] { summary.append(("type", "mars2020-latest-images-1.1")) }
      return .json(.object(summary))
    }
    if let id = request.query("id") {
      // `json_link` is the list URL plus `&id=<imageid>`: the usual envelope with that one record.
      let matches = all.filter { $0.id == id }
      return .json(perseveranceEnvelope(matches, total: matches.count, page: 0, perPage: 100, missions: missions))
    }
    var selected = all
    if let sols = Self.requestedSols(request) {
      selected = all.filter { sols.contains($0.sol) }
      // Gotcha 1: a sol without a single image of the category gets the latest images of any sol instead.
      if selected.isEmpty { selected = all }
    }
    let instruments = Self.searchedInstruments(request)
    let fullOnly = request.query("extended")?.lowercased() == "sample_type::full"
    selected = selected.filter { image in
      (instruments?.contains(image.instrument.uppercased()) ?? true) && (!fullOnly || !image.isThumbnail)
    }
    let perPage = min(100, max(1, Self.count(request.query("num"), default: 100)))
    let page = Self.count(request.query("page"), default: 0)
    let records = Self.slice(selected, page: page, perPage: perPage)
    return .json(
      perseveranceEnvelope(records, total: selected.count, page: page, perPage: perPage, missions: missions))
  }

  /// `mars2020`, `ingenuity` or both, comma-separated. The feed drops a key sent twice and falls back to its
  /// default, Perseverance (7.3), and so does an absent or unknown category.
  static func categories(_ request: TestRequest) -> [MockRawMission] {
    let values = request.queryItems.filter { $0.name == "category" }.compactMap(\.value)
    guard values.count == 1, let value = values.first else { return [.mars2020] }
    let names = Set(value.lowercased().split(separator: ",").map(String.init))
    let missions = [MockRawMission.mars2020, .ingenuity].filter { names.contains($0.rawValue) }
    return missions.isEmpty ? [.mars2020] : missions
  }

  private func perseveranceEnvelope(
    _ images: [MockRawImage], total: Int, page: Int, perPage: Int, missions: [MockRawMission]
  ) -> MockJSON {
    .object([
      ("images", .array(images.map(perseveranceRecord))),
      ("per_page", .string(String(perPage))),
      ("total_results", .int(total)),
      ("page", page % 2 == 0 ? .int(page) : .string(String(page))),
      ("mission", .string(missions.map(\.rawValue).joined(separator: ","))),
      ("total_images", .int(total)),
    ])
  }

  /// The fields RoverCore decodes, plus Ingenuity's `filter_name: "UNK"` (7.3); `sol` is a string for every tenth
  /// image of a sol, to exercise lenient decoding.
  private func perseveranceRecord(_ image: MockRawImage) -> MockJSON {
    let ordinal = dataset.imagesByRover[image.mission.rover]?[image.sol]?.firstIndex(of: image) ?? 0
    var camera: [(String, MockJSON)] = [("instrument", .string(image.instrument))]
    if image.mission == .ingenuity {
      camera += [("camera_model_type", "CAHVORE"), ("filter_name", "UNK")]
    }
    return .object([
      ("imageid", .string(image.id)),
      ("sol", ordinal % 10 == 9 ? .string(String(image.sol)) : .int(image.sol)),
      ("camera", .object(camera)),
      (
        "image_files",
        .object(MockRawImage.FileSize.allCases.map { ($0.rawValue, .string(baseURL + image.imagePath($0))) })
      ),
      ("sample_type", .string(image.sampleType)),
      ("date_taken_utc", .string(image.dateTakenUTC)),
      ("title", .string(image.title)),
    ])
  }
}
