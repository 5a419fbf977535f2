import Foundation
import Testing

@testable import RoverCore

/// A date the fixtures spell `YYYY-MM-DD`.
private func day(_ text: String) throws -> CalendarDate {
  try #require(CalendarDate(strict: text), "not a date: \(text)")
}

/// The five keys every service embeds in a photo's `rover`.
private func summary(_ id: Int, _ name: String, landing: String, launch: String, _ status: RoverStatus) throws
  -> Rover
{
  try Rover(id: id, name: name, landingDate: day(landing), launchDate: day(launch), status: status)
}

/// Checks every field of a decoded photo; `Photo ==` compares ids only, so it cannot do this itself.
private func expectPhoto(
  _ photo: Photo, id: PhotoID, sol: Int, camera: Camera, imageSource: String, earthDate: String, rover: Rover,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(photo.id == id, sourceLocation: sourceLocation)
  #expect(photo.sol == sol, sourceLocation: sourceLocation)
  #expect(photo.camera == camera, sourceLocation: sourceLocation)
  #expect(photo.imageSource == imageSource, sourceLocation: sourceLocation)
  #expect(photo.earthDate.description == earthDate, sourceLocation: sourceLocation)
  #expect(photo.rover == rover, sourceLocation: sourceLocation)
  #expect(photo.roverName == rover.name, sourceLocation: sourceLocation)
}

