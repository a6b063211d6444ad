import Dispatch

/// A ``SnapshotStore`` that keeps each session's snapshot in a file of its own, in one
/// directory: `<session>.snapshot`.
///
/// ```swift
/// let store = try DirectorySnapshotStore(directory: "/var/lib/shop/sessions")
/// let host = SessionHost(store: store, codec: codec) { makeApp() }
/// ```
///
/// A save writes a temporary file in the same directory, flushes it to stable storage
/// (`fsync`; `F_FULLFSYNC` on Apple platforms), renames it over the session's file, then
/// flushes the directory; a remove flushes the directory after it deletes the file, and a
/// store that creates its directory flushes the directory's parent. What survives:
///
/// - **A killed process** (`SIGKILL`, a trap): every save and remove that returned, and for a
///   save in progress the previous snapshot or the new one, whole, never part of one. The
///   rename is atomic, and the system keeps what a process gave it, flushed or not.
/// - **A power cut or a crash of the system**: the same, on a disk that honours flushes. The
///   flush before the rename puts the new bytes on the disk before any name points at them
///   (without it, the renamed file could come back empty or short); the flush after it puts
///   the rename there (without it, a returned save could come back as the previous
///   snapshot).
///
/// Until the rename a crash leaves a temporary file behind (`<session>.snapshot.<random>.tmp`),
/// which loads and listings ignore; ``removeTemporaryFiles()`` deletes them.
///
/// Each file starts with a header (format, version, session, length) and ends with a
/// checksum; a file that is truncated, has a byte changed or belongs to another session is
/// a ``SnapshotStoreError/Code/damaged`` error on load, never a crash.
///
/// The store's blocking POSIX calls (`open`, `write`, `fsync`, `rename`) run on a
/// concurrent dispatch queue of its own, never on a thread of Swift's cooperative pool
/// (one thread per core: a session waiting for its disk would hold one, and every other
/// session's work with it); the calling task suspends meanwhile. A flush costs what the
/// disk takes. Several stores, in one process or several, may share a directory: every
/// save writes its own temporary file.
public final class DirectorySnapshotStore: SnapshotStore {
  /// The stages of a save, for tests that crash a process in the middle of one.
  enum SaveStage: Sendable {
    /// The temporary file holds the first half of the file's bytes.
    case halfWritten
    /// The temporary file holds all of them, not yet flushed.
    case written
    /// The temporary file is flushed, not yet renamed.
    case flushed
    /// The temporary file is renamed over the session's file; the directory is not flushed.
    case renamed
  }

  /// The directory's path.
  public let directory: String
  /// The open directory.
  private let folder: POSIXDirectory
  /// Called at each stage of every save (tests only).
  private let saveHook: (@Sendable (SaveStage) -> Void)?
  /// Where the blocking calls run: concurrent, so that different sessions' saves overlap.
  private let queue = DispatchQueue(label: "AppFlow.DirectorySnapshotStore", attributes: .concurrent)

  /// The end of every snapshot file's name.
  static let suffix = ".snapshot"
  /// The end of every temporary file's name.
  static let temporarySuffix = ".tmp"

  /// Opens the store in `directory`, creating the directory (not its parents) when it is
  /// missing.
  ///
  /// - Parameter directory: The directory's path.
  /// - Throws: ``SnapshotStoreError/Code/io`` when the directory can't be created or opened.
  public convenience init(directory: String) throws(SnapshotStoreError) {
    try self.init(directory: directory, saveHook: nil)
  }

  /// Opens the store in `directory`, making its file-system calls through `fileSystem` and
  /// calling `saveHook` at each stage of every save.
  init(
    directory: String, fileSystem: FileSystemCalls = .posix, saveHook: (@Sendable (SaveStage) -> Void)?
  ) throws(SnapshotStoreError) {
    do {
      folder = try POSIXDirectory(path: directory, system: fileSystem)
    } catch {
      throw SnapshotStoreError(.io, "Can't open the snapshot directory: \(error.text).")
    }
    self.directory = directory
    self.saveHook = saveHook
  }

  deinit {
    folder.close()
  }

  /// The path of the session's snapshot file.
  ///
  /// - Parameter session: The session.
  /// - Returns: `<directory>/<session>.snapshot`.
  public func path(of session: SessionID) -> String { folder.path(of: Self.fileName(session)) }

  // MARK: SnapshotStore

  /// Saves `snapshot` as the session's file: written to a temporary file, flushed, renamed
  /// over the old file, and the directory flushed.
  ///
  /// - Parameters:
  ///   - snapshot: The bytes to keep.
  ///   - session: The session.
  /// - Throws: ``SnapshotStoreError/Code/io`` naming the call and the file; the previous
  ///   snapshot, if any, is then still there, and the temporary file is removed.
  public func save(_ snapshot: [UInt8], for session: SessionID) async throws(SnapshotStoreError) {
    try await offload { () throws(SnapshotStoreError) in try self.saveNow(snapshot, for: session) }
  }

