import RoverCore

/// What one `sync` run mirrors: the selection its folder remembers, with the parts given now replaced (another rover
/// starts afresh), and, when that selection is wider than the remembered one, the finished sols it owes listed again.
package struct SyncPlan: Sendable {
  /// The parts of a selection given on the command line; nil for a part not given.
  package struct Given: Sendable {
    package var rover: String?
    package var sol: String?
    package var earthDate: String?
    /// Empty for every camera again (`--camera all`).
    package var cameras: [String]?
    package var name: String?

    package init(
      rover: String? = nil, sol: String? = nil, earthDate: String? = nil, cameras: [String]? = nil, name: String? = nil
    ) {
      self.rover = rover
      self.sol = sol
      self.earthDate = earthDate
      self.cameras = cameras
      self.name = name
    }

    /// Whether any part but the rover was given.
    var flags: Bool { sol != nil || earthDate != nil || cameras != nil || name != nil }
  }

  package var selection: SyncSelection
  /// The selection the folder remembered before this run, if it could be read.
  package var remembered: SyncSelection?

  /// Resolves the selection (the change said before anything is fetched) and reopens the finished sols a wider one
  /// owes, before the new selection is remembered: a run stopped part-way leaves the rest still owed. A dry run's
  /// record is a scratch copy, so it shows the sols owed without marking the folder's.
  /// - Throws: ``SyncPlanError``; `DownloadError.io` when the record cannot be read or written.
  package init(_ given: Given, record: DownloadRecord, events: (Event) -> Void) throws {
    let remembered = SyncSelection.remembered(in: record)
    selection = try Self.resolve(given, remembered: remembered, record: record, events: events)
    self.remembered = remembered
    if let remembered, selection.widens(remembered) {
      let owed = try record.reopenSols(rover: selection.rover)
      if owed > 0 { events(.solsReopened(owed)) }
    }
  }

  /// The remembered selection with the parts given now replaced; another rover starts a selection afresh.
  private static func resolve(
    _ given: Given, remembered: SyncSelection?, record: DownloadRecord, events: (Event) -> Void
  ) throws -> SyncSelection {
    // A rebuilt record that lost its selection must not turn a flagless (cron) sync into the whole mission.
    if remembered == nil, !given.flags, let aside = record.rebuiltFrom, !record.carriedSettingsOver {
      throw SyncPlanError.selectionLost(
        damaged: record.copyOf ?? record.path, setAside: record.copyOf == nil ? aside : nil)
    }
    guard let rover = given.rover ?? remembered?.rover else { throw SyncPlanError.noRover }
    if let remembered, remembered.rover == rover.lowercased(), !given.flags { return remembered }
    var selection = SyncSelection(
      rover: rover, sol: given.sol, earthDate: given.earthDate, cameras: given.cameras ?? [],
      name: given.name ?? NameTemplate.defaultPattern)
    if let remembered, remembered.rover == selection.rover {
      selection = remembered.restated(
        sol: given.sol, earthDate: given.earthDate, cameras: given.cameras, name: given.name)
    }
    if let remembered, remembered != selection { events(.selectionChanges(from: remembered, to: selection)) }
    return selection
  }
}
