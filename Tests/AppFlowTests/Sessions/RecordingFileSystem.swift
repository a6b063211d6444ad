import Synchronization

@testable import AppFlow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File-system calls that forward to the system's (``FileSystemCalls/posix``) and record
/// each one, naming files and directories rather than descriptors, so that a test can
/// compare a store's calls, in order, as a whole array.
final class RecordingFileSystem: Sendable {
  /// A call, named by what it touched: a directory by the path it was opened with, a file
  /// by its name in the store's directory.
  enum Call: Equatable, CustomStringConvertible {
    /// `mkdir`.
    case makeDirectory(String)
    /// `open` or `openat` without `O_CREAT`.
    case open(String)
    /// `openat` with `O_CREAT`.
    case create(String)
    /// `write`, and how many bytes it wrote.
    case write(String, bytes: Int)
    /// `fsync` (`F_FULLFSYNC` on Apple platforms).
    case flush(String)
    /// `close`.
    case close(String)
    /// `renameat`.
    case rename(String, to: String)
    /// `unlinkat`.
    case remove(String)

    var description: String {
      switch self {
      case .makeDirectory(let path): "mkdir \(path)"
      case .open(let name): "open \(name)"
      case .create(let name): "create \(name)"
      case .write(let name, let bytes): "write \(name) \(bytes) bytes"
      case .flush(let name): "flush \(name)"
      case .close(let name): "close \(name)"
      case .rename(let source, let destination): "rename \(source) to \(destination)"
      case .remove(let name): "remove \(name)"
      }
    }
  }

  private struct State {
    var calls: [Call] = []
    /// What each open descriptor names.
    var names: [Int32: String] = [:]

    func name(_ descriptor: Int32) -> String { names[descriptor] ?? "descriptor \(descriptor)" }
  }

  private let state = Mutex(State())

  /// Returns the calls recorded since the last time, and forgets them.
  func takeCalls() -> [Call] {
    state.withLock { state in
      defer { state.calls = [] }
      return state.calls
    }
  }

  /// The calls to give a store: the system's, each recorded once it returned.
  var calls: FileSystemCalls {
    let real = FileSystemCalls.posix
    return FileSystemCalls(
      makeDirectory: { path, mode in
        self.record(real.makeDirectory(path, mode)) { _, _ in .makeDirectory(path) }
      },
      open: { path, flags in
        self.record(real.open(path, flags)) { state, descriptor in
          state.names[descriptor] = path
          return .open(path)
        }
      },
      openAt: { directory, name, flags, mode in
        self.record(real.openAt(directory, name, flags, mode)) { state, descriptor in
          state.names[descriptor] = name
          return flags & O_CREAT != 0 ? .create(name) : .open(name)
        }
      },
      write: { descriptor, bytes, count in
        self.record(real.write(descriptor, bytes, count)) { state, written in
          .write(state.name(descriptor), bytes: written)
        }
      },
      synchronize: { descriptor in
        self.record(real.synchronize(descriptor)) { state, _ in .flush(state.name(descriptor)) }
      },
      close: { descriptor in
        self.record(real.close(descriptor)) { state, _ in
          .close(state.names.removeValue(forKey: descriptor) ?? "descriptor \(descriptor)")
        }
      },
      renameAt: { directory, source, destination in
        self.record(real.renameAt(directory, source, destination)) { _, _ in
          .rename(source, to: destination)
        }
      },
      unlinkAt: { directory, name in
        self.record(real.unlinkAt(directory, name)) { _, _ in .remove(name) }
      })
  }

  /// Records the call that returned `result`, leaving `errno` as the call set it.
  private func record<Result>(_ result: Result, _ call: (inout State, Result) -> Call) -> Result {
    let code = errno
    state.withLock { state in state.calls.append(call(&state, result)) }
    errno = code
    return result
  }
}
