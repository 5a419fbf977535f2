import Foundation

/// One rover image. Two photos are the same photo when their ids match, whatever else a service changed.
///
/// Encoded as the Photos API's JSON (`id`, `sol`, `camera`, `img_src`, `earth_date`, `rover`), plus the raw feeds'
/// extra keys, so filters written for any service work on any other.
public struct Photo: Sendable {
  /// The service's id for the photo.
  public var id: PhotoID
  /// The mission day the photo was taken on.
  public var sol: Int
  /// The camera that took it.
  public var camera: Camera
  /// The image's address exactly as the service sent it (`img_src`); see ``imageURL`` for one to fetch.
  public var imageSource: String
  /// The Earth date (UTC) the photo belongs to, as the service dates it.
  public var earthDate: CalendarDate
  /// The rover, with its identity and dates only (no totals).
  public var rover: Rover
  /// Clock, Mars time, place, pointing and camera model, where the service gives them.
  public var metadata: FrameMetadata {
    get { metadataBox?.value ?? FrameMetadata() }
    set { metadataBox = newValue.isEmpty ? nil : MetadataBox(newValue) }
  }
  /// The metadata behind a reference, and none when empty (the Photos API's photos): a listing copies its photos
  /// several times (paging, filtering, batching), and the twenty-odd fields inline were half of every copy's bytes.
  private var metadataBox: MetadataBox?
  /// Where the photo was taken, once joined with NASA's localizations (``RoverLocalizations/position(of:)``);
  /// nil when not looked up or not known.
  public var position: Position?
  /// True once a position was looked up (known or not): the photo's JSON then carries `lon`, `lat`, `elevation`
  /// and `position_method`, `null` when unknown; without it those keys are left out, as before positions existed.
  package var includesPosition = false
  /// The service's own record, verbatim, where the listing kept it (NASA's raw feeds): written under `source` in
  /// a `--metadata` sidecar, never in the photo's JSON.
  package var source: JSONValue?
  /// True for a photo made from an image URL alone (piped to `fetch-image -`): its rover, sol and camera are not
  /// known, so the default name template names it after the URL's file instead.
  package var isKnownOnlyByURL = false
  /// True for an older version of a frame listed beside a newer one under the same id (Perseverance's `imageid`
  /// has no version): `{id}` in a file name then carries the version (`…_v01`), so keeping every version needs no
  /// template of its own, and the newest keeps the name a newest-only download gives it.
  package var isOlderVersion = false

  /// A photo from its parts, as a service or a test would make one.
  public init(
    id: PhotoID, sol: Int, camera: Camera, imageSource: String, earthDate: CalendarDate, rover: Rover,
    metadata: FrameMetadata = FrameMetadata()
  ) {
    self.id = id
    self.sol = sol
    self.camera = camera
    self.imageSource = imageSource
    self.earthDate = earthDate
    self.rover = rover
    self.metadata = metadata
  }

  /// The frame's identity decoded from its image file name (or its id): eye, product, sequence, tile, version.
  /// nil for a name no NASA grammar fits.
  public var frame: FrameName? {
    FrameName(imageSource) ?? { if case .text(let text) = id { FrameName(text) } else { nil } }()
  }

  /// The rover's name as the service spells it.
  public var roverName: String { rover.name }

  /// The image to fetch: ``imageSource`` as a URL when it is an http(s) address with a host, NASA's hosts upgraded
  /// to https (old rows still say http); nil when the service sent anything else.
  public var imageURL: URL? { ImageURL.resolve(imageSource) }

  /// Every size the raw feeds list (`small`, `medium`, `large`, `full`), as fetchable URLs; empty where a service
  /// gives one size only.
  public var imageURLs: [String: URL] {
    (metadata.imageFiles ?? [:]).compactMapValues(ImageURL.resolve)
  }
}

extension Photo: Hashable {
  /// Photos are equal when their ids are.
  public static func == (lhs: Photo, rhs: Photo) -> Bool { lhs.id == rhs.id }
  /// Hashes the id only, as equality compares it.
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension Photo: Codable {
  enum CodingKeys: String, CodingKey, CaseIterable {
    case id, sol, camera, rover
    case imageSource = "img_src"
    case earthDate = "earth_date"
  }

  /// Reads any service's photo JSON, leniently where services differ (numbers as strings, dates with times).
  /// - Throws: `DecodingError` when `id`, `sol`, `camera`, `img_src`, `earth_date` or `rover` is missing or invalid.
  public init(from decoder: any Decoder) throws {
    let tape = decoder as? JSONTapeDecoder
    let sixKeys = tape?.memberCount == CodingKeys.allCases.count
    if sixKeys, let tape, let photo = try Photo(sixKeysOf: tape.tape, object: tape.node) {
      self = photo
      return
    }
    let container = try decoder.container(keyedBy: CodingKeys.self)
    id = try container.decode(PhotoID.self, forKey: .id)
    sol = try container.requiredInt(forKey: .sol)
    camera = try container.decode(Camera.self, forKey: .camera)
    imageSource = try container.decode(String.self, forKey: .imageSource)
    guard let date = container.lenientDate(forKey: .earthDate) else {
      throw DecodingError.dataCorruptedError(
        forKey: .earthDate, in: container, debugDescription: "missing or invalid earth_date")
    }
    earthDate = date
    rover = try container.decode(Rover.self, forKey: .rover)
    // Most photos are the six keys above alone (the Photos API's, and rover's own short lines): the thirty-odd
    // optional keys of the frame metadata are looked up only in an object with more members,
    // which spares a download a third of its decoding. (Counted on the fast decoder only; it is the usual one.)
    if sixKeys {
      metadata = FrameMetadata()
      return
    }
    metadata = (try? FrameMetadata(from: decoder)) ?? FrameMetadata()
    (position, includesPosition) = PositionFields.decode(from: decoder)
  }

  /// Writes the Photos API's shape, plus the raw feeds' keys where present.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(sol, forKey: .sol)
    try container.encode(camera, forKey: .camera)
    try container.encode(imageSource, forKey: .imageSource)
    try container.encode(earthDate, forKey: .earthDate)
    try rover.encode(to: container.superEncoder(forKey: .rover), including: [.id])
    try metadata.encode(to: encoder)
    try FrameNameFields(name: frame).encode(to: encoder)
    if includesPosition || position != nil { try PositionFields(position).encode(to: encoder) }
  }
}

/// An immutable ``FrameMetadata`` shared by the copies of one photo.
private final class MetadataBox: Sendable {
  let value: FrameMetadata

  init(_ value: FrameMetadata) { self.value = value }
}
