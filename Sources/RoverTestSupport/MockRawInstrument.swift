/// What the feeds say about each camera: names for titles and captions, frame geometry, Curiosity's sort key and
/// credit. Values follow api-reference 4 and the `raw-*.json` fixtures; an unknown instrument gets plain defaults.
struct MockRawInstrument {
  struct Frame {
    let subframeRect: String
    let dimension: String
    let scaleFactor: String
  }

  let name: String
  /// Title text: `Left Navigation Camera (Navcam)` (Perseverance), `Left Navigation Camera` (Curiosity).
  let displayName: String
  /// Perseverance caption text after "using its onboard" (or "using its" for Ingenuity).
  let captionPhrase: String
  let filterName: String
  let cameraModelType: String
  let full: Frame
  let thumbnail: Frame
  /// Curiosity's `instrument_sort`.
  let sort: Int
  let credit: String
  /// Curiosity's Malin Space Science Systems cameras, whose items have null geometry (site, drive, clock, vectors).
  let isMSSS: Bool

  static func named(_ name: String) -> MockRawInstrument {
    table[name.uppercased()]
      ?? MockRawInstrument(
        name: name, displayName: name, captionPhrase: name, filterName: "UNK", cameraModelType: "CAHVOR",
        full: navcamFull, thumbnail: navcamThumbnail, sort: 9, credit: "NASA/JPL-Caltech", isMSSS: false)
  }

  /// `(0.1935…,0.9809…,-0.0178…)`-style tuples of up to 4 numbers that vary by `seed`, for camera vectors,
  /// positions and attitudes.
  static func vector(seed: UInt64, count: Int = 3, scale: Double, offset: Double = 0) -> String {
    let parts = (0..<min(count, 4)).map { index -> String in
      let bits = (seed >> (UInt64(index) * 16)) & 0xFFFF
      let value = (Double(bits) / 65_535 * 2 - 1) * scale + offset
      return String((value * 1_000_000).rounded() / 1_000_000)
    }
    return "(" + parts.joined(separator: ",") + ")"
  }

