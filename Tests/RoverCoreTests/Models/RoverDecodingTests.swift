import Foundation
import Testing

@testable import RoverCore

/// A date the fixtures spell `YYYY-MM-DD`.
private func day(_ text: String) throws -> CalendarDate {
  try #require(CalendarDate(strict: text), "not a date: \(text)")
}

/// The nested `{name, full_name}` cameras of the original service (no `id`, no `rover_id`).
private func namedCameras(_ pairs: [(String, String)]) -> [Camera] {
  pairs.map { Camera(id: nil, name: $0.0, fullName: $0.1, roverID: nil) }
}

/// Mars Vista's `{id, name, full_name}` cameras, ids sequential from `firstID`.
private func numberedCameras(from firstID: Int, _ pairs: [(String, String)]) -> [Camera] {
  pairs.enumerated().map { Camera(id: firstID + $0.offset, name: $0.element.0, fullName: $0.element.1) }
}

private let curiosityCameras = [
  ("FHAZ", "Front Hazard Avoidance Camera"), ("NAVCAM", "Navigation Camera"), ("MAST", "Mast Camera"),
  ("CHEMCAM", "Chemistry and Camera Complex"), ("MAHLI", "Mars Hand Lens Imager"), ("MARDI", "Mars Descent Imager"),
  ("RHAZ", "Rear Hazard Avoidance Camera"),
]

private let merCameras = [
  ("FHAZ", "Front Hazard Avoidance Camera"), ("NAVCAM", "Navigation Camera"), ("PANCAM", "Panoramic Camera"),
  ("MINITES", "Miniature Thermal Emission Spectrometer (Mini-TES)"), ("ENTRY", "Entry, Descent, and Landing Camera"),
  ("RHAZ", "Rear Hazard Avoidance Camera"),
]

/// Perseverance in the original's database order: EDL_RDCAM after the rear hazcams.
private let perseveranceCameras = [
  ("EDL_RUCAM", "Rover Up-Look Camera"), ("EDL_DDCAM", "Descent Stage Down-Look Camera"),
  ("EDL_PUCAM1", "Parachute Up-Look Camera A"), ("EDL_PUCAM2", "Parachute Up-Look Camera B"),
  ("NAVCAM_LEFT", "Navigation Camera - Left"), ("NAVCAM_RIGHT", "Navigation Camera - Right"),
  ("MCZ_RIGHT", "Mast Camera Zoom - Right"), ("MCZ_LEFT", "Mast Camera Zoom - Left"),
  ("FRONT_HAZCAM_LEFT_A", "Front Hazard Avoidance Camera - Left"),
  ("FRONT_HAZCAM_RIGHT_A", "Front Hazard Avoidance Camera - Right"),
  ("REAR_HAZCAM_LEFT", "Rear Hazard Avoidance Camera - Left"),
  ("REAR_HAZCAM_RIGHT", "Rear Hazard Avoidance Camera - Right"), ("EDL_RDCAM", "Rover Down-Look Camera"),
  ("SKYCAM", "MEDA Skycam"), ("SHERLOC_WATSON", "SHERLOC WATSON Camera"),
  ("SUPERCAM_RMI", "SuperCam Remote Micro Imager"), ("LCAM", "Lander Vision System Camera"),
]

@Suite struct RoverDecodingTests {
  @Test func originalRoverListKeepsOrderAndIDs() throws {
    let rovers = try FixtureLoader.decode(RoversEnvelope.self, "original-rovers").rovers
    #expect(rovers.map(\.name) == ["Curiosity", "Spirit", "Opportunity", "Perseverance"])
    #expect(rovers.map(\.id) == [5, 7, 6, 8])
    #expect(rovers.map(\.status) == [.active, .complete, .complete, .active])
  }

