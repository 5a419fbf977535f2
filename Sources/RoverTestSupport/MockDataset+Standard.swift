extension MockDataset {
  /// The data set most tests use; its numbers are chosen for edge cases, not realism.
  ///
  /// Curiosity: sols 1000 (60 photos), 1001 (25: exactly one page), 1002 (26: spills onto page 2), 1004 (3),
  /// 1007 (130: needs six pages, or two Mars Vista pages of 100), 1010 (7); max_sol 1010. Perseverance: sols 100
  /// (230, more than Mars Vista's 100-per-page cap) and 101 (12). Spirit: sols 1 (4) and 2 (5). Opportunity: no
  /// photos (null max_sol in the original shape). Photo ids start at 100000.
  public static let standard = MockDataset.generated(
    rovers: [.curiosity, .opportunity, .spirit, .perseverance],
    photoCounts: [
      "Curiosity": [1000: 60, 1001: 25, 1002: 26, 1004: 3, 1007: 130, 1010: 7],
      "Perseverance": [100: 230, 101: 12],
      "Spirit": [1: 4, 2: 5],
    ]
  )
}

extension MockRover {
  public static let curiosity = MockRover(
    id: 5, name: "Curiosity", status: "active", landingDate: "2012-08-06", launchDate: "2011-11-26",
    cameras: [
      MockCamera(id: 20, name: "FHAZ", fullName: "Front Hazard Avoidance Camera"),
      MockCamera(id: 21, name: "RHAZ", fullName: "Rear Hazard Avoidance Camera"),
      MockCamera(id: 22, name: "MAST", fullName: "Mast Camera"),
      MockCamera(id: 23, name: "CHEMCAM", fullName: "Chemistry and Camera Complex"),
      MockCamera(id: 24, name: "MAHLI", fullName: "Mars Hand Lens Imager"),
      MockCamera(id: 25, name: "MARDI", fullName: "Mars Descent Imager"),
      MockCamera(id: 26, name: "NAVCAM", fullName: "Navigation Camera"),
    ])

  public static let opportunity = MockRover(
    id: 6, name: "Opportunity", status: "complete", landingDate: "2004-01-25", launchDate: "2003-07-07",
    cameras: [
      MockCamera(id: 14, name: "FHAZ", fullName: "Front Hazard Avoidance Camera"),
      MockCamera(id: 15, name: "RHAZ", fullName: "Rear Hazard Avoidance Camera"),
      MockCamera(id: 16, name: "NAVCAM", fullName: "Navigation Camera"),
      MockCamera(id: 17, name: "PANCAM", fullName: "Panoramic Camera"),
      MockCamera(id: 18, name: "MINITES", fullName: "Miniature Thermal Emission Spectrometer (Mini-TES)"),
      MockCamera(id: 19, name: "ENTRY", fullName: "Entry, Descent, and Landing Camera"),
    ])

  public static let spirit = MockRover(
    id: 7, name: "Spirit", status: "complete", landingDate: "2004-01-04", launchDate: "2003-06-10",
    cameras: [
      MockCamera(id: 27, name: "FHAZ", fullName: "Front Hazard Avoidance Camera"),
      MockCamera(id: 29, name: "NAVCAM", fullName: "Navigation Camera"),
      MockCamera(id: 30, name: "PANCAM", fullName: "Panoramic Camera"),
    ])

  public static let perseverance = MockRover(
    id: 8, name: "Perseverance", status: "active", landingDate: "2021-02-18", launchDate: "2020-07-30",
    cameras: [
      MockCamera(id: 38, name: "NAVCAM_LEFT", fullName: "Navigation Camera - Left"),
      MockCamera(id: 39, name: "NAVCAM_RIGHT", fullName: "Navigation Camera - Right"),
      MockCamera(id: 40, name: "MCZ_LEFT", fullName: "Mast Camera Zoom - Left"),
      MockCamera(id: 41, name: "FRONT_HAZCAM_LEFT_A", fullName: "Front Hazard Avoidance Camera - Left"),
    ])
}
