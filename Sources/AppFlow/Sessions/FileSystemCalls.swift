#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The system calls through which ``POSIXDirectory`` creates, writes, flushes, renames and
/// removes files: the real ones by default (``posix``), or a test's, which forwards to them
/// and records each call, so that a test can show a save's flushes in their order. A killed
/// process can't show them: the system keeps what it was given, flushed or not; only a power
/// cut loses what was not flushed.
///
/// Each closure returns what its call returns and must leave `errno` as the call set it:
/// ``POSIXDirectory`` reads it after a failure.
///
/// Cost: one indirect call per system call, and no allocation: the directory stores the
/// closures once, and the real ones capture nothing. A save makes six system calls or more,
/// each dearer than the call through its closure. Reads (`read`, `fstat`, listing) don't go
/// through here.
struct FileSystemCalls: Sendable {
  /// `mkdir(path, mode)`.
  var makeDirectory: @Sendable (_ path: String, _ mode: mode_t) -> Int32
  /// `open(path, flags)`, for a directory, or a file given by its full path.
  var open: @Sendable (_ path: String, _ flags: Int32) -> Int32
  /// `openat(directory, name, flags, mode)`.
  var openAt: @Sendable (_ directory: Int32, _ name: String, _ flags: Int32, _ mode: mode_t) -> Int32
  /// `write(descriptor, bytes, count)`.
  var write: @Sendable (_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int
  /// Flushes a file or a directory to stable storage: `fcntl(descriptor, F_FULLFSYNC)` where
  /// the system has it (a plain `fsync` leaves the data in the drive's cache on Apple
  /// platforms), falling back to `fsync(descriptor)`, which is all there is elsewhere.
  var synchronize: @Sendable (_ descriptor: Int32) -> Int32
  /// `close(descriptor)`.
  var close: @Sendable (_ descriptor: Int32) -> Int32
  /// `renameat(directory, source, directory, destination)`.
  var renameAt: @Sendable (_ directory: Int32, _ source: String, _ destination: String) -> Int32
  /// `unlinkat(directory, name, 0)`.
  var unlinkAt: @Sendable (_ directory: Int32, _ name: String) -> Int32

  /// The system's own calls.
  static let posix = FileSystemCalls(
    makeDirectory: { path, mode in mkdir(path, mode) },
    open: { path, flags in systemOpen(path, flags) },
    openAt: { directory, name, flags, mode in openat(directory, name, flags, mode) },
    write: { descriptor, bytes, count in systemWrite(descriptor, bytes, count) },
    synchronize: { descriptor in
      #if canImport(Darwin)
        if fcntl(descriptor, F_FULLFSYNC) == 0 { return 0 }
      #endif
      return fsync(descriptor)
    },
    close: { descriptor in systemClose(descriptor) },
    renameAt: { directory, source, destination in renameat(directory, source, directory, destination) },
    unlinkAt: { directory, name in unlinkat(directory, name, 0) })
}

/// `open(2)`, named apart from the property called `open`.
private func systemOpen(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }

/// `close(2)`, named apart from the property called `close`.
private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

/// `write(2)`, named apart from the property called `write`.
private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
