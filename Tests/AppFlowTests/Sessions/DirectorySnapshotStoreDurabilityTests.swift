import Foundation
import TestSupport
import Testing

@testable import AppFlow

/// What the directory store asks of the file system, call by call, in order: the flushes
/// that make a save survive a power cut. (A killed process can't show them: the system keeps
/// what it was given, flushed or not. ``DirectorySnapshotStoreCrashTests`` shows the other
/// half: no half-written file ever takes a snapshot's name.)
@Suite(.temporaryDirectories) struct DirectorySnapshotStoreDurabilityTests {
  private typealias Call = RecordingFileSystem.Call

  private let alice = sessionID("alice")

  /// A store in a new directory of its own, its opening calls taken.
  private func recordedStore(
    _ test: String = #function, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> (DirectorySnapshotStore, RecordingFileSystem) {
    let recorder = RecordingFileSystem()
    let store = try DirectorySnapshotStore(
      directory: try temporaryDirectory(test), fileSystem: recorder.calls, saveHook: nil)
    #expect(
      recorder.takeCalls() == [.makeDirectory(store.directory), .open(store.directory)],
      "the directory exists: mkdir fails with EEXIST", sourceLocation: sourceLocation)
    return (store, recorder)
  }

  /// The temporary file a save created, checked for its shape: `<session>.snapshot.<random>.tmp`.
  private func temporaryName(in calls: [Call], sourceLocation: SourceLocation = #_sourceLocation) -> String {
    guard case .create(let name) = calls.first else {
      Issue.record("The save began with \(String(describing: calls.first)).", sourceLocation: sourceLocation)
      return ""
    }
    #expect(name.hasPrefix("alice.snapshot."), sourceLocation: sourceLocation)
    #expect(name.hasSuffix(".tmp"), sourceLocation: sourceLocation)
    #expect(DirectorySnapshotStore.isTemporary(name), sourceLocation: sourceLocation)
    return name
  }

  /// A save's calls: the temporary file written, flushed and closed, renamed over the
  /// session's file, then the directory flushed, which records the rename.
  private func saveCalls(_ temporary: String, bytes: Int, directory: String) -> [Call] {
    [
      .create(temporary), .write(temporary, bytes: bytes), .flush(temporary), .close(temporary),
      .rename(temporary, to: "alice.snapshot"), .flush(directory),
    ]
  }

  @Test func aFirstSaveFlushesTheFileBeforeTheRenameAndTheDirectoryAfter() async throws {
    let (store, recorder) = try recordedStore()
    try await store.save(Array("snap".utf8), for: alice)
    let calls = recorder.takeCalls()
    let temporary = temporaryName(in: calls)
    // 16 bytes of header, the session's 5, the snapshot's 4 and 8 of checksum.
    #expect(calls == saveCalls(temporary, bytes: 33, directory: store.directory))
    #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory) == ["alice.snapshot"])
    #expect(try await store.load(alice) == Array("snap".utf8))
    #expect(
      recorder.takeCalls() == [.open("alice.snapshot"), .close("alice.snapshot")], "a load flushes nothing")
  }

  @Test func aSaveThatReplacesASnapshotMakesTheSameCallsWithAFileOfItsOwn() async throws {
    let (store, recorder) = try recordedStore()
    try await store.save(Array("first".utf8), for: alice)
    let first = temporaryName(in: recorder.takeCalls())
    try await store.save(Array("second!".utf8), for: alice)
    let calls = recorder.takeCalls()
    let temporary = temporaryName(in: calls)
    #expect(temporary != first)
    #expect(calls == saveCalls(temporary, bytes: 36, directory: store.directory))
    #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory) == ["alice.snapshot"])
    #expect(try await store.load(alice) == Array("second!".utf8))
  }

  @Test func aRemoveFlushesTheDirectoryOnlyWhenItRemovedAFile() async throws {
    let (store, recorder) = try recordedStore()
    try await store.save(Array("snap".utf8), for: alice)
    _ = recorder.takeCalls()
    try await store.remove(alice)
    #expect(recorder.takeCalls() == [.remove("alice.snapshot"), .flush(store.directory)])
    try await store.remove(alice)
    #expect(recorder.takeCalls() == [.remove("alice.snapshot")], "nothing to remove, nothing to flush")
    #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory) == [])
  }

  @Test func removingTemporaryFilesFlushesTheDirectoryOnceAfterThem() async throws {
    let (store, recorder) = try recordedStore()
    let names = ["alice.snapshot.1.tmp", "alice.snapshot.2.tmp"]
    for name in names {
      #expect(FileManager.default.createFile(atPath: "\(store.directory)/\(name)", contents: Data()))
    }
    #expect(try store.removeTemporaryFiles() == 2)
    let calls = recorder.takeCalls()
    // The removes come in the order the directory lists the files, which is its own.
    let removes = calls.dropLast().sorted { $0.description < $1.description }
    #expect(removes + calls.suffix(1) == names.map { Call.remove($0) } + [.flush(store.directory)])
    #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory) == [])
  }

  @Test func aStoreThatMakesItsDirectoryFlushesTheParentBeforeUsingIt() async throws {
    let parent = try temporaryDirectory()
    let recorder = RecordingFileSystem()
    let store = try DirectorySnapshotStore(
      directory: "\(parent)/sessions", fileSystem: recorder.calls, saveHook: nil)
    #expect(
      recorder.takeCalls() == [
        .makeDirectory("\(parent)/sessions"), .open(parent), .flush(parent), .close(parent),
        .open("\(parent)/sessions"),
      ])
    try await store.save(Array("snap".utf8), for: alice)
    #expect(try await store.load(alice) == Array("snap".utf8))
  }

  @Test func theParentOfAPathIsTheDirectoryThatHoldsIt() {
    let parents = ["/var/lib/sessions", "/var/lib/sessions/", "sessions", "/sessions", "a/b", "/"].map {
      POSIXDirectory.parentPath(of: $0)
    }
    #expect(parents == ["/var/lib", "/var/lib", ".", "/", "a", "/"])
  }
}
