import Foundation

/// Curiosity's `/api/v1/raw_image_items/` service (api-reference 4.2): plain ints and bools in the envelope,
/// nullable geometry on MSSS cameras, one URL per item, lower-case `extended.sample_type`, and no fallback.
extension MockRawRouter {
  /// Needs `condition_1=msl:mission`: without it, or with any other mission, `items` is empty.
  func curiosityItemsResponse(for request: TestRequest) -> TestResponse {
    let query = MockRawQuery(request)
    let perPage = min(1000, max(1, MockRawQuery.count(request.query("per_page"), default: 50)))
    let page = MockRawQuery.count(request.query("page"), default: 0)
    var selected: [MockRawEntry] = []
    if !query.missions.isEmpty && query.missions.allSatisfy({ $0 == "msl" }) {
      selected = dataset.entries(rover: MockRawDataset.curiosity).filter { entry in
        query.sols.matches(entry.image.sol) && query.matchesInstrument(entry.image)
      }
    }
    let items = Self.slice(query.sorted(selected), page: page, perPage: perPage)
    let (shown, overflow) = page.multipliedReportingOverflow(by: perPage)
    let envelope = MockJSON.object([
      ("items", .array(items.map { curiosityItem($0.image) })),
      ("more", .bool(!overflow && shown + items.count < selected.count)),
      ("total", .int(selected.count)),
      ("page", .int(page)),
      ("per_page", .int(perPage)),
    ])
    return .json(envelope.serialized)
  }

  func curiosityLatestResponse() -> TestResponse {
    let rover = MockRawDataset.curiosity
    let sols = dataset.sols(rover: rover)
    let latestSols = Array(sols.reversed().prefix(2))
    let latest = dataset.allImages(rover: rover).map(curiosityReceived).max()
    let body = MockJSON.object([
      ("success", true),
      (
        "latest_data",
        .object([
          ("latest", .optional(latest.map { MockRawClock.isoText($0, fraction: false, zulu: true) })),
          ("latest_sol", .optional(sols.last)),
          ("latest_sols", .array(latestSols.map(MockJSON.int))),
          ("new_count", .int(latestSols.reduce(0) { $0 + (dataset.imagesByRover[rover]?[$1]?.count ?? 0) })),
          ("sol_count", .int(sols.count)),
          ("total", .int(dataset.total(rover: rover))),
        ])
      ),
    ])
    return .json(body.serialized)
  }

  /// `date_received`: half a day or so after the capture, in whole seconds.
  func curiosityReceived(_ image: MockRawImage) -> Int {
    let taken = MockRawClock.milliseconds(fromISO: image.dateTakenUTC) ?? 0
    return (taken / 1000 + 51_884 + Int(MockRawInstrument.seed(image.id) % 3_600)) * 1000
  }

  /// One item with the fields of api-reference 4.2, in the fixtures' order. `url` and `https_url` are the same
  /// `http://127.0.0.1:<port>/images/msl/<sol>/<imageid>.JPG`: the real `https_url` is https, which a local
  /// plain-HTTP server cannot serve, so both point at the mock.
  private func curiosityItem(_ image: MockRawImage) -> MockJSON {
    let instrument = MockRawInstrument.named(image.instrument)
    let taken = MockRawClock.milliseconds(fromISO: image.dateTakenUTC) ?? 0
    let clock = MockRawClock.curiosity
    let mars = clock.marsTime(utc: taken)
    let seed = MockRawInstrument.seed(image.id)
    let solSeed = MockRawInstrument.seed("sol \(image.sol)")
    let received = curiosityReceived(image)
    let created = received + 86_000 + Int(seed % 1000)
    let (site, drive) = MockRawDataset.curiositySiteDrive(sol: image.sol)
    let url = baseURL + image.imagePath()
    let engineering = !instrument.isMSSS
    let sampleType = image.sampleType.lowercased()
    let subframeRect: String
    switch sampleType {
    case "thumbnail": subframeRect = instrument.thumbnail.subframeRect
    case "subframe": subframeRect = instrument.isMSSS ? "(321,241,648,600)" : "(1,513,1024,512)"
    default: subframeRect = instrument.full.subframeRect
    }
    let scale = Int(image.isThumbnail ? instrument.thumbnail.scaleFactor : instrument.full.scaleFactor)
    let position = MockRawInstrument.vector(seed: seed, scale: 1.4)
    let takenText = MockRawClock.isoText(taken, fraction: false).replacingOccurrences(of: "T", with: " ")
    func geometry(_ value: String) -> MockJSON {
      engineering ? .string(value) : .null
    }
    return .object([
      ("id", .optional(image.curiosityID)),
      ("imageid", .string(image.id)),
      ("sol", .int(image.sol)),
      ("instrument", .string(image.instrument)),
      ("url", .string(url)),
      ("https_url", .string(url)),
      ("date_taken", .string(image.dateTakenUTC)),
      ("date_received", .string(MockRawClock.isoText(received, zulu: true))),
      ("created_at", .string(MockRawClock.isoText(created, zulu: true))),
      ("updated_at", .string(MockRawClock.isoText(created + 3_064_687, zulu: true))),
      ("mission", "msl"),
      ("site", engineering ? .int(site) : .null),
      ("drive", engineering ? .int(drive) : .null),
      ("spacecraft_clock", engineering ? .decimal(MockRawClock.decimalSeconds(clock.sclk(utc: taken))) : .null),
      ("subframe_rect", .string(subframeRect)),
      ("scale_factor", engineering ? .optional(scale) : .null),
      ("camera_vector", geometry(MockRawInstrument.vector(seed: seed >> 7, scale: 1))),
      ("camera_position", geometry(position)),
      ("camera_model_type", geometry(instrument.cameraModelType)),
      (
        "camera_model_component_list",
        geometry([position, MockRawInstrument.vector(seed: seed >> 3, scale: 1)].joined(separator: ";"))
      ),
      ("attitude", geometry(MockRawInstrument.vector(seed: solSeed, count: 4, scale: 1))),
      ("xyz", geometry(MockRawInstrument.vector(seed: solSeed >> 5, scale: 50))),
      ("instrument_sort", .int(instrument.sort)),
      ("sample_type_sort", .int(Self.sampleTypeSort(sampleType))),
      ("is_thumbnail", .bool(image.isThumbnail)),
      ("title", .string(image.title)),
      (
        "description",
        .string(
          "This image was taken by \(instrument.displayName) onboard NASA's Mars rover Curiosity on Sol "
            + "\(image.sol) (\(takenText) UTC).")
      ),
      ("link", .string("/raw_images/\(image.curiosityID.map(String.init) ?? image.id)")),
      ("image_credit", .string(instrument.credit)),
      (
        "extended",
        .object([
          ("lmst", .string(MockRawClock.lmstText(sol: mars.sol, lmst: mars.lmst))),
          ("bucket", "msl-raws"),
          ("mast_az", .string(String(Double(seed % 360_000) / 1000))),
          ("mast_el", .string(String(Double(Int((seed >> 24) % 90_000) - 45_000) / 1000))),
          ("url_list", .string(url)),
          ("contributor", "Team MSLICE"),
          ("filter_name", .null),
          ("sample_type", .string(sampleType)),
        ])
      ),
    ])
  }
}
