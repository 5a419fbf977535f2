/// rover's own table of each rover's cameras (api-reference.md 1.7 and the raw feeds' instruments): names, full
/// names, the group a name belongs to (`NAVCAM` on Perseverance is NAVCAM_LEFT and NAVCAM_RIGHT) and colour where
/// known. A typo is caught before any request; since services invent new names (6.5), a name is refused only when
/// neither this table nor the service knows it.
package enum CameraCatalog {
  package struct Entry: Sendable, Hashable, Encodable {
    package var name: String
    package var fullName: String
    /// The name the left/right/A/B variants share, which `--camera` accepts for all of them.
    package var group: String?
    /// True for colour, false for greyscale, nil where it varies or is not known.
    package var color: Bool?

    enum CodingKeys: String, CodingKey {
      case name, group, color
      case fullName = "full_name"
    }
  }

  static func entry(_ name: String, _ fullName: String, group: String? = nil, color: Bool? = nil) -> Entry {
    Entry(name: name, fullName: fullName, group: group, color: color)
  }

  package static func entries(rover: String) -> [Entry] {
    switch rover.lowercased() {
    case "curiosity":
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
    case "perseverance":
      return [
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
    case "ingenuity":
      return [
        entry("HELI_NAV", "Navigation Camera", color: false), entry("HELI_RTE", "Return-to-Earth Camera", color: true),
      ]
    case "insight":
      // The feed spells them `idc`, `icc` (7.4); matching ignores case.
      return [
        entry("IDC", "Instrument Deployment Camera", color: true),
        entry("ICC", "Instrument Context Camera", color: true),
      ]
    case "spirit", "opportunity":
      return [
        entry("FHAZ", "Front Hazard Avoidance Camera", color: false),
        entry("RHAZ", "Rear Hazard Avoidance Camera", color: false),
        entry("NAVCAM", "Navigation Camera", color: false), entry("PANCAM", "Panoramic Camera"),
        entry(
          "MINITES", "Miniature Thermal Emission Spectrometer (Mini-TES); on the services, Microscopic Imager frames"),
        entry("ENTRY", "Entry, Descent, and Landing Camera", color: false),
      ]
    default:
      return []
    }
  }

  package static func names(rover: String) -> [String] { entries(rover: rover).map(\.name) }

  /// The names `--camera` means for a rover: the name as typed (services compare names without case) when the
  /// catalog or the service knows it, plus a group's members; nil when nobody knows it.
  package static func resolve(_ camera: String, rover: String, serviceNames: [String]) -> [String]? {
    let entries = entries(rover: rover)
    let members = entries.filter { $0.group?.caseInsensitiveCompare(camera) == .orderedSame }
      .map(\.name).filter { $0.caseInsensitiveCompare(camera) != .orderedSame }
    let named = (serviceNames + entries.map(\.name)).contains { $0.caseInsensitiveCompare(camera) == .orderedSame }
    guard named || !members.isEmpty else { return nil }
    return (named ? [camera] : []) + members
  }
}
