extension JSONTape {
  /// 16 bytes: offsets as 32-bit numbers (a text is far below 2 GB: answers stop at 16 MB), half the tape a
  /// hostile page of tiny values costs with whole-word offsets.
  struct Node {
    var kind: Kind
    private var start32: Int32
    private var end32: Int32
    private var next32: Int32

    init(kind: Kind, start: Int, end: Int, next: Int) {
      self.kind = kind
      start32 = Int32(truncatingIfNeeded: start)
      end32 = Int32(truncatingIfNeeded: end)
      next32 = Int32(truncatingIfNeeded: next)
    }

    /// Bytes of the value; for strings, inside the quotes.
    var start: Int {
      get { Int(start32) }
      set { start32 = Int32(truncatingIfNeeded: newValue) }
    }
    var end: Int {
      get { Int(end32) }
      set { end32 = Int32(truncatingIfNeeded: newValue) }
    }
    /// The index of the node after this one's subtree: a container's children are `index + 1 ..< next`.
    var next: Int {
      get { Int(next32) }
      set { next32 = Int32(truncatingIfNeeded: newValue) }
    }
  }
}
