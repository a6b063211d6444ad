#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A system call that failed: what it did, to which file, and `errno`.
struct POSIXFailure: Error {
  /// What the call did: "create", "write", "flush", "rename", "open", "read", "list"…
  let operation: String
  /// The file or directory.
  let path: String
  /// The system's error number.
  let code: Int32

  /// "write /var/x.tmp: No space left on device (errno 28)".
  var text: String { "\(operation) \(path): \(String(cString: strerror(code))) (errno \(code))" }
}

/// An open directory and the few POSIX calls the directory store makes in it, each naming
/// its file relative to the directory (the `…at` calls), so that the store keeps working
/// whatever the process's working directory becomes.
///
/// Plain POSIX rather than Foundation: Foundation's atomic write neither flushes the file
/// nor the directory on Linux, and a crash-safe replace needs both, in order.
///
/// The calls that create, write, flush, rename and remove go through ``FileSystemCalls``
/// (the system's own unless a test gives its recorder); reads and listings call the system
/// directly.
struct POSIXDirectory: Sendable {
  /// The directory's path, for messages.
  let path: String
  /// The open directory.
  let descriptor: Int32
  /// The system calls that change files.
  let system: FileSystemCalls

  /// Opens `path`, creating it (not its parents) when it is missing; a directory it creates
  /// is flushed into its parent, so that it survives a power cut with the files saved in it.
  init(path: String, system: FileSystemCalls = .posix) throws(POSIXFailure) {
    self.path = path
    self.system = system
    if system.makeDirectory(path, 0o700) == 0 {
      try Self.flushParent(of: path, system: system)
    } else if errno != EEXIST {
      throw POSIXFailure(operation: "create", path: path, code: errno)
    }
    let descriptor = system.open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw POSIXFailure(operation: "open", path: path, code: errno) }
    self.descriptor = descriptor
  }

  /// Flushes the directory that holds `path`: a new entry in a directory (here, `path`
  /// itself) is on stable storage only once that directory is flushed.
  private static func flushParent(of path: String, system: FileSystemCalls) throws(POSIXFailure) {
    let parent = parentPath(of: path)
    let descriptor = system.open(parent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { throw POSIXFailure(operation: "open", path: parent, code: errno) }
    defer { _ = system.close(descriptor) }
    while system.synchronize(descriptor) != 0 {
      if errno == EINTR { continue }
      throw POSIXFailure(operation: "flush", path: parent, code: errno)
    }
  }

  /// The directory that holds `path`: `/` for `/x`, `.` for a name without a slash.
  static func parentPath(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    let parent = trimmed[..<slash]
    return parent.isEmpty ? "/" : String(parent)
  }

  /// Closes the directory.
  func close() {
    _ = system.close(descriptor)
  }

  /// The path of a file in the directory.
  func path(of name: String) -> String { path.hasSuffix("/") ? path + name : path + "/" + name }

  // MARK: Files

  /// Creates `name`, which must not exist, readable and writable by the owner only.
  func create(_ name: String) throws(POSIXFailure) -> Int32 {
    let file = system.openAt(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(0o600))
    guard file >= 0 else { throw POSIXFailure(operation: "create", path: path(of: name), code: errno) }
    return file
  }

  /// Opens `name` for reading, or `nil` when it does not exist.
  func openForReading(_ name: String) throws(POSIXFailure) -> Int32? {
    let file = system.openAt(descriptor, name, O_RDONLY | O_CLOEXEC, 0)
    if file < 0, errno == ENOENT { return nil }
    guard file >= 0 else { throw POSIXFailure(operation: "open", path: path(of: name), code: errno) }
    return file
  }

  /// Writes all of `bytes` to `file`.
  func write(_ bytes: ArraySlice<UInt8>, to file: Int32, name: String) throws(POSIXFailure) {
    var written = 0
    while written < bytes.count {
      let result = bytes.withUnsafeBytes { buffer in
        system.write(file, buffer.baseAddress! + written, buffer.count - written)
      }
      if result < 0, errno == EINTR { continue }
      guard result > 0 else { throw POSIXFailure(operation: "write", path: path(of: name), code: errno) }
      written += result
    }
  }

  /// Reads all of `file`.
  func readAll(_ file: Int32, name: String) throws(POSIXFailure) -> [UInt8] {
    var info = stat()
    guard fstat(file, &info) == 0 else {
      throw POSIXFailure(operation: "stat", path: path(of: name), code: errno)
    }
    var bytes = [UInt8](repeating: 0, count: max(Int(info.st_size), 0) + 1)
    var count = 0
    while true {
      if count == bytes.count { bytes += [UInt8](repeating: 0, count: bytes.count) }
      let result = bytes.withUnsafeMutableBytes { buffer in
        read(file, buffer.baseAddress! + count, buffer.count - count)
      }
      if result < 0, errno == EINTR { continue }
      guard result >= 0 else { throw POSIXFailure(operation: "read", path: path(of: name), code: errno) }
      if result == 0 { break }
      count += result
    }
    bytes.removeLast(bytes.count - count)
    return bytes
  }

  /// Flushes `file` (the directory itself by default) to stable storage: `F_FULLFSYNC`
  /// where the system has it (a plain `fsync` leaves the data in the drive's cache on Apple
  /// platforms), else `fsync` (``FileSystemCalls/synchronize``).
  func flush(_ file: Int32? = nil, name: String? = nil) throws(POSIXFailure) {
    let target = file ?? descriptor
    while system.synchronize(target) != 0 {
      if errno == EINTR { continue }
      throw POSIXFailure(operation: "flush", path: name.map(path(of:)) ?? path, code: errno)
    }
  }

  /// Closes a file, reporting a failure (a write the system could not finish).
  func close(_ file: Int32, name: String) throws(POSIXFailure) {
    guard system.close(file) == 0 else {
      throw POSIXFailure(operation: "close", path: path(of: name), code: errno)
    }
  }

  /// Renames `source` to `destination`, replacing it atomically.
  func rename(_ source: String, to destination: String) throws(POSIXFailure) {
    guard system.renameAt(descriptor, source, destination) == 0 else {
      throw POSIXFailure(operation: "rename", path: "\(path(of: source)) to \(destination)", code: errno)
    }
  }

  /// Removes `name`.
  ///
  /// - Returns: `false` when it did not exist.
  @discardableResult
  func remove(_ name: String) throws(POSIXFailure) -> Bool {
    if system.unlinkAt(descriptor, name) == 0 { return true }
    if errno == ENOENT { return false }
    throw POSIXFailure(operation: "remove", path: path(of: name), code: errno)
  }

  /// The names of the directory's entries, but `.` and `..`.
  func names() throws(POSIXFailure) -> [String] {
    let copy = dup(descriptor)
    guard copy >= 0, let stream = fdopendir(copy) else {
      let code = errno
      if copy >= 0 { _ = systemClose(copy) }
      throw POSIXFailure(operation: "list", path: path, code: code)
    }
    defer { closedir(stream) }
    rewinddir(stream)
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
        String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}

/// `close(2)`, named apart from the methods called `close`.
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
