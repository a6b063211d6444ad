/// The bytes of one snapshot file of a ``DirectorySnapshotStore``: a header that names the
/// format and the session, the snapshot, and a checksum of everything before it.
///
/// ```
/// offset  size  field
///      0     4  magic "AFSS"
///      4     2  format version, little-endian (1)
///      6     2  length of the session identifier in bytes, little-endian (1...128)
///      8     8  length of the snapshot in bytes, little-endian
///     16     n  the session identifier, ASCII
///   16+n     m  the snapshot
/// 16+n+m     8  FNV-1a 64 of bytes 0..<16+n+m, little-endian
/// ```
///
/// FNV-1a changes its state by a bijection at every byte, so a file that differs from the
/// one written in a single byte (or in any run of bytes followed by the same bytes) never
/// has the same checksum; a truncated or extended file fails the length check first.
enum SnapshotFile {
  /// The first four bytes of every snapshot file.
  static let magic: [UInt8] = Array("AFSS".utf8)
  /// The format version this store writes and reads.
  static let version: UInt16 = 1
  /// The bytes before the session identifier.
  static let headerLength = 16
  /// The checksum's bytes.
  static let checksumLength = 8

  /// The file's bytes for `snapshot` of `session`.
  static func encode(_ snapshot: [UInt8], for session: SessionID) -> [UInt8] {
    let id = Array(session.rawValue.utf8)
    var bytes: [UInt8] = []
    bytes.reserveCapacity(headerLength + id.count + snapshot.count + checksumLength)
    bytes += magic
    append(UInt64(version), width: 2, to: &bytes)
    append(UInt64(id.count), width: 2, to: &bytes)
    append(UInt64(snapshot.count), width: 8, to: &bytes)
    bytes += id
    bytes += snapshot
    append(checksum(bytes[...]), width: 8, to: &bytes)
    return bytes
  }

  /// The snapshot in a file's bytes, checked against everything the header promises.
  ///
  /// - Parameters:
  ///   - bytes: The file's bytes.
  ///   - session: The session the file is named after.
  ///   - path: The file's path, for messages.
  /// - Throws: ``SnapshotStoreError/Code/damaged`` or
  ///   ``SnapshotStoreError/Code/unsupportedFormat``, naming the session, the file and the
  ///   check that failed.
  static func decode(_ bytes: [UInt8], for session: SessionID, path: String) throws(SnapshotStoreError)
    -> [UInt8]
  {
    func damaged(_ problem: String) -> SnapshotStoreError {
      SnapshotStoreError(
        .damaged, "The snapshot of session '\(session)' in \(path) is damaged: \(problem).", session: session)
    }
    guard bytes.count >= headerLength + checksumLength else {
      throw damaged("it is \(bytes.count) bytes long, shorter than the smallest snapshot file")
    }
    guard bytes[0..<4].elementsEqual(magic) else { throw damaged("it does not start with \"AFSS\"") }
    let version = read(bytes, at: 4, width: 2)
    guard version == UInt64(self.version) else {
      throw SnapshotStoreError(
        .unsupportedFormat,
        "The snapshot of session '\(session)' in \(path) has format version \(version); this store reads version \(self.version).",
        session: session)
    }
    let idLength = Int(read(bytes, at: 6, width: 2))
    let snapshotLength = read(bytes, at: 8, width: 8)
    let available = UInt64(bytes.count - headerLength - checksumLength)
    guard UInt64(idLength) <= available, snapshotLength == available - UInt64(idLength) else {
      throw damaged(
        "it is \(bytes.count) bytes long; its header promises \(idLength)+\(snapshotLength) bytes of content, "
          + "and there are \(available)")
    }
    let end = bytes.count - checksumLength
    guard checksum(bytes[..<end]) == read(bytes, at: end, width: 8) else {
      throw damaged("its checksum does not match its content")
    }
    let idRange = headerLength..<(headerLength + idLength)
    guard bytes[idRange].elementsEqual(session.rawValue.utf8) else {
      let found = String(decoding: bytes[idRange], as: UTF8.self)
      throw damaged("it holds the snapshot of session '\(found)'")
    }
    return Array(bytes[idRange.upperBound..<end])
  }

  /// FNV-1a, 64 bits.
  static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    return hash
  }

  private static func append(_ value: UInt64, width: Int, to bytes: inout [UInt8]) {
    for index in 0..<width { bytes.append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
  }

  private static func read(_ bytes: [UInt8], at offset: Int, width: Int) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<width { value |= UInt64(bytes[offset + index]) << (8 * UInt64(index)) }
    return value
  }
}