  @Test func originalCuriosityHasEveryMissionField() throws {
    let rover = try FixtureLoader.decode(RoversEnvelope.self, "original-rovers").rovers[0]
    #expect(rover.id == 5)
    #expect(rover.name == "Curiosity")
    #expect(rover.landingDate == (try day("2012-08-06")))
    #expect(rover.launchDate == (try day("2011-11-26")))
    #expect(rover.status == .active)
    #expect(rover.maxSol == 4102)
    #expect(rover.maxDate == (try day("2024-02-19")))
    #expect(rover.totalPhotos == 695_670)
    #expect(rover.cameras == namedCameras(curiosityCameras))
  }

  @Test func originalSpiritInTheList() throws {
    let rover = try FixtureLoader.decode(RoversEnvelope.self, "original-rovers").rovers[1]
    let expected = try Rover(
      id: 7, name: "Spirit", landingDate: day("2004-01-04"), launchDate: day("2003-06-10"), status: .complete,
      maxSol: 2208, maxDate: day("2010-03-21"), totalPhotos: 124_550, cameras: namedCameras(merCameras))
    #expect(rover == expected)
  }

  @Test func originalRoverWithoutPhotosHasNullMissionFields() throws {
    let rover = try FixtureLoader.decode(RoversEnvelope.self, "original-rovers").rovers[2]
    #expect(rover.id == 6)
    #expect(rover.name == "Opportunity")
    #expect(rover.landingDate == (try day("2004-01-25")))
    #expect(rover.launchDate == nil)
    #expect(rover.status == .complete)
    #expect(rover.maxSol == nil)
    #expect(rover.maxDate == nil)
    #expect(rover.totalPhotos == 0)
    #expect(rover.cameras == namedCameras(merCameras))
  }

  /// A negative latest sol is kept as sent, so the listings' check (`SolBound`) refuses it with exit 65 instead of
  /// listing nothing and succeeding.
  @Test func aNegativeMaxSolIsKeptForTheCheck() throws {
    let json = #"{"name":"Curiosity","max_sol":-5,"max_date":"2012-08-01","total_photos":3}"#
    let rover = try JSONDecoder().decode(Rover.self, from: Data(json.utf8))
    #expect(rover.maxSol == -5)
    #expect(rover.totalPhotos == 3)
  }

  @Test func originalPerseveranceCamerasStayInDatabaseOrder() throws {
    let rover = try FixtureLoader.decode(RoversEnvelope.self, "original-rovers").rovers[3]
    let expected = try Rover(
      id: 8, name: "Perseverance", landingDate: day("2021-02-18"), launchDate: day("2020-07-30"), status: .active,
      maxSol: 868, maxDate: day("2023-07-29"), totalPhotos: 170_350, cameras: namedCameras(perseveranceCameras))
    #expect(rover == expected)
    // Not alphabetical: EDL_RDCAM comes 13th, after the hazcams.
    #expect(rover.cameras?.firstIndex { $0.name == "EDL_RDCAM" } == 12)
  }

  @Test func nestedRoverCamerasHaveNoIDOrRoverID() throws {
    let rovers = try FixtureLoader.decode(RoversEnvelope.self, "original-rovers").rovers
    let cameras = rovers.flatMap { $0.cameras ?? [] }
    #expect(cameras.count == 7 + 6 + 6 + 17)
    #expect(cameras.allSatisfy { $0.id == nil && $0.roverID == nil && $0.fullName != nil })
  }

  @Test func originalSingleRoverRoot() throws {
    let rover = try FixtureLoader.decode(RoverEnvelope.self, "original-rover").rover
    let expected = try Rover(
      id: 7, name: "Spirit", landingDate: day("2004-01-04"), launchDate: day("2003-06-10"), status: .complete,
      maxSol: 2208, maxDate: day("2010-03-21"), totalPhotos: 124_550, cameras: namedCameras(merCameras))
    #expect(rover == expected)
    #expect(rover.status.rawValue == "complete")
  }

