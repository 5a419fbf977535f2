import Foundation

/// Each raw feed's record read into `FrameMetadata` (api-reference 8.1 to 8.3). Decoded from the same decoder as
/// the record itself; a field that is missing or malformed is nil, and never fails the record.
enum FeedMetadata {
  /// A Perseverance or Ingenuity record: numbers as strings, tuples as text, the clock and pointing in `extended`.
  struct Perseverance: Decodable {
    var value = FrameMetadata()

    enum Keys: String, CodingKey {
      case site, drive, attitude, title, caption, credit, camera, extended
      case taken = "date_taken_utc", mars = "date_taken_mars", received = "date_received"
    }
    enum CameraKeys: String, CodingKey {
      case filter = "filter_name", type = "camera_model_type", components = "camera_model_component_list"
      case position = "camera_position", vector = "camera_vector"
    }
    enum ExtendedKeys: String, CodingKey {
      case sclk, mastAz, mastEl, scaleFactor, subframeRect, dimension, xyz
    }

    init(from decoder: any Decoder) throws {
      let record = try decoder.container(keyedBy: Keys.self)
      value.takenUTC = FeedValue.utc(record.lenientString(forKey: .taken))
      value.receivedUTC = FeedValue.utc(record.lenientString(forKey: .received))
      value.lmst = FeedValue.marsTime(record.lenientString(forKey: .mars))
      value.site = FeedValue.integer(record.lenientString(forKey: .site))
      value.drive = FeedValue.integer(record.lenientString(forKey: .drive))
      value.attitude = FeedValue.tuple(record.lenientString(forKey: .attitude), count: 4)
      value.title = FeedValue.text(record.lenientString(forKey: .title))
      value.caption = FeedValue.text(record.lenientString(forKey: .caption))
      value.credit = FeedValue.text(record.lenientString(forKey: .credit))
      if let camera = try? record.nestedContainer(keyedBy: CameraKeys.self, forKey: .camera) {
        value.filter = FeedValue.text(camera.lenientString(forKey: .filter))
        value.cameraModel = FeedValue.cameraModel(
          type: camera.lenientString(forKey: .type), components: camera.lenientString(forKey: .components))
        value.cameraPosition = FeedValue.tuple(camera.lenientString(forKey: .position), count: 3)
        value.cameraVector = FeedValue.tuple(camera.lenientString(forKey: .vector), count: 3)
      }
      guard let extended = try? record.nestedContainer(keyedBy: ExtendedKeys.self, forKey: .extended) else { return }
      value.sclk = FeedValue.number(extended.lenientString(forKey: .sclk))
      value.mastAzimuth = FeedValue.number(extended.lenientString(forKey: .mastAz))
      value.mastElevation = FeedValue.number(extended.lenientString(forKey: .mastEl))
      value.scaleFactor = FeedValue.integer(extended.lenientString(forKey: .scaleFactor))
      value.subframe = FeedValue.subframe(extended.lenientString(forKey: .subframeRect))
      value.xyz = FeedValue.tuple(extended.lenientString(forKey: .xyz), count: 3)
      if let size = FeedValue.dimension(extended.lenientString(forKey: .dimension)) {
        (value.width, value.height) = (size.width, size.height)
      }
    }
  }

  /// A `raw_image_items` record (Curiosity, InSight): typed numbers at the top level, Mars time and pointing in
  /// `extended` (`lmst` on Curiosity, `localtime` on InSight).
  struct RawImageItem: Decodable {
    var value = FrameMetadata()

    enum Keys: String, CodingKey {
      case site, drive, attitude, xyz, title, description, extended
      case taken = "date_taken", received = "date_received", clock = "spacecraft_clock"
      case subframe = "subframe_rect", scale = "scale_factor", credit = "image_credit"
      case type = "camera_model_type", components = "camera_model_component_list"
      case position = "camera_position", vector = "camera_vector"
    }
    enum ExtendedKeys: String, CodingKey {
      case lmst, localtime, filter = "filter_name", mastAz = "mast_az", mastEl = "mast_el"
    }

    init(from decoder: any Decoder) throws {
      let record = try decoder.container(keyedBy: Keys.self)
      let text = { (key: Keys) in record.lenientNumberText(forKey: key) }
      value.takenUTC = FeedValue.utc(text(.taken))
      value.receivedUTC = FeedValue.utc(text(.received))
      value.sclk = FeedValue.number(text(.clock))
      value.site = FeedValue.integer(text(.site))
      value.drive = FeedValue.integer(text(.drive))
      value.attitude = FeedValue.tuple(text(.attitude), count: 4)
      value.xyz = FeedValue.tuple(text(.xyz), count: 3)
      value.subframe = FeedValue.subframe(text(.subframe))
      value.scaleFactor = FeedValue.integer(text(.scale))
      value.cameraModel = FeedValue.cameraModel(type: text(.type), components: text(.components))
      value.cameraPosition = FeedValue.tuple(text(.position), count: 3)
      value.cameraVector = FeedValue.tuple(text(.vector), count: 3)
      value.title = FeedValue.text(text(.title))
      value.caption = FeedValue.text(text(.description))
      value.credit = FeedValue.text(text(.credit))
      // A 2018 InSight item sends `extended` as a JSON-encoded string (`"{\"localtime\": \"13:34:21\"}"`,
      // api-reference 8.12): read either form.
      let extended =
        (try? record.decodeIfPresent(Extended.self, forKey: .extended))
        ?? record.lenientString(forKey: .extended).flatMap(Extended.init(encoded:))
      guard let extended else { return }
      value.lmst = FeedValue.marsTime(extended.lmst ?? extended.localtime)
      value.filter = FeedValue.text(extended.filter)
      value.mastAzimuth = FeedValue.number(extended.mastAz)
      value.mastElevation = FeedValue.number(extended.mastEl)
    }

    /// The `extended` values rover reads, as text whichever JSON type they came as.
    struct Extended: Decodable {
      var lmst, localtime, filter, mastAz, mastEl: String?

      /// Longest `extended` string parsed: real ones are under 1 kB.
      static let maximumEncodedLength = 65_536

      init(from decoder: any Decoder) throws {
        let extended = try decoder.container(keyedBy: ExtendedKeys.self)
        lmst = extended.lenientNumberText(forKey: .lmst)
        localtime = extended.lenientNumberText(forKey: .localtime)
        filter = extended.lenientNumberText(forKey: .filter)
        mastAz = extended.lenientNumberText(forKey: .mastAz)
        mastEl = extended.lenientNumberText(forKey: .mastEl)
      }

      /// The object a JSON-encoded `extended` string holds; `nil` for text that is not a JSON object (or too long).
      init?(encoded text: String) {
        guard text.utf8.count <= Self.maximumEncodedLength, text.utf8.first == UInt8(ascii: "{"),
          let value = try? JSONDecoder().decode(Extended.self, from: Data(text.utf8))
        else { return nil }
        self = value
      }
    }
  }
}

extension KeyedDecodingContainer {
  /// A value as text whether the feed sent a string, an integer or a fraction (`813038955.646`): the digits as
  /// sent for strings, Swift's shortest form for numbers.
  func lenientNumberText(forKey key: Key) -> String? {
    if let text = lenientString(forKey: key) { return text }
    guard contains(key), let value = try? decodeIfPresent(Double.self, forKey: key), value.isFinite else {
      return nil
    }
    return String(value)
  }
}
