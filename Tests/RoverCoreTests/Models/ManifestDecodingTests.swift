import Foundation
import Testing

@testable import RoverCore

/// A date the fixtures spell `YYYY-MM-DD`.
private func day(_ text: String) throws -> CalendarDate {
  try #require(CalendarDate(strict: text), "not a date: \(text)")
}

private func entry(_ sol: Int, _ date: String?, _ total: Int, _ cameras: [String]) throws -> SolDescription {
  SolDescription(sol: sol, earthDate: try date.map(day), totalPhotos: total, cameras: cameras)
}

private let sixCuriosityCameras = ["CHEMCAM", "FHAZ", "MAHLI", "MAST", "NAVCAM", "RHAZ"]

@Suite struct ManifestDecodingTests {
  @Test func originalManifestTopLevel() throws {
    let manifest = try FixtureLoader.decode(ManifestEnvelope.self, "original-manifest").manifest
    let rover = manifest.rover
    #expect(rover.id == nil)
    #expect(rover.name == "Curiosity")
    #expect(rover.landingDate == (try day("2012-08-06")))
    #expect(rover.launchDate == (try day("2011-11-26")))
    #expect(rover.status == .active)
    #expect(rover.maxSol == 4102)
    #expect(rover.maxDate == (try day("2024-02-19")))
    #expect(rover.totalPhotos == 695_670)
    #expect(rover.cameras == nil)
  }

  @Test func originalManifestEntriesAreSortedBySol() throws {
    let manifest = try FixtureLoader.decode(ManifestEnvelope.self, "original-manifest").manifest
    // The fixture sends 1000, 0, 4102, 3, 1, 1500.
    #expect(manifest.sols.map(\.sol) == [0, 1, 3, 1000, 1500, 4102])
    let expected = try [
      entry(0, "2012-08-06", 3702, ["CHEMCAM", "FHAZ", "MARDI", "RHAZ"]),
      entry(1, "2012-08-07", 16, ["MAHLI", "MAST", "NAVCAM"]),
      entry(3, "2012-08-09", 338, ["MAST"]),
      entry(1000, "2015-05-30", 856, sixCuriosityCameras),
      entry(1500, "2016-10-25", 237, sixCuriosityCameras),
      entry(4102, "2024-02-19", 27, ["FHAZ", "MAST", "NAVCAM", "RHAZ"]),
    ]
    #expect(manifest.sols == expected)
  }

  @Test func entriesWithoutEarthDate() throws {
    let manifest = try FixtureLoader.decode(ManifestEnvelope.self, "original-manifest-no-earth-date").manifest
    let expectedRover = try Rover(
      id: nil, name: "Spirit", landingDate: day("2004-01-04"), launchDate: day("2003-06-10"), status: .complete,
      maxSol: 2208, maxDate: day("2010-03-21"), totalPhotos: 124_550, cameras: nil)
    #expect(manifest.rover == expectedRover)
    let expected = try [
      entry(1, nil, 77, ["ENTRY", "FHAZ", "NAVCAM", "PANCAM", "RHAZ"]),
      entry(2, nil, 125, ["FHAZ", "NAVCAM", "PANCAM", "RHAZ"]),
      entry(5, nil, 353, ["FHAZ", "MINITES", "NAVCAM", "PANCAM", "RHAZ"]),
      entry(2207, nil, 4, ["NAVCAM", "PANCAM"]),
      entry(2208, nil, 2, ["PANCAM"]),
    ]
    #expect(manifest.sols == expected)
    #expect(manifest.sols.allSatisfy { $0.earthDate == nil })
  }

  @Test func marsVistaManifest() throws {
    let manifest = try FixtureLoader.decode(ManifestEnvelope.self, "marsvista-manifest").manifest
    let expectedRover = try Rover(
      id: nil, name: "Perseverance", landingDate: day("2021-02-18"), launchDate: day("2020-07-30"), status: .active,
      maxSol: 1690, maxDate: day("2025-11-20"), totalPhotos: 456_698, cameras: nil)
    #expect(manifest.rover == expectedRover)
    let expected = try [
      entry(
        0, "2021-02-18", 61,
        ["EDL_DDCAM", "EDL_PUCAM1", "EDL_RDCAM", "EDL_RUCAM", "FRONT_HAZCAM_LEFT_A", "REAR_HAZCAM_LEFT"]),
      entry(
        1, "2021-02-19", 42, ["FRONT_HAZCAM_LEFT_A", "FRONT_HAZCAM_RIGHT_A", "REAR_HAZCAM_LEFT", "REAR_HAZCAM_RIGHT"]),
      entry(2, "2021-02-20", 213, ["NAVCAM_LEFT", "NAVCAM_RIGHT", "SKYCAM"]),
      entry(4, "2021-02-22", 96, ["EDL_DDCAM", "EDL_PUCAM2", "MCZ_LEFT", "MCZ_RIGHT"]),
      entry(
        1676, "2025-11-06", 311,
        ["FRONT_HAZCAM_LEFT_A", "MCZ_LEFT", "MCZ_RIGHT", "NAVCAM_LEFT", "NAVCAM_RIGHT", "SHERLOC_WATSON"]),
      entry(
        1690, "2025-11-20", 148, ["FRONT_HAZCAM_LEFT_A", "FRONT_HAZCAM_RIGHT_A", "NAVCAM_LEFT", "NAVCAM_RIGHT"]),
    ]
    #expect(manifest.sols == expected)
  }

  @Test func sortingHappensInTheInitializerToo() throws {
    let rover = Rover(name: "Curiosity", status: .active)
    let manifest = try PhotoManifest(
      rover: rover, sols: [entry(1500, nil, 1, []), entry(0, nil, 1, []), entry(3, nil, 1, [])])
    #expect(manifest.sols.map(\.sol) == [0, 3, 1500])
  }

  @Test func filteringBySolRangeAndCamera() throws {
    let manifest = try FixtureLoader.decode(ManifestEnvelope.self, "original-manifest").manifest
    #expect(manifest.sols(in: 0...3).map(\.sol) == [0, 1, 3])
    #expect(manifest.sols(camera: "mardi").map(\.sol) == [0])
    #expect(manifest.sols(in: 1000...5000, camera: "ChemCam").map(\.sol) == [1000, 1500])
    #expect(manifest.sols(in: 2...2).isEmpty)
  }

  @Test func manifestForARoverWithoutPhotos() throws {
    let json = """
      {"photo_manifest": {"name": "Opportunity", "landing_date": "2004-01-25", "launch_date": null,
        "status": "complete", "max_sol": null, "max_date": null, "total_photos": 0, "photos": []}}
      """
    let manifest = try JSONDecoder().decode(ManifestEnvelope.self, from: Data(json.utf8)).manifest
    #expect(manifest.rover.name == "Opportunity")
    #expect(manifest.rover.launchDate == nil)
    #expect(manifest.rover.maxSol == nil)
    #expect(manifest.rover.maxDate == nil)
    #expect(manifest.rover.totalPhotos == 0)
    #expect(manifest.sols.isEmpty)
  }
}