  /// FNV-1a, for stable per-image variation.
  static func seed(_ text: String) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in text.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    return hash
  }

  private static let navcamFull = Frame(subframeRect: "(1,1,1280,960)", dimension: "(1280,960)", scaleFactor: "1")
  private static let navcamThumbnail = Frame(
    subframeRect: "(1,1,5120,3840)", dimension: "(160,120)", scaleFactor: "32")
  private static let hazcamFull = Frame(subframeRect: "(1,1,5120,3840)", dimension: "(1280,960)", scaleFactor: "UNK")
  private static let hazcamThumbnail = Frame(
    subframeRect: "(1,1,5120,3840)", dimension: "(160,120)", scaleFactor: "UNK")
  private static let engineeringFull = Frame(
    subframeRect: "(1,1,1024,1024)", dimension: "(1024,1024)", scaleFactor: "1")
  private static let engineeringThumbnail = Frame(
    subframeRect: "(1,1,1024,1024)", dimension: "(128,128)", scaleFactor: "8")
  private static let mastcamFull = Frame(subframeRect: "(161,1,1344,1200)", dimension: "(1344,1200)", scaleFactor: "1")
  private static let mastcamThumbnail = Frame(
    subframeRect: "(161,1,1344,1200)", dimension: "(160,144)", scaleFactor: "8")
  private static let mahliFull = Frame(subframeRect: "(1,1,1600,1200)", dimension: "(1600,1200)", scaleFactor: "1")
  private static let mahliThumbnail = Frame(
    subframeRect: "(1,1,1600,1200)", dimension: "(160,144)", scaleFactor: "8")

  private static let navcamPurpose =
    "a camera that, as one of a pair, captures images in 3D to support rover navigation"
  private static let mastcamPurpose =
    "Mastcam-Z is a pair of cameras located high on the rover's mast that can zoom, focus and take 3D pictures"

  private static let table: [String: MockRawInstrument] = Dictionary(
    uniqueKeysWithValues: [
      perseverance(
        "NAVCAM_LEFT", "Left Navigation Camera (Navcam)", "Left Navigation Camera (Navcam), \(navcamPurpose)",
        filter: "UNK", model: "CAHVORE", full: navcamFull, thumbnail: navcamThumbnail),
      perseverance(
        "NAVCAM_RIGHT", "Right Navigation Camera (Navcam)", "Right Navigation Camera (Navcam), \(navcamPurpose)",
        filter: "UNK", model: "CAHVORE", full: navcamFull, thumbnail: navcamThumbnail),
      perseverance(
        "MCZ_LEFT", "Left Mastcam-Z Camera", "Left Mastcam-Z camera. \(mastcamPurpose)", filter: "L0",
        model: "CAHVOR",
        full: Frame(subframeRect: "(1,1,1648,1200)", dimension: "(1648,1200)", scaleFactor: "1"),
        thumbnail: Frame(subframeRect: "(1,1,1648,1200)", dimension: "(206,150)", scaleFactor: "8")),
      perseverance(
        "MCZ_RIGHT", "Right Mastcam-Z Camera", "Right Mastcam-Z camera. \(mastcamPurpose)", filter: "R0",
        model: "CAHVOR",
        full: Frame(subframeRect: "(1,1,1648,1200)", dimension: "(1648,1200)", scaleFactor: "1"),
        thumbnail: Frame(subframeRect: "(1,1,1648,1200)", dimension: "(206,150)", scaleFactor: "8")),
      perseverance(
        "FRONT_HAZCAM_LEFT_A", "Front Left Hazard Avoidance Camera (Hazcam)",
        "Front Left Hazard Avoidance Camera A", filter: "UNK", model: "CAHVORE", full: hazcamFull,
        thumbnail: hazcamThumbnail),
      perseverance(
        "FRONT_HAZCAM_RIGHT_A", "Front Right Hazard Avoidance Camera (Hazcam)",
        "Front Right Hazard Avoidance Camera A", filter: "UNK", model: "CAHVORE", full: hazcamFull,
        thumbnail: hazcamThumbnail),
      perseverance(
        "HELI_NAV", "Navigation Camera",
        "navigation camera. This camera is mounted in the helicopter's fuselage and pointed directly downward to "
          + "track the ground during flight",
        filter: "UNK", model: "CAHVOR",
        full: Frame(subframeRect: "(1,1,640,480)", dimension: "(640,480)", scaleFactor: "1"),
        thumbnail: Frame(subframeRect: "(1,1,640,480)", dimension: "(160,120)", scaleFactor: "4")),
      perseverance(
        "HELI_RTE", "Color Camera",
        "color camera. This camera is mounted in the helicopter's fuselage and pointed approximately 22 degrees "
          + "below the horizon",
        filter: "UNK", model: "CAHVOR",
        full: Frame(subframeRect: "(1,1,4208,3120)", dimension: "(4208,3120)", scaleFactor: "1"),
        thumbnail: Frame(subframeRect: "(1,1,4208,3120)", dimension: "(210,156)", scaleFactor: "20")),
      curiosity("NAV_LEFT_A", "Left Navigation Camera", sort: 5),
      curiosity("NAV_RIGHT_A", "Right Navigation Camera", sort: 5),
      curiosity("NAV_LEFT_B", "Left Navigation Camera", sort: 6),
      curiosity("NAV_RIGHT_B", "Right Navigation Camera", sort: 6),
      curiosity("FHAZ_LEFT_A", "Front Hazard Avoidance Camera (Front Hazcam)", sort: 2),
      curiosity("FHAZ_RIGHT_A", "Front Hazard Avoidance Camera (Front Hazcam)", sort: 2),
      curiosity("FHAZ_LEFT_B", "Front Hazard Avoidance Camera (Front Hazcam)", sort: 2),
      curiosity("FHAZ_RIGHT_B", "Front Hazard Avoidance Camera (Front Hazcam)", sort: 2),
      curiosity("RHAZ_LEFT_A", "Rear Hazard Avoidance Camera (Rear Hazcam)", sort: 3),
      curiosity("RHAZ_RIGHT_A", "Rear Hazard Avoidance Camera (Rear Hazcam)", sort: 3),
      curiosity("RHAZ_LEFT_B", "Rear Hazard Avoidance Camera (Rear Hazcam)", sort: 3),
      curiosity("RHAZ_RIGHT_B", "Rear Hazard Avoidance Camera (Rear Hazcam)", sort: 3),
      curiosity("CHEMCAM_RMI", "Chemistry & Camera (ChemCam)", sort: 4, credit: "NASA/JPL-Caltech/LANL"),
      curiosity(
        "MAST_LEFT", "Mast Camera (Mastcam)", sort: 1, credit: "NASA/JPL-Caltech/MSSS", msss: true,
        full: mastcamFull, thumbnail: mastcamThumbnail),
      curiosity(
        "MAST_RIGHT", "Mast Camera (Mastcam)", sort: 1, credit: "NASA/JPL-Caltech/MSSS", msss: true,
        full: mastcamFull, thumbnail: mastcamThumbnail),
      curiosity(
        "MAHLI", "Mars Hand Lens Imager (MAHLI)", sort: 7, credit: "NASA/JPL-Caltech/MSSS", msss: true,
        full: mahliFull, thumbnail: mahliThumbnail),
      curiosity(
        "MARDI", "Mars Descent Imager (MARDI)", sort: 8, credit: "NASA/JPL-Caltech/MSSS", msss: true,
        full: mahliFull, thumbnail: mahliThumbnail),
    ].map { ($0.name, $0) })

  private static func perseverance(
    _ name: String, _ displayName: String, _ caption: String, filter: String, model: String, full: Frame,
    thumbnail: Frame
  ) -> MockRawInstrument {
    MockRawInstrument(
      name: name, displayName: displayName, captionPhrase: caption, filterName: filter, cameraModelType: model,
      full: full, thumbnail: thumbnail, sort: 9, credit: "NASA/JPL-Caltech", isMSSS: false)
  }

  private static func curiosity(
    _ name: String, _ displayName: String, sort: Int, credit: String = "NASA/JPL-Caltech", msss: Bool = false,
    full: Frame = engineeringFull, thumbnail: Frame = engineeringThumbnail
  ) -> MockRawInstrument {
    MockRawInstrument(
      name: name, displayName: displayName, captionPhrase: displayName, filterName: "UNK",
      cameraModelType: "CAHVOR", full: full, thumbnail: thumbnail, sort: sort, credit: credit, isMSSS: msss)
  }
}
