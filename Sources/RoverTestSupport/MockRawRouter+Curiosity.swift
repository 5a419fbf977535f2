/// Curiosity's `/api/v1/raw_image_items/` service (api-reference 4.2): plain ints and bools in the envelope, one
/// URL per item, lower-case `extended.sample_type`, and no fallback.
extension MockRawRouter {
  /// Needs `condition_1=msl:mission`: without it `items` is empty.
  func curiosityItemsResponse(for request: TestRequest) -> TestResponse {
    let perPage = min(1000, max(1, Self.count(request.query("per_page"), default: 50)))
    let page = Self.count(request.query("page"), default: 0)
    var selected: [MockRawImage] = []
    if request.query("condition_1")?.lowercased() == "msl:mission" {
      let sol = Self.requestedSol(request)
      let instruments = Self.searchedInstruments(request)
      selected = dataset.allImages(rover: MockRawDataset.curiosity).filter { image in
        (sol == nil || sol == image.sol) && (instruments?.contains(image.instrument.uppercased()) ?? true)
      }
    }
    let items = Self.slice(selected, page: page, perPage: perPage)
    return .json(
      .object([
        ("items", .array(items.map(curiosityItem))),
        ("more", .bool((page + 1) * perPage < selected.count)),
        ("total", .int(selected.count)),
        ("page", .int(page)),
        ("per_page", .int(perPage)),
      ]))
  }

  func curiosityLatestResponse() -> TestResponse {
    let rover = MockRawDataset.curiosity
    let latest = MockJSON.object([
      ("latest_sol", .optional(dataset.latestSol(rover: rover))), ("total", .int(dataset.total(rover: rover))),
    ])
    return .json(.object([("success", .bool(true)), ("latest_data", latest)]))
  }

  /// The fields RoverCore decodes. `url` and `https_url` are the same plain-HTTP mock URL: the real `https_url` is
  /// https, which a local server cannot serve.
  private func curiosityItem(_ image: MockRawImage) -> MockJSON {
    let url = MockJSON.string(baseURL + image.imagePath())
    return .object([
      ("id", .optional(image.curiosityID)),
      ("imageid", .string(image.id)),
      ("sol", .int(image.sol)),
      ("instrument", .string(image.instrument)),
      ("url", url),
      ("https_url", url),
      ("date_taken", .string(image.dateTakenUTC)),
      ("is_thumbnail", .bool(image.isThumbnail)),
      ("title", .string(image.title)),
      ("extended", .object([("sample_type", .string(image.sampleType.lowercased()))])),
    ])
  }
}
