/// Why a sync cannot tell what to mirror; the command words these, with the flags that fix them.
package enum SyncPlanError: Error, Equatable {
  /// No rover was given and the folder remembers no sync to continue.
  case noRover
  /// The folder's record was damaged and the selection it remembered cannot be read; a run without flags would
  /// otherwise mirror the whole mission. `damaged` is the record's path; `setAside` the name the damaged file was
  /// moved to, or nil for a dry run's copy (a real run moves it).
  case selectionLost(damaged: String, setAside: String?)
}
