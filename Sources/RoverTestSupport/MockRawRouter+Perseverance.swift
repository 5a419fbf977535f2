import Foundation

/// Perseverance's `/rss/api/` feed (api-reference 4.1), quirks included: string `per_page`, a `page` that is a
/// number on even pages and a string on odd ones, every tenth record's `sol` as a string, and fallback images from
/// other sols when the requested sol has none.
extension MockRawRouter {
  static let perseveranceLatestType = "mars2020-latest-images-1.1"
  static let perseveranceListType = "mars2020-raw-images-1.2"
  private static let monthAbbreviations = [
    "Jan.", "Feb.", "Mar.", "Apr.", "May", "Jun.", "Jul.", "Aug.", "Sep.", "Oct.", "Nov.", "Dec.",
  ]

  /// Without `feed=raw_images` and `feedtype=json` this is not the JSON feed, so the answer is the 404 page.
  func perseveranceResponse(for request: TestRequest) -> TestResponse {
    guard request.query("feed") == "raw_images", request.query("feedtype")?.lowercased() == "json" else {
      return .html(Self.notFoundPage, status: 404)
    }
    if request.query("latest")?.lowercased() == "true" {
      return .json(perseveranceLatest().serialized)
    }
    let entries = dataset.entries(rover: MockRawDataset.perseverance)
    if let id = request.query("id") {
      // The reference only says that `json_link` is the list URL plus `&id=<imageid>`. The mock answers with the
      // usual list envelope holding that one record (no records for an unknown id), so a client can decode it with
      // its list model. The category is not checked: the id alone names the image.
      let matches = entries.filter { $0.image.id == id }
      return .json(perseveranceEnvelope(matches, total: matches.count, page: 0, perPage: 100).serialized)
    }
    let categories = Set(
      (request.query("category") ?? "").lowercased().split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      })
    let inCategory = entries.filter { entry in
      categories.contains(entry.image.isIngenuity ? "ingenuity" : "mars2020")
    }
    let query = MockRawQuery(request)
    var selected = inCategory.filter { query.sols.matches($0.image.sol) }
    if query.sols.isPresent && selected.isEmpty {
      // Gotcha 1: a sol (or range) without a single image of the category gets the latest images of any sol
      // instead, with a non-zero total, exactly like the real feed. The instrument and `extended` filters still
      // apply. A sol that has images which those filters remove gets an honest empty list.
      selected = inCategory
    }
    let extended = Self.extendedFilters(request.query("extended"))
    selected = selected.filter { entry in
      query.matchesInstrument(entry.image) && extended.allSatisfy { $0(entry.image) }
    }
    let perPage = min(100, max(1, MockRawQuery.count(request.query("num"), default: 100)))
    let page = MockRawQuery.count(request.query("page"), default: 0)
    let records = Self.slice(query.sorted(selected), page: page, perPage: perPage)
    return .json(perseveranceEnvelope(records, total: selected.count, page: page, perPage: perPage).serialized)
  }

  /// The `latest=true` summary. Counts every camera whatever the `category`, so `latest_sol` can be a sol that only
  /// Ingenuity imaged (103 in the standard data set), where a `category=mars2020` request meets the fallback.
  func perseveranceLatest() -> MockJSON {
    let rover = MockRawDataset.perseverance
    let sols = dataset.sols(rover: rover)
    let latestSols = Array(sols.reversed().prefix(2))
    let latest = dataset.allImages(rover: rover).map(perseveranceReceived).max()
    return .object([
      ("latest", .optional(latest.map { MockRawClock.isoText($0, fraction: false, zulu: true) })),
      ("latest_sol", .optional(sols.last)),
      ("latest_sols", .array(latestSols.map(MockJSON.int))),
      ("new_count", .int(latestSols.reduce(0) { $0 + (dataset.imagesByRover[rover]?[$1]?.count ?? 0) })),
      ("sol_count", .int(sols.count)),
      ("total", .int(dataset.total(rover: rover))),
      ("type", .string(Self.perseveranceLatestType)),
    ])
  }

  /// `date_received`: some hours after the capture, varying by image, in whole seconds.
  func perseveranceReceived(_ image: MockRawImage) -> Int {
    let taken = MockRawClock.milliseconds(fromISO: image.dateTakenUTC) ?? 0
    return (taken / 1000 + 16_732 + Int(MockRawInstrument.seed(image.id) % 1_800)) * 1000
  }

  /// Key order as in the fixtures; odd pages also carry the extra `type` key seen on the real feed.
  private func perseveranceEnvelope(_ entries: [MockRawEntry], total: Int, page: Int, perPage: Int) -> MockJSON {
    var members: [(String, MockJSON)] = [
      ("images", .array(entries.map(perseveranceRecord))),
      ("per_page", .string(String(perPage))),
      ("total_results", .int(total)),
    ]
    if page % 2 == 1 {
      members.append(("type", .string(Self.perseveranceListType)))
    }
    members += [
      ("page", page % 2 == 0 ? .int(page) : .string(String(page))),
      ("mission", "mars2020"),
      ("total_images", .int(dataset.total(rover: MockRawDataset.perseverance))),
    ]
    return .object(members)
  }

  /// One image record with every field of api-reference 4.1. `sol` is a string for every tenth image of a sol
  /// (ordinal 9, 19…), to exercise lenient decoding.
  private func perseveranceRecord(_ entry: MockRawEntry) -> MockJSON {
    let image = entry.image
    let instrument = MockRawInstrument.named(image.instrument)
    let frame = image.isThumbnail ? instrument.thumbnail : instrument.full
    let taken = MockRawClock.milliseconds(fromISO: image.dateTakenUTC) ?? 0
    let clock = MockRawClock.perseverance
    let mars = clock.marsTime(utc: taken)
    let seed = MockRawInstrument.seed(image.id)
    let solSeed = MockRawInstrument.seed("sol \(image.sol)")
    let (site, drive) = MockRawDataset.perseveranceSiteDrive(sol: image.sol)
    let position = MockRawInstrument.vector(seed: seed, scale: 1.2)
    let base = baseURL
    let jsonLink = base + Self.perseverancePath + "?feed=raw_images&category=mars2020&feedtype=json&id=" + image.id
    return .object([
      ("imageid", .string(image.id)),
      ("sol", entry.ordinal % 10 == 9 ? .string(String(image.sol)) : .int(image.sol)),
      (
        "camera",
        .object([
          ("instrument", .string(image.instrument)),
          ("filter_name", .string(instrument.filterName)),
          ("camera_vector", .string(MockRawInstrument.vector(seed: seed >> 7, scale: 1))),
          ("camera_position", .string(position)),
          ("camera_model_type", .string(instrument.cameraModelType)),
          (
            "camera_model_component_list",
            .string(
              [position, MockRawInstrument.vector(seed: seed >> 3, scale: 1), "2.0", "0.0"].joined(separator: ";"))
          ),
        ])
      ),
      (
        "image_files",
        .object(
          MockRawImage.FileSize.allCases.map { size in (size.rawValue, .string(base + image.imagePath(size))) })
      ),
      ("sample_type", .string(image.sampleType)),
      ("date_taken_utc", .string(image.dateTakenUTC)),
      ("date_taken_mars", .string(MockRawClock.lmstText(sol: mars.sol, lmst: mars.lmst))),
      ("date_received", .string(MockRawClock.isoText(perseveranceReceived(image), fraction: false, zulu: true))),
      ("date_taken", .null),
      ("site", .int(site)),
      ("drive", .string(String(drive))),
      ("attitude", .string(MockRawInstrument.vector(seed: solSeed, count: 4, scale: 1))),
      (
        "extended",
        .object([
          ("mastAz", .string(String(Double(Int(seed % 360_000) - 180_000) / 1000))),
          ("mastEl", .string(String(Double(Int((seed >> 24) % 60_000) - 30_000) / 1000))),
          ("sclk", .string(MockRawClock.decimalSeconds(clock.sclk(utc: taken)))),
          ("scaleFactor", .string(frame.scaleFactor)),
          ("xyz", .string(MockRawInstrument.vector(seed: solSeed >> 5, scale: 30))),
          ("subframeRect", .string(frame.subframeRect)),
          ("dimension", .string(frame.dimension)),
        ])
      ),
      ("title", .string(image.title)),
      ("caption", .string(perseveranceCaption(image, instrument: instrument, lmst: mars.lmst))),
      ("credit", "NASA/JPL-Caltech"),
      ("json_link", .string(jsonLink)),
      ("link", .string(base + "/mars2020/multimedia/raw-images/" + image.id)),
    ])
  }

  /// "NASA's Mars Perseverance rover acquired this image using its onboard … This image was acquired on Jun. 1,
  /// 2021 (Sol 100) at the local mean solar time of 15:26:09."
  private func perseveranceCaption(_ image: MockRawImage, instrument: MockRawInstrument, lmst: Int) -> String {
    let opening =
      image.isIngenuity
      ? "NASA's Ingenuity Mars Helicopter acquired this image using its \(instrument.captionPhrase)."
      : "NASA's Mars Perseverance rover acquired this image using its onboard \(instrument.captionPhrase)."
    var day = image.captureDate
    if let date = CivilDate(strict: image.captureDate) {
      day = "\(Self.monthAbbreviations[date.month - 1]) \(date.day), \(date.year)"
    }
    return opening + "\n\nThis image was acquired on \(day) (Sol \(image.sol)) at the local mean solar time of "
      + "\(MockRawClock.timeText(lmst, fraction: false))."
  }

  /// `extended=sample_type::full,product_id::ecm`: `sample_type` compares case-insensitively with `sample_type`,
  /// `product_id` with the letters of the image id's fourth field (`276ECM` → `ECM`); other keys are ignored.
  private static func extendedFilters(_ text: String?) -> [(MockRawImage) -> Bool] {
    (text ?? "").split(separator: ",").compactMap { pair in
      let parts = pair.components(separatedBy: "::")
      guard parts.count == 2 else { return nil }
      let value = parts[1].trimmingCharacters(in: .whitespaces).lowercased()
      switch parts[0].trimmingCharacters(in: .whitespaces).lowercased() {
      case "sample_type":
        return { $0.sampleType.lowercased() == value }
      case "product_id":
        return { image in
          let fields = image.id.split(separator: "_")
          return fields.count > 3 && String(fields[3].drop { $0.isNumber }).lowercased() == value
        }
      default:
        return nil
      }
    }
  }
}
