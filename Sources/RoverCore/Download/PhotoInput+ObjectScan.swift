extension PhotoInput {
  /// Where a scan for the end of one JSON object stands (nesting, inside a string, after a backslash), kept across
  /// the reads that refill the buffer.
  ///
  /// The scan runs over the buffer's memory, not through the input's stored array: indexing a class's array byte by
  /// byte from an async function checked exclusivity and bounds on every byte, 9 K instructions a photo's line
  /// (issue 39).
  struct ObjectScan {
    var depth = 0
    var inString = false
    var escaped = false

    /// Scans `bytes[start..<end]`; the index just past the object's closing bracket, or nil when the range ends
    /// first (the state then holds where the scan stands).
    mutating func end(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
      var index = start
      while index < end {
        let byte = bytes[index]
        index += 1
        if inString {
          if escaped {
            escaped = false
          } else if byte == 0x5C {
            escaped = true
          } else if byte == 0x22 {
            inString = false
          }
        } else if byte == 0x22 {
          inString = true
        } else if byte == 0x7B || byte == 0x5B {
          depth += 1
        } else if byte == 0x7D || byte == 0x5D {
          depth -= 1
          if depth == 0 { return index }
        }
      }
      return nil
    }
  }
}
