extension SyncPlan {
  /// What a sync says before it fetches anything, for the command to word.
  package enum Event: Sendable {
    /// The remembered selection is replaced (flags given again).
    case selectionChanges(from: SyncSelection, to: SyncSelection)
    /// A wider selection (a camera added, dates changed) lists this many finished sols again.
    case solsReopened(Int)
  }
}
