/// rover's own table of each rover's camera names (api-reference.md 1.7 and the raw feeds' instruments), so a
/// typo is caught before any request. Services invent new names (6.5), so a name is refused only when neither
/// this table nor the service knows it.
public enum CameraCatalog {
  static let mer = ["FHAZ", "RHAZ", "NAVCAM", "PANCAM", "MINITES", "ENTRY"]

  public static func names(rover: String) -> [String] {
    switch rover.lowercased() {
    case "curiosity":
      return [
        "FHAZ", "RHAZ", "MAST", "CHEMCAM", "MAHLI", "MARDI", "NAVCAM", "FHAZ_LEFT_A", "FHAZ_LEFT_B", "FHAZ_RIGHT_A",
        "FHAZ_RIGHT_B", "RHAZ_LEFT_A", "RHAZ_LEFT_B", "RHAZ_RIGHT_A", "RHAZ_RIGHT_B", "NAV_LEFT_A", "NAV_LEFT_B",
        "NAV_RIGHT_A", "NAV_RIGHT_B", "MAST_LEFT", "MAST_RIGHT", "CHEMCAM_RMI",
      ]
    case "perseverance":
      return [
        "EDL_RUCAM", "EDL_RDCAM", "EDL_DDCAM", "EDL_PUCAM1", "EDL_PUCAM2", "NAVCAM_LEFT", "NAVCAM_RIGHT", "MCZ_RIGHT",
        "MCZ_LEFT", "FRONT_HAZCAM_LEFT_A", "FRONT_HAZCAM_RIGHT_A", "FRONT_HAZCAM_LEFT_B", "FRONT_HAZCAM_RIGHT_B",
        "REAR_HAZCAM_LEFT", "REAR_HAZCAM_RIGHT", "SKYCAM", "SHERLOC_WATSON", "SHERLOC_ACI", "SUPERCAM_RMI", "LCAM",
        "PIXL_MCC", "CACHECAM", "HELI_NAV", "HELI_RTE",
      ]
    case "spirit", "opportunity":
      return mer
    case "ingenuity":
      return ["HELI_NAV", "HELI_RTE"]
    case "insight":
      // The feed spells them `idc`, `icc` (7.4); matching ignores case.
      return ["IDC", "ICC"]
    default:
      return []
    }
  }

  /// The name as the catalog or the service spells it, or nil when neither knows it (case-insensitive).
  public static func resolve(_ camera: String, rover: String, serviceNames: [String]) -> String? {
    (serviceNames + names(rover: rover)).first { $0.caseInsensitiveCompare(camera) == .orderedSame }
  }
}