  /// Saves, blocking the calling thread (``save(_:for:)``).
  private func saveNow(_ snapshot: [UInt8], for session: SessionID) throws(SnapshotStoreError) {
    let name = Self.fileName(session)
    var generator = SystemRandomNumberGenerator()
    let temporary = "\(name).\(String(generator.next(), radix: 36))\(Self.temporarySuffix)"
    let bytes = SnapshotFile.encode(snapshot, for: session)
    do throws(POSIXFailure) {
      let file = try folder.create(temporary)
      do throws(POSIXFailure) {
        if let saveHook {
          try folder.write(bytes[..<(bytes.count / 2)], to: file, name: temporary)
          saveHook(.halfWritten)
          try folder.write(bytes[(bytes.count / 2)...], to: file, name: temporary)
        } else {
          try folder.write(bytes[...], to: file, name: temporary)
        }
        saveHook?(.written)
        try folder.flush(file, name: temporary)
      } catch {
        _ = try? folder.close(file, name: temporary)
        throw error
      }
      try folder.close(file, name: temporary)
      saveHook?(.flushed)
      try folder.rename(temporary, to: name)
      saveHook?(.renamed)
      try folder.flush()
    } catch {
      _ = try? folder.remove(temporary)
      throw SnapshotStoreError(
        .io, "Can't save the snapshot of session '\(session)': \(error.text).", session: session)
    }
  }

  /// The session's snapshot, read and checked, or `nil` when it has no file.
  ///
  /// - Parameter session: The session.
  /// - Returns: The bytes last saved.
  /// - Throws: ``SnapshotStoreError/Code/damaged`` or
  ///   ``SnapshotStoreError/Code/unsupportedFormat`` when the file is not as saved;
  ///   ``SnapshotStoreError/Code/io`` when it can't be read.
  public func load(_ session: SessionID) async throws(SnapshotStoreError) -> [UInt8]? {
    try await offload { () throws(SnapshotStoreError) in try self.loadNow(session) }
  }

  /// Loads, blocking the calling thread (``load(_:)``).
  private func loadNow(_ session: SessionID) throws(SnapshotStoreError) -> [UInt8]? {
    let name = Self.fileName(session)
    let bytes: [UInt8]
    do throws(POSIXFailure) {
      guard let file = try folder.openForReading(name) else { return nil }
      defer { _ = try? folder.close(file, name: name) }
      bytes = try folder.readAll(file, name: name)
    } catch {
      throw SnapshotStoreError(
        .io, "Can't load the snapshot of session '\(session)': \(error.text).", session: session)
    }
    return try SnapshotFile.decode(bytes, for: session, path: folder.path(of: name))
  }

  /// Removes the session's file, if any, and flushes the directory.
  ///
  /// - Parameter session: The session.
  /// - Throws: ``SnapshotStoreError/Code/io`` when the file can't be removed.
  public func remove(_ session: SessionID) async throws(SnapshotStoreError) {
    try await offload { () throws(SnapshotStoreError) in try self.removeNow(session) }
  }

  /// Removes, blocking the calling thread (``remove(_:)``).
  private func removeNow(_ session: SessionID) throws(SnapshotStoreError) {
    do throws(POSIXFailure) {
      if try folder.remove(Self.fileName(session)) { try folder.flush() }
    } catch {
      throw SnapshotStoreError(
        .io, "Can't remove the snapshot of session '\(session)': \(error.text).", session: session)
    }
  }

  /// The sessions that have a file, in ascending order; other files are ignored.
  ///
  /// - Returns: Their identifiers.
  /// - Throws: ``SnapshotStoreError/Code/io`` when the directory can't be listed.
  public func sessionIDs() async throws(SnapshotStoreError) -> [SessionID] {
    try await offload { () throws(SnapshotStoreError) in try self.sessionIDsNow() }
  }

  /// Lists, blocking the calling thread (``sessionIDs()``).
  private func sessionIDsNow() throws(SnapshotStoreError) -> [SessionID] {
    let names: [String]
    do {
      names = try folder.names()
    } catch {
      throw SnapshotStoreError(.io, "Can't list the snapshots: \(error.text).")
    }
    return names.compactMap { name in
      guard name.hasSuffix(Self.suffix) else { return nil }
      return try? SessionID(String(name.dropLast(Self.suffix.count)))
    }.sorted()
  }

  /// Runs blocking work on the store's queue; the calling task suspends until it is done.
  private func offload<Value: Sendable>(
    _ work: @escaping @Sendable () throws(SnapshotStoreError) -> Value
  ) async throws(SnapshotStoreError) -> Value {
    let result = await withCheckedContinuation {
      (continuation: CheckedContinuation<Result<Value, SnapshotStoreError>, Never>) in
      queue.async { continuation.resume(returning: Result { () throws(SnapshotStoreError) in try work() }) }
    }
    return try result.get()
  }

  // MARK: Upkeep

  /// Deletes the temporary files that saves interrupted by a crash left behind.
  ///
  /// Call it when no other process is saving into the directory (at start-up, say): a save
  /// in progress whose temporary file it deletes fails.
  ///
  /// - Returns: How many files it deleted.
  /// - Throws: ``SnapshotStoreError/Code/io`` when the directory can't be listed or a file
  ///   can't be deleted.
  @discardableResult
  public func removeTemporaryFiles() throws(SnapshotStoreError) -> Int {
    do throws(POSIXFailure) {
      var count = 0
      for name in try folder.names() where Self.isTemporary(name) {
        if try folder.remove(name) { count += 1 }
      }
      if count > 0 { try folder.flush() }
      return count
    } catch {
      throw SnapshotStoreError(.io, "Can't remove the temporary files: \(error.text).")
    }
  }

  /// The name of the session's file.
  static func fileName(_ session: SessionID) -> String { session.rawValue + suffix }

  /// A Boolean value indicating whether `name` is a save's temporary file.
  static func isTemporary(_ name: String) -> Bool {
    name.hasSuffix(temporarySuffix) && name.contains(suffix + ".")
  }
}