  @Test func marsVistaRoverListHasNumberedCameras() throws {
    let rovers = try FixtureLoader.decode(RoversEnvelope.self, "marsvista-rovers").rovers
    #expect(rovers.map(\.name) == ["Perseverance", "Curiosity", "Opportunity", "Spirit"])
    #expect(rovers.map(\.id) == [1, 2, 3, 4])
    let cameraIDs = rovers.flatMap { $0.cameras ?? [] }.map(\.id)
    #expect(cameraIDs == Array(1...36).map { Optional($0) })
    #expect(rovers.flatMap { $0.cameras ?? [] }.allSatisfy { $0.roverID == nil })
  }

  @Test func marsVistaPerseveranceInSeedOrder() throws {
    let rover = try FixtureLoader.decode(RoversEnvelope.self, "marsvista-rovers").rovers[0]
    let seedOrder = [
      ("EDL_RUCAM", "Rover Up-Look Camera"), ("EDL_RDCAM", "Rover Down-Look Camera"),
      ("EDL_DDCAM", "Descent Stage Down-Look Camera"), ("EDL_PUCAM1", "Parachute Up-Look Camera A"),
      ("EDL_PUCAM2", "Parachute Up-Look Camera B"), ("NAVCAM_LEFT", "Navigation Camera - Left"),
      ("NAVCAM_RIGHT", "Navigation Camera - Right"), ("MCZ_RIGHT", "Mast Camera Zoom - Right"),
      ("MCZ_LEFT", "Mast Camera Zoom - Left"), ("FRONT_HAZCAM_LEFT_A", "Front Hazard Avoidance Camera - Left"),
      ("FRONT_HAZCAM_RIGHT_A", "Front Hazard Avoidance Camera - Right"),
      ("REAR_HAZCAM_LEFT", "Rear Hazard Avoidance Camera - Left"),
      ("REAR_HAZCAM_RIGHT", "Rear Hazard Avoidance Camera - Right"), ("SKYCAM", "MEDA Skycam"),
      ("SHERLOC_WATSON", "SHERLOC WATSON Camera"), ("SUPERCAM_RMI", "SuperCam Remote Micro Imager"),
      ("LCAM", "Lander Vision System Camera"),
    ]
    let expected = try Rover(
      id: 1, name: "Perseverance", landingDate: day("2021-02-18"), launchDate: day("2020-07-30"), status: .active,
      maxSol: 1690, maxDate: day("2025-11-20"), totalPhotos: 456_698, cameras: numberedCameras(from: 1, seedOrder))
    #expect(rover == expected)
  }

  @Test func marsVistaCuriosity() throws {
    let rover = try FixtureLoader.decode(RoversEnvelope.self, "marsvista-rovers").rovers[1]
    let cameras = [
      ("FHAZ", "Front Hazard Avoidance Camera"), ("RHAZ", "Rear Hazard Avoidance Camera"), ("MAST", "Mast Camera"),
      ("CHEMCAM", "Chemistry and Camera Complex"), ("MAHLI", "Mars Hand Lens Imager"),
      ("MARDI", "Mars Descent Imager"), ("NAVCAM", "Navigation Camera"),
    ]
    let expected = try Rover(
      id: 2, name: "Curiosity", landingDate: day("2012-08-06"), launchDate: day("2011-11-26"), status: .active,
      maxSol: 4725, maxDate: day("2025-11-21"), totalPhotos: 681_750, cameras: numberedCameras(from: 18, cameras))
    #expect(rover == expected)
  }

