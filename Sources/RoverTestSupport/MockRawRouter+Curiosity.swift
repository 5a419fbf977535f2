/// The `/api/v1/raw_image_items/` service (api-reference 4.2, 7.4): Curiosity under `condition_1=msl:mission`,
/// InSight under `insight:mission`. Plain ints and bools in the envelope, one URL per item, and no fallback.
extension MockRawRouter {
  /// Needs a known `condition_1`: without it `items` is empty.
  func itemsResponse(for request: TestRequest) -> TestResponse {
    let perPage = min(1000, max(1, Self.count(request.query("per_page"), default: 50)))
    let page = Self.count(request.query("page"), default: 0)
    var selected: [MockRawImage] = []
    let mission = [MockRawMission.msl, .insight].first {
      request.query("condition_1")?.lowercased() == "\($0.rawValue):mission"
    }
    if let mission {
      let sols = Self.requestedSols(request)
      let instruments = Self.searchedInstruments(request)
      selected = dataset.allImages(rover: mission.rover).filter { image in
        (sols?.contains(image.sol) ?? true) && (instruments?.contains(image.instrument.uppercased()) ?? true)
      }
    }
    let items = Self.slice(selected, page: page, perPage: perPage)
    return .json(
      .object([
        ("items", .array(items.map { $0.mission == .insight ? insightItem($0) : curiosityItem($0) })),
        ("more", .bool((page + 1) * perPage < selected.count)),
        ("total", .int(selected.count)),
        ("page", .int(page)),
        ("per_page", .int(perPage)),
      ]))
  }

  func itemsLatestResponse(_ mission: MockRawMission) -> TestResponse {
    let rover = mission.rover
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
      ("id", .optional(image.itemID)),
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
