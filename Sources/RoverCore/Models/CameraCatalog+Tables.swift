/// The cameras of each rover, as `CameraCatalog.entries(rover:)` hands them out; made once, on first use.
extension CameraCatalog {
  /// Curiosity: each hazcam, navcam and mast group with its left/right/A/B members, then the cameras alone.
  static let curiosity: [Entry] = {
    let variants: [(String, String, String, Bool?)] = [
      ("FHAZ", "Front Hazard Avoidance Camera", "FHAZ_LEFT_A FHAZ_LEFT_B FHAZ_RIGHT_A FHAZ_RIGHT_B", false),
      ("RHAZ", "Rear Hazard Avoidance Camera", "RHAZ_LEFT_A RHAZ_LEFT_B RHAZ_RIGHT_A RHAZ_RIGHT_B", false),
      ("NAVCAM", "Navigation Camera", "NAV_LEFT_A NAV_LEFT_B NAV_RIGHT_A NAV_RIGHT_B", false),
      ("MAST", "Mast Camera", "MAST_LEFT MAST_RIGHT", true),
      ("CHEMCAM", "Chemistry and Camera Complex", "CHEMCAM_RMI", false),
    ]
    var entries = variants.flatMap { group, full, members, color in
      [entry(group, full, group: group, color: color)]
        + members.split(separator: " ").map { entry(String($0), full, group: group, color: color) }
    }
    entries += [
      entry("MAHLI", "Mars Hand Lens Imager", color: true), entry("MARDI", "Mars Descent Imager", color: true),
    ]
    return entries
  }()

  static let perseverance: [Entry] = [
    entry("NAVCAM_LEFT", "Navigation Camera - Left", group: "NAVCAM", color: true),
    entry("NAVCAM_RIGHT", "Navigation Camera - Right", group: "NAVCAM", color: true),
    entry("MCZ_LEFT", "Mast Camera Zoom - Left", group: "MCZ", color: true),
    entry("MCZ_RIGHT", "Mast Camera Zoom - Right", group: "MCZ", color: true),
    entry("FRONT_HAZCAM_LEFT_A", "Front Hazard Avoidance Camera - Left", group: "FRONT_HAZCAM", color: true),
    entry("FRONT_HAZCAM_LEFT_B", "Front Hazard Avoidance Camera - Left", group: "FRONT_HAZCAM", color: true),
    entry("FRONT_HAZCAM_RIGHT_A", "Front Hazard Avoidance Camera - Right", group: "FRONT_HAZCAM", color: true),
    entry("FRONT_HAZCAM_RIGHT_B", "Front Hazard Avoidance Camera - Right", group: "FRONT_HAZCAM", color: true),
    entry("REAR_HAZCAM_LEFT", "Rear Hazard Avoidance Camera - Left", group: "REAR_HAZCAM", color: true),
    entry("REAR_HAZCAM_RIGHT", "Rear Hazard Avoidance Camera - Right", group: "REAR_HAZCAM", color: true),
    entry("EDL_RUCAM", "Rover Up-Look Camera", group: "EDL"),
    entry("EDL_RDCAM", "Rover Down-Look Camera", group: "EDL"),
    entry("EDL_DDCAM", "Descent Stage Down-Look Camera", group: "EDL"),
    entry("EDL_PUCAM1", "Parachute Up-Look Camera A", group: "EDL"),
    entry("EDL_PUCAM2", "Parachute Up-Look Camera B", group: "EDL"),
    entry("SKYCAM", "MEDA Skycam", color: false), entry("SHERLOC_WATSON", "SHERLOC WATSON Camera", color: true),
    entry("SHERLOC_ACI", "SHERLOC Autofocus and Context Imager", color: false),
    entry("SUPERCAM_RMI", "SuperCam Remote Micro Imager", color: true),
    entry("LCAM", "Lander Vision System Camera", color: false),
    entry("PIXL_MCC", "PIXL Micro Context Camera", color: false), entry("CACHECAM", "CacheCam", color: false),
    // nebulum can list Ingenuity's frames under Perseverance (api-reference 1.7).
    entry("HELI_NAV", "Ingenuity Navigation Camera", color: false),
    entry("HELI_RTE", "Ingenuity Return-to-Earth Camera", color: true),
  ]

  static let ingenuity: [Entry] = [
    entry("HELI_NAV", "Navigation Camera", color: false), entry("HELI_RTE", "Return-to-Earth Camera", color: true),
  ]

  // The feed spells them `idc`, `icc` (7.4); matching ignores case.
  static let insight: [Entry] = [
    entry("IDC", "Instrument Deployment Camera", color: true),
    entry("ICC", "Instrument Context Camera", color: true),
  ]

  /// Spirit and Opportunity.
  static let mer: [Entry] = [
    entry("FHAZ", "Front Hazard Avoidance Camera", color: false),
    entry("RHAZ", "Rear Hazard Avoidance Camera", color: false),
    entry("NAVCAM", "Navigation Camera", color: false), entry("PANCAM", "Panoramic Camera"),
    entry(
      "MINITES", "Miniature Thermal Emission Spectrometer (Mini-TES); on the services, Microscopic Imager frames"),
    entry("ENTRY", "Entry, Descent, and Landing Camera", color: false),
  ]
}