  @Test func marsVistaZeroSolAndEmptyDateMeanNoPhotos() throws {
    let rover = try FixtureLoader.decode(RoversEnvelope.self, "marsvista-rovers").rovers[2]
    #expect(rover.id == 3)
    #expect(rover.name == "Opportunity")
    #expect(rover.landingDate == (try day("2004-01-25")))
    #expect(rover.launchDate == (try day("2003-07-07")))
    #expect(rover.status == .complete)
    // `max_sol: 0, max_date: ""` reads the same as the original's nulls.
    #expect(rover.maxSol == nil)
    #expect(rover.maxDate == nil)
    #expect(rover.totalPhotos == 0)
    let mer = [
      ("FHAZ", "Front Hazard Avoidance Camera"), ("RHAZ", "Rear Hazard Avoidance Camera"),
      ("NAVCAM", "Navigation Camera"), ("PANCAM", "Panoramic Camera"),
      ("MINITES", "Miniature Thermal Emission Spectrometer (Mini-TES)"),
      ("ENTRY", "Entry, Descent, and Landing Camera"),
    ]
    #expect(rover.cameras == numberedCameras(from: 25, mer))
  }

  @Test func marsVistaSpirit() throws {
    let rover = try FixtureLoader.decode(RoversEnvelope.self, "marsvista-rovers").rovers[3]
    #expect(rover.id == 4)
    #expect(rover.name == "Spirit")
    #expect(rover.landingDate == (try day("2004-01-04")))
    #expect(rover.launchDate == (try day("2003-06-10")))
    #expect(rover.status == .complete)
    #expect(rover.maxSol == 2209)
    #expect(rover.maxDate == (try day("2010-03-22")))
    #expect(rover.totalPhotos == 301_336)
    #expect(rover.cameras?.map(\.name) == ["FHAZ", "RHAZ", "NAVCAM", "PANCAM", "MINITES", "ENTRY"])
    #expect(rover.cameras?.map(\.id) == [31, 32, 33, 34, 35, 36])
  }

  @Test func bothNoPhotoFormsEncodeAsNull() throws {
    let original = try FixtureLoader.decode(RoversEnvelope.self, "original-rovers").rovers[2]
    let marsVista = try FixtureLoader.decode(RoversEnvelope.self, "marsvista-rovers").rovers[2]
    for rover in [original, marsVista] {
      let object = try #require(
        try JSONSerialization.jsonObject(with: JSONEncoder().encode(rover)) as? [String: Any])
      #expect(object["max_sol"] is NSNull)
      #expect(object["max_date"] is NSNull)
      #expect(object["total_photos"] as? Int == 0)
    }
  }

  @Test(arguments: [
    ("active", RoverStatus.active), ("complete", .complete), ("Complete", .complete), ("ACTIVE", .active),
    ("dormant", .other("dormant")), ("Decommissioned", .other("Decommissioned")),
  ])
  func statusWords(word: String, status: RoverStatus) throws {
    let json = """
      {"rover": {"id": 9, "name": "Zhurong", "landing_date": "2021-05-14", "launch_date": "2020-07-23",
                 "status": "\(word)"}}
      """
    let rover = try JSONDecoder().decode(RoverEnvelope.self, from: Data(json.utf8)).rover
    #expect(rover.status == status)
    #expect(rover.name == "Zhurong")
    #expect(rover.landingDate == (try day("2021-05-14")))
  }

  @Test func unknownStatusKeepsTheServiceWord() throws {
    let json = #"{"id": 9, "name": "Zhurong", "status": "hibernating"}"#
    let rover = try JSONDecoder().decode(Rover.self, from: Data(json.utf8))
    #expect(rover.status == .other("hibernating"))
    #expect(rover.status.rawValue == "hibernating")
    #expect(rover.status.description == "hibernating")
    let encoded = try #require(
      try JSONSerialization.jsonObject(with: JSONEncoder().encode(rover)) as? [String: Any])
    #expect(encoded["status"] as? String == "hibernating")
  }

  @Test func missingOrNullStatusIsUnknown() throws {
    let missing = try JSONDecoder().decode(Rover.self, from: Data(#"{"name": "Curiosity"}"#.utf8))
    let null = try JSONDecoder().decode(Rover.self, from: Data(#"{"name": "Curiosity", "status": null}"#.utf8))
    #expect(missing.status == .other("unknown"))
    #expect(null.status == .other("unknown"))
    #expect(missing.id == nil)
    #expect(missing.cameras == nil)
  }
}
