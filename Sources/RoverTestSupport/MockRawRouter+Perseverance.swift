/// Perseverance's `/rss/api/` feed (api-reference 4.1), with the quirks clients trip on: a string `per_page`, a
/// `page` that is a number on even pages and a string on odd ones, every tenth record's `sol` as a string, and
/// fallback images from other sols when the requested sol has none.
extension MockRawRouter {
  /// Without `feed=raw_images` and `feedtype=json` this is not the JSON feed, so the answer is the 404 page.
  func perseveranceResponse(for request: TestRequest) -> TestResponse {
    guard request.query("feed") == "raw_images", request.query("feedtype")?.lowercased() == "json" else {
      return .html(Self.notFoundPage, status: 404)
    }
    let rover = MockRawDataset.perseverance
    if request.query("latest")?.lowercased() == "true" {
      return .json(
        .object([
          ("latest_sol", .optional(dataset.latestSol(rover: rover))), ("total", .int(dataset.total(rover: rover))),
          ("type", "mars2020-latest-images-1.1"),
        ]))
    }
    let all = dataset.allImages(rover: rover)
    if let id = request.query("id") {
      // `json_link` is the list URL plus `&id=<imageid>`: the usual envelope with that one record.
      let matches = all.filter { $0.id == id }
      return .json(perseveranceEnvelope(matches, total: matches.count, page: 0, perPage: 100))
    }
    let categories = Set((request.query("category") ?? "").lowercased().split(separator: ","))
    let inCategory = all.filter { categories.contains($0.isIngenuity ? "ingenuity" : "mars2020") }
    var selected = inCategory
    if let sol = Self.requestedSol(request) {
      selected = inCategory.filter { $0.sol == sol }
      // Gotcha 1: a sol without a single image of the category gets the latest images of any sol instead.
      if selected.isEmpty { selected = inCategory }
    }
    let instruments = Self.searchedInstruments(request)
    let fullOnly = request.query("extended")?.lowercased() == "sample_type::full"
    selected = selected.filter { image in
      (instruments?.contains(image.instrument.uppercased()) ?? true) && (!fullOnly || !image.isThumbnail)
    }
    let perPage = min(100, max(1, Self.count(request.query("num"), default: 100)))
    let page = Self.count(request.query("page"), default: 0)
    let records = Self.slice(selected, page: page, perPage: perPage)
    return .json(perseveranceEnvelope(records, total: selected.count, page: page, perPage: perPage))
  }

  private func perseveranceEnvelope(_ images: [MockRawImage], total: Int, page: Int, perPage: Int) -> MockJSON {
    .object([
      ("images", .array(images.map(perseveranceRecord))),
      ("per_page", .string(String(perPage))),
      ("total_results", .int(total)),
      ("page", page % 2 == 0 ? .int(page) : .string(String(page))),
      ("mission", "mars2020"),
    ])
  }

  /// The fields RoverCore decodes; `sol` is a string for every tenth image of a sol, to exercise lenient decoding.
  private func perseveranceRecord(_ image: MockRawImage) -> MockJSON {
    let ordinal = dataset.imagesByRover[MockRawDataset.perseverance]?[image.sol]?.firstIndex(of: image) ?? 0
    return .object([
      ("imageid", .string(image.id)),
      ("sol", ordinal % 10 == 9 ? .string(String(image.sol)) : .int(image.sol)),
      ("camera", .object([("instrument", .string(image.instrument))])),
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