/// Parses JSON into plain objects so key sets and values can be compared independently of key order.
private func jsonObject(_ data: Data) throws -> [String: Any] {
  try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

/// The same JSON with keys sorted, so two documents compare as text.
private func normalized(_ object: Any) throws -> String {
  String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
}

private let mslRaw = "http://mars.jpl.nasa.gov/msl-raw-images/proj/msl/redops/ods/surface/sol/01500/opgs/edr"
private let m2020Sol868 = "https://mars.nasa.gov/mars2020-raw-images/pub/ods/surface/sol/00868/ids/edr/browse"
private let m2020Sol1676 = "https://mars.nasa.gov/mars2020-raw-images/pub/ods/surface/sol/01676/ids/edr/browse/ncam"
private let msl4681 = "https://mars.nasa.gov/msl-raw-images/proj/msl/redops/ods/surface/sol/04681/opgs/edr"
private let msl4725 = "https://mars.nasa.gov/msl-raw-images/proj/msl/redops/ods/surface/sol/04725/opgs/edr"

@Suite struct PhotoDecodingTests {
  // MARK: Original / nebulum

  @Test func originalPhotosPage() throws {
    let page = try FixtureLoader.decode(PhotosPage.self, "original-photos")
    #expect(page.pagination == nil)
    #expect(page.photos.count == 3)
    let curiosity = try summary(5, "Curiosity", landing: "2012-08-06", launch: "2011-11-26", .active)
    expectPhoto(
      page.photos[0], id: .number(593_842), sol: 1500,
      camera: Camera(id: 20, name: "FHAZ", fullName: "Front Hazard Avoidance Camera", roverID: 5),
      imageSource: "\(mslRaw)/fcam/FLB_530660118EDR_F0582394FHAZ00318M_.JPG", earthDate: "2016-10-25",
      rover: curiosity)
    expectPhoto(
      page.photos[2], id: .number(593_871), sol: 1500,
      camera: Camera(id: 24, name: "MAHLI", fullName: "Mars Hand Lens Imager", roverID: 5),
      imageSource: "https://mars.nasa.gov/msl-raw-images/msss/01500/mhli/1500MH0001700010502890C00_DXXX.jpg",
      earthDate: "2016-10-25", rover: curiosity)
  }

  @Test func embeddedRoverMayCarryTheOptionalMissionFields() throws {
    let photo = try FixtureLoader.decode(PhotosPage.self, "original-photos").photos[1]
    let cameras = [
      ("FHAZ", "Front Hazard Avoidance Camera"), ("NAVCAM", "Navigation Camera"), ("MAST", "Mast Camera"),
      ("CHEMCAM", "Chemistry and Camera Complex"), ("MAHLI", "Mars Hand Lens Imager"),
      ("MARDI", "Mars Descent Imager"), ("RHAZ", "Rear Hazard Avoidance Camera"),
    ].map { Camera(name: $0.0, fullName: $0.1) }
    let rover = try Rover(
      id: 5, name: "Curiosity", landingDate: day("2012-08-06"), launchDate: day("2011-11-26"), status: .active,
      maxSol: 1626, maxDate: day("2017-03-03"), totalPhotos: 306_684, cameras: cameras)
    expectPhoto(
      photo, id: .number(593_845), sol: 1500,
      camera: Camera(id: 21, name: "RHAZ", fullName: "Rear Hazard Avoidance Camera", roverID: 5),
      imageSource: "\(mslRaw)/rcam/RLB_530660147EDR_F0582394RHAZ00318M_.JPG", earthDate: "2016-10-25", rover: rover)
  }

  @Test func embeddedRoverWithOnlyBaseKeysHasNoMissionFields() throws {
    let photos = try FixtureLoader.decode(PhotosPage.self, "original-photos").photos
    for photo in [photos[0], photos[2]] {
      #expect(photo.rover.maxSol == nil)
      #expect(photo.rover.maxDate == nil)
      #expect(photo.rover.totalPhotos == nil)
      #expect(photo.rover.cameras == nil)
    }
  }

  /// A hostile server's sol past any integer: a decoding error for that photo, never a crash of the whole run.
  @Test(arguments: ["1e300", "99999999999999999999", "-1e19", "\"1e300\""])
  func numberPastAnyIntegerIsRejectedNotATrap(sol: String) {
    let json =
      #"{"id":1,"sol":\#(sol),"camera":{"name":"FHAZ"},"img_src":"http://h/a.jpg","#
      + #""earth_date":"2015-05-30","rover":{"name":"Curiosity"}}"#
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(Photo.self, from: Data(json.utf8)) }
  }

  @Test func emptyListIsAValidPage() throws {
    let page = try FixtureLoader.decode(PhotosPage.self, "original-photos-empty")
    #expect(page.photos.isEmpty)
    #expect(page.pagination == nil)
  }

  @Test func latestPhotosRoot() throws {
    let page = try FixtureLoader.decode(PhotosPage.self, "original-latest-photos")
    #expect(page.pagination == nil)
    #expect(page.photos.map(\.id) == [.number(1_160_912), .number(1_160_947), .number(1_160_989)])
    let rover = page.photos[0].rover
    #expect(rover.id == 8)
    #expect(rover.name == "Perseverance")
    #expect(rover.landingDate == (try day("2021-02-18")))
    #expect(rover.launchDate == (try day("2020-07-30")))
    #expect(rover.status == .active)
    #expect(rover.maxSol == 868)
    #expect(rover.maxDate == (try day("2023-07-29")))
    #expect(rover.totalPhotos == 170_350)
    #expect(rover.cameras?.count == 17)
    #expect(rover.cameras?.first == Camera(name: "EDL_RUCAM", fullName: "Rover Up-Look Camera"))
    #expect(rover.cameras?.last == Camera(name: "LCAM", fullName: "Lander Vision System Camera"))
    #expect(page.photos.allSatisfy { $0.rover == rover })

    expectPhoto(
      page.photos[0], id: .number(1_160_912), sol: 868,
      camera: Camera(id: 38, name: "NAVCAM_LEFT", fullName: "Navigation Camera - Left", roverID: 8),
      imageSource: "\(m2020Sol868)/ncam/NLF_0868_0743985617_209ECM_N0401186NCAM00500_01_295J01_1200.jpg",
      earthDate: "2023-07-29", rover: rover)
    expectPhoto(
      page.photos[1], id: .number(1_160_947), sol: 868,
      camera: Camera(id: 41, name: "MCZ_LEFT", fullName: "Mast Camera Zoom - Left", roverID: 8),
      imageSource: "\(m2020Sol868)/zcam/ZL0_0868_0743991204_113EBY_N0401186ZCAM08871_1100LMJ01_1200.jpg",
      earthDate: "2023-07-29", rover: rover)
    expectPhoto(
      page.photos[2], id: .number(1_160_989), sol: 868,
      camera: Camera(id: 42, name: "FRONT_HAZCAM_LEFT_A", fullName: "Front Hazard Avoidance Camera - Left", roverID: 8),
      imageSource: "\(m2020Sol868)/fcam/FLF_0868_0743996410_522ECM_N0401186FHAZ00200_01_295J01_1200.jpg",
      earthDate: "2023-07-29", rover: rover)
  }

  @Test func singlePhotoRoot() throws {
    let photo = try FixtureLoader.decode(PhotoEnvelope.self, "original-photo").photo
    expectPhoto(
      photo, id: .number(593_842), sol: 1500,
      camera: Camera(id: 20, name: "FHAZ", fullName: "Front Hazard Avoidance Camera", roverID: 5),
      imageSource: "\(mslRaw)/fcam/FLB_530660118EDR_F0582394FHAZ00318M_.JPG", earthDate: "2016-10-25",
      rover: try summary(5, "Curiosity", landing: "2012-08-06", launch: "2011-11-26", .active))
  }

  @Test func unknownKeysAreIgnoredAtEveryLevel() throws {
    let page = try FixtureLoader.decode(PhotosPage.self, "original-photo-unknown-keys")
    #expect(page.pagination == nil)
    #expect(page.photos.count == 2)
    let cameras = [
      ("FHAZ", "Front Hazard Avoidance Camera"), ("NAVCAM", "Navigation Camera"), ("PANCAM", "Panoramic Camera"),
      ("MINITES", "Miniature Thermal Emission Spectrometer (Mini-TES)"),
      ("ENTRY", "Entry, Descent, and Landing Camera"), ("RHAZ", "Rear Hazard Avoidance Camera"),
    ].map { Camera(name: $0.0, fullName: $0.1) }
    let rover = try Rover(
      id: 6, name: "Opportunity", landingDate: day("2004-01-25"), launchDate: day("2003-07-07"), status: .active,
      maxSol: 5111, maxDate: day("2018-06-11"), totalPhotos: 198_439, cameras: cameras)
    let pancam = Camera(id: 17, name: "PANCAM", fullName: "Panoramic Camera", roverID: 6)
    let gallery = "http://mars.nasa.gov/mer/gallery/all/1/p/4037"
    expectPhoto(
      page.photos[0], id: .number(424_905), sol: 4037, camera: pancam,
      imageSource: "\(gallery)/1P486570059EFFCNJDP2407L2M1-BR.JPG", earthDate: "2015-06-03", rover: rover)
    expectPhoto(
      page.photos[1], id: .number(424_906), sol: 4037, camera: pancam,
      imageSource: "\(gallery)/1P486570059EFFCNJDP2407R2M1-BR.JPG", earthDate: "2015-06-03", rover: rover)
  }

  @Test func instrumentCameraNamesPassThrough() throws {
    let photos = try FixtureLoader.decode(PhotosPage.self, "original-photos-instrument-cameras").photos
    let expected: [(id: Int, cameraID: Int, name: String, path: String)] = [
      (1_041_207, 47, "FHAZ_LEFT_B", "\(msl4681)/fcam/FLB_813047390EDR_F1190000FHAZ00302M_.JPG"),
      (1_041_219, 49, "NAV_LEFT_B", "\(msl4681)/ncam/NLB_813049077EDR_F1190000NCAM00354M_.JPG"),
      (1_041_220, 50, "NAV_RIGHT_B", "\(msl4681)/ncam/NRB_813049077EDR_F1190000NCAM00354M_.JPG"),
      (1_041_233, 52, "RHAZ_RIGHT_B", "\(msl4681)/rcam/RRB_813047412EDR_S1190000RHAZ00311M_.JPG"),
      (
        1_041_241, 53, "MAST_LEFT",
        "https://mars.nasa.gov/msl-raw-images/msss/04681/mcam/4681ML1331200041500730C00_DXXX.jpg"
      ),
    ]
    try #require(photos.count == expected.count)
    let curiosity = try summary(1, "Curiosity", landing: "2012-08-06", launch: "2011-11-26", .active)
    for (photo, want) in zip(photos, expected) {
      expectPhoto(
        photo, id: .number(want.id), sol: 4681,
        camera: Camera(id: want.cameraID, name: want.name, fullName: want.name, roverID: 1),
        imageSource: want.path, earthDate: "2025-10-06", rover: curiosity)
    }
  }

  // MARK: Mars Vista

  @Test func marsVistaPhotosWithPagination() throws {
    let page = try FixtureLoader.decode(PhotosPage.self, "marsvista-photos")
    let pagination = try #require(page.pagination)
    #expect(pagination.totalCount == 58)
    #expect(pagination.page == 1)
    #expect(pagination.perPage == 3)
    #expect(pagination.totalPages == 20)

    let perseverance = try summary(1, "Perseverance", landing: "2021-02-18", launch: "2020-07-30", .active)
    let navcam = Camera(id: 6, name: "NAVCAM_LEFT", fullName: "Navigation Camera - Left", roverID: nil)
    let expected: [(id: Int, file: String)] = [
      (2_398_114, "NLF_1676_0815691204_741ECM_N0810000NCAM00501_01_295J01_800.jpg"),
      (2_398_115, "NLF_1676_0815691289_017ECM_N0810000NCAM00501_01_295J01_800.jpg"),
      (2_398_131, "NLF_1676_0815703377_630ECM_N0810000NCAM00502_01_295J01_800.jpg"),
    ]
    try #require(page.photos.count == expected.count)
    for (photo, want) in zip(page.photos, expected) {
      expectPhoto(
        photo, id: .number(want.id), sol: 1676, camera: navcam, imageSource: "\(m2020Sol1676)/\(want.file)",
        earthDate: "2025-11-06", rover: perseverance)
    }
  }

  @Test func marsVistaLatestUsesThePhotosRoot() throws {
    let page = try FixtureLoader.decode(PhotosPage.self, "marsvista-latest")
    let pagination = try #require(page.pagination)
    #expect(pagination.totalCount == 187)
    #expect(pagination.page == 1)
    #expect(pagination.perPage == 3)
    #expect(pagination.totalPages == 63)

    let curiosity = try summary(2, "Curiosity", landing: "2012-08-06", launch: "2011-11-26", .active)
    try #require(page.photos.count == 3)
    expectPhoto(
      page.photos[0], id: .number(2_431_502), sol: 4725,
      camera: Camera(id: 18, name: "FHAZ", fullName: "Front Hazard Avoidance Camera"),
      imageSource: "\(msl4725)/fcam/FLB_816953021EDR_F1201056FHAZ00302M_.JPG", earthDate: "2025-11-21",
      rover: curiosity)
    expectPhoto(
      page.photos[1], id: .number(2_431_517), sol: 4725, camera: Camera(id: 20, name: "MAST", fullName: "Mast Camera"),
      imageSource: "https://mars.nasa.gov/msl-raw-images/msss/04725/mcam/4725MR1334500011402417C00_DXXX.jpg",
      earthDate: "2025-11-21", rover: curiosity)
    expectPhoto(
      page.photos[2], id: .number(2_431_530), sol: 4725,
      camera: Camera(id: 24, name: "NAVCAM", fullName: "Navigation Camera"),
      imageSource: "\(msl4725)/ncam/NRB_816955410EDR_F1201056NCAM00353M_.JPG", earthDate: "2025-11-21",
      rover: curiosity)
  }

  @Test func marsVistaSinglePhotoOnAPDSHost() throws {
    let photo = try FixtureLoader.decode(PhotoEnvelope.self, "marsvista-photo").photo
    expectPhoto(
      photo, id: .number(2_187_613), sol: 2148, camera: Camera(id: 33, name: "NAVCAM", fullName: "Navigation Camera"),
      imageSource:
        "https://planetarydata.jpl.nasa.gov/img/data/mer/spirit/mer2no_0xxx/browse/sol2148/edr/2n317185934eff9400p1955l0m1.img.jpg",
      earthDate: "2010-01-19",
      rover: try summary(4, "Spirit", landing: "2004-01-04", launch: "2003-06-10", .complete))
  }

  @Test(arguments: [
    ("original-photos", true), ("original-latest-photos", true), ("original-photo-unknown-keys", true),
    ("original-photos-instrument-cameras", true), ("marsvista-photos", false), ("marsvista-latest", false),
  ])
  func cameraRoverIDPresence(fixture: String, hasRoverID: Bool) throws {
    let photos = try FixtureLoader.decode(PhotosPage.self, fixture).photos
    #expect(!photos.isEmpty)
    for photo in photos {
      #expect((photo.camera.roverID != nil) == hasRoverID)
      #expect(photo.camera.id != nil)
      if hasRoverID { #expect(photo.camera.roverID == photo.rover.id) }
    }
  }

  // MARK: Ids

  @Test func integerAndStringIDs() throws {
    let json = """
      {"photos": [
        {"id": 102693, "sol": 100, "camera": {"name": "NAVCAM_LEFT"}, "img_src": "https://example.test/a.jpg",
         "earth_date": "2021-05-31", "rover": {"name": "Perseverance", "status": "active"}},
        {"id": "NLF_0100_0675828717_374ECM_N0040860NCAM00100_01_295J", "sol": 100, "camera": {"name": "NAVCAM_LEFT"},
         "img_src": "https://example.test/b.jpg", "earth_date": "2021-05-31",
         "rover": {"name": "Perseverance", "status": "active"}}
      ]}
      """
    let photos = try JSONDecoder().decode(PhotosPage.self, from: Data(json.utf8)).photos
    #expect(photos.map(\.id) == [.number(102_693), .text("NLF_0100_0675828717_374ECM_N0040860NCAM00100_01_295J")])
    #expect(photos.map(\.id.description) == ["102693", "NLF_0100_0675828717_374ECM_N0040860NCAM00100_01_295J"])
    #expect(photos[1].camera == Camera(name: "NAVCAM_LEFT"))
    #expect(photos[1].rover.id == nil)
  }

  @Test func fixturePhotoIDsAreIntegers() throws {
    let ids = try FixtureLoader.decode(PhotosPage.self, "original-photos").photos.map(\.id)
    #expect(ids == [.number(593_842), .number(593_845), .number(593_871)])
    #expect(try FixtureLoader.decode(PhotoEnvelope.self, "marsvista-photo").photo.id == .number(2_187_613))
  }

  // MARK: Identity

  @Test func photosWithTheSameIDAreEqualWhateverElseDiffers() throws {
    let photo = try FixtureLoader.decode(PhotoEnvelope.self, "original-photo").photo
    var changed = photo
    changed.sol = 1
    changed.imageSource = "https://example.test/other.jpg"
    changed.camera = Camera(id: 99, name: "MAST")
    changed.earthDate = try day("2020-01-01")
    #expect(changed == photo)
    #expect(changed.hashValue == photo.hashValue)
    #expect(Set([photo, changed]).count == 1)

    var other = photo
    other.id = .number(593_843)
    #expect(other != photo)
    #expect(Set([photo, other]).count == 2)
  }

  @Test func setDedupesTheSamePhotoFromTwoResponses() throws {
    let page = try FixtureLoader.decode(PhotosPage.self, "original-photos").photos
    let single = try FixtureLoader.decode(PhotoEnvelope.self, "original-photo").photo
    let merged = Set(page + [single])
    #expect(merged.count == 3)
    #expect(Set(merged.map(\.id)) == [.number(593_842), .number(593_845), .number(593_871)])
  }

  // MARK: Encoding

  @Test(arguments: ["original-photo", "marsvista-photo"])
  func reencodingReproducesTheServiceObject(fixture: String) throws {
    let data = try FixtureLoader.data(fixture)
    let photo = try JSONDecoder().decode(PhotoEnvelope.self, from: data).photo
    let original = try #require(try jsonObject(data)["photo"])
    var reencoded = try jsonObject(JSONEncoder().encode(photo))
    // The frame's metadata is added to every photo: unknown (null) on the Photos-API copies, but for what the
    // file name says; the service's own object comes back unchanged beside it.
    let added = Self.metadataKeys.union(Self.frameNameKeys)
    for key in Self.metadataKeys { #expect(reencoded[key] is NSNull, "\(key)") }
    for key in added { reencoded[key] = nil }
    #expect(try normalized(reencoded) == normalized(original))
  }

  static let metadataKeys: Set<String> = [
    "taken_utc", "received_utc", "lmst", "ltst", "sclk", "site", "drive", "xyz", "attitude", "mast_azimuth",
    "mast_elevation", "camera_model", "camera_position", "camera_vector", "width", "height", "subframe",
    "scale_factor", "filter", "title", "caption", "credit",
  ]
  static let frameNameKeys: Set<String> = ["eye", "product", "sequence", "tile", "version"]

  @Test func reencodedPhotoUsesSnakeCaseKeys() throws {
    let photo = try FixtureLoader.decode(PhotoEnvelope.self, "original-photo").photo
    let object = try jsonObject(JSONEncoder().encode(photo))
    #expect(
      Set(object.keys)
        == Set(["id", "sol", "camera", "img_src", "earth_date", "rover"]).union(Self.metadataKeys)
        .union(Self.frameNameKeys))
    #expect(object["eye"] as? String == "left")
    #expect(object["product"] as? String == "EDR")
    #expect(object["sequence"] as? String == "FHAZ00318")
    #expect(object["id"] as? Int == 593_842)
    #expect(object["sol"] as? Int == 1500)
    #expect(object["earth_date"] as? String == "2016-10-25")
    #expect(object["img_src"] as? String == "\(mslRaw)/fcam/FLB_530660118EDR_F0582394FHAZ00318M_.JPG")

    let camera = try #require(object["camera"] as? [String: Any])
    #expect(Set(camera.keys) == ["id", "name", "rover_id", "full_name"])
    #expect(camera["id"] as? Int == 20)
    #expect(camera["name"] as? String == "FHAZ")
    #expect(camera["rover_id"] as? Int == 5)
    #expect(camera["full_name"] as? String == "Front Hazard Avoidance Camera")

    let rover = try #require(object["rover"] as? [String: Any])
    #expect(Set(rover.keys) == ["id", "name", "landing_date", "launch_date", "status"])
    #expect(rover["id"] as? Int == 5)
    #expect(rover["name"] as? String == "Curiosity")
    #expect(rover["landing_date"] as? String == "2012-08-06")
    #expect(rover["launch_date"] as? String == "2011-11-26")
    #expect(rover["status"] as? String == "active")
  }

  @Test func reencodedEmbeddedRoverDropsMissionFields() throws {
    let photo = try FixtureLoader.decode(PhotosPage.self, "original-photos").photos[1]
    #expect(photo.rover.maxSol == 1626)
    let rover = try #require(try jsonObject(JSONEncoder().encode(photo))["rover"] as? [String: Any])
    #expect(Set(rover.keys) == ["id", "name", "landing_date", "launch_date", "status"])
  }

  @Test func reencodedPhotoDecodesToTheSameFields() throws {
    let photo = try FixtureLoader.decode(PhotosPage.self, "original-latest-photos").photos[2]
    let again = try JSONDecoder().decode(Photo.self, from: JSONEncoder().encode(photo))
    var summaryRover = photo.rover
    summaryRover.maxSol = nil
    summaryRover.maxDate = nil
    summaryRover.totalPhotos = nil
    summaryRover.cameras = nil
    expectPhoto(
      again, id: .number(1_160_989), sol: 868, camera: photo.camera, imageSource: photo.imageSource,
      earthDate: "2023-07-29", rover: summaryRover)
  }
}
