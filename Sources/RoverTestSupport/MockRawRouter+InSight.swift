extension MockRawRouter {
  /// An InSight item key for key as the captured record of api-reference 7.4: the lower-case instrument, no
  /// `extended.sample_type` (a thumbnail is known only by `is_thumbnail`), `extended` holding only `localtime`,
  /// geometry null. `spacecraft_clock` is the whole seconds of the id's clock (the mock writes no fractions);
  /// `url` and `https_url` are the same plain-HTTP mock URL.
  func insightItem(_ image: MockRawImage) -> MockJSON {
    let url = MockJSON.string(baseURL + image.imagePath())
    let clock = image.id.split(separator: "_").dropFirst().first.flatMap { Int($0.prefix(9)) }
    return .object([
      ("id", .optional(image.itemID)),
      ("camera_vector", .null),
      ("site", .null),
      ("imageid", .string(image.id)),
      ("subframe_rect", "(1,1,1024,1024)"),
      ("sol", .int(image.sol)),
      ("scale_factor", .int(1)),
      ("camera_model_component_list", .null),
      ("instrument", .string(image.instrument)),
      ("url", url),
      ("spacecraft_clock", .optional(clock)),
      ("attitude", .null),
      ("camera_position", .null),
      ("camera_model_type", .null),
      ("drive", .null),
      ("xyz", .null),
      ("created_at", .string(image.dateTakenUTC)),
      ("updated_at", .string(image.dateTakenUTC)),
      ("mission", "insight"),
      ("extended", .object([("localtime", .optional(image.localTime))])),
      ("date_taken", .string(image.dateTakenUTC)),
      ("date_received", .string(image.dateTakenUTC)),
      ("instrument_sort", .int(99)),
      ("sample_type_sort", .int(99)),
      ("is_thumbnail", .bool(image.isThumbnail)),
      ("title", .string(image.title)),
      ("description", .string("NASA's InSight Mars lander acquired this image on Sol \(image.sol).")),
      ("link", .string("/raw_images/\(image.itemID ?? 0)")),
      ("image_credit", "NASA/JPL-Caltech"),
      ("https_url", url),
    ])
  }
}
