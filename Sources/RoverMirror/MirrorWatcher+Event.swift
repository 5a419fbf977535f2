import RoverCore

extension MirrorWatcher {
  /// What a watch reports as it goes, for the command to word: data, never sentences.
  package enum Event: Sendable {
    /// Photos no earlier poll reported, in sol order: reported before they are remembered as seen, so a stop in
    /// between reports them again rather than never.
    case found([Photo])
    /// Older versions of re-sent frames this poll left out that no earlier poll did (none when every version is
    /// asked for).
    case olderVersionsLeftOut(Int)
    /// A poll failed; the next is in `retryIn` (the back-off, never sooner than the server's Retry-After).
    case pollFailed(any Error, retryIn: Duration)
    /// `--exec` ended with this status (128 + the signal that ended it); the photo is tried again next poll.
    case execFailed(photo: Photo, status: Int32)
    /// `--exec` could not be run, or was refused for a photo (which is then never run again).
    case execNotRun(ExecCommandError)
  }
}
