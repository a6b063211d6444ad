import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import AppFlow

/// The directory store's files: their layout, every damage typed (truncation at every
/// length, a change at every byte, another session's file), what listing ignores, and the
/// system's refusals.
@Suite(.temporaryDirectories) struct DirectorySnapshotStoreTests {
  private let alice = sessionID("alice")

  /// FNV-1a 64, written again here so that the test pins the format on its own.
  private func fnv1a(_ bytes: [UInt8]) -> [UInt8] {
    var hash: UInt64 = 14_695_981_039_346_656_037
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 1_099_511_628_211
    }
    return (0..<8).map { UInt8(truncatingIfNeeded: hash >> (8 * UInt64($0))) }
  }

  private func storeWithAlice() async throws -> (DirectorySnapshotStore, path: String, bytes: [UInt8]) {
    let store = try DirectorySnapshotStore(directory: temporaryDirectory())
    try await store.save(Array("snap".utf8), for: alice)
    let path = store.path(of: alice)
    return (store, path, Array(try Data(contentsOf: URL(fileURLWithPath: path))))
  }

  @Test func aSnapshotFileIsAHeaderTheSessionTheSnapshotAndAChecksum() async throws {
    let (store, path, bytes) = try await storeWithAlice()
    #expect(path == store.directory + "/alice.snapshot")
    let body: [UInt8] =
      Array("AFSS".utf8) + [1, 0] + [5, 0] + [4, 0, 0, 0, 0, 0, 0, 0] + Array("alice".utf8)
      + Array("snap".utf8)
    #expect(bytes == body + fnv1a(body))
    let files = try FileManager.default.contentsOfDirectory(atPath: store.directory)
    #expect(files == ["alice.snapshot"])
  }

  @Test func aFileTruncatedAtAnyLengthIsDamaged() async throws {
    let (store, path, bytes) = try await storeWithAlice()
    var codes: [SnapshotStoreError.Code] = []
    for length in 0..<bytes.count {
      try Data(bytes[..<length]).write(to: URL(fileURLWithPath: path))
      if let error = await expectStoreError(.damaged, { _ = try await store.load(alice) }) {
        codes.append(error.code)
      }
    }
    #expect(codes == Array(repeating: .damaged, count: bytes.count))
    try Data(bytes[..<30]).write(to: URL(fileURLWithPath: path))
    let error = await expectStoreError(.damaged) { _ = try await store.load(alice) }
    #expect(
      error?.message
        == "The snapshot of session 'alice' in \(path) is damaged: it is 30 bytes long; its header promises "
        + "5+4 bytes of content, and there are 6.")
    #expect(error?.session == alice)
    try Data(bytes[..<10]).write(to: URL(fileURLWithPath: path))
    let short = await expectStoreError(.damaged) { _ = try await store.load(alice) }
    #expect(
      short?.message
        == "The snapshot of session 'alice' in \(path) is damaged: it is 10 bytes long, shorter than the "
        + "smallest snapshot file.")
  }

  @Test func aFileWithAnyByteChangedIsDamagedOrOfAnotherVersion() async throws {
    let (store, path, bytes) = try await storeWithAlice()
    var codes: [SnapshotStoreError.Code] = []
    var messages: [Int: String] = [:]
    for index in bytes.indices {
      var changed = bytes
      changed[index] ^= 0x01
      try Data(changed).write(to: URL(fileURLWithPath: path))
      let expected: SnapshotStoreError.Code = index == 4 || index == 5 ? .unsupportedFormat : .damaged
      if let error = await expectStoreError(expected, { _ = try await store.load(alice) }) {
        codes.append(error.code)
        messages[index] = error.message
      }
    }
    #expect(codes == bytes.indices.map { $0 == 4 || $0 == 5 ? .unsupportedFormat : .damaged })
    let prefix = "The snapshot of session 'alice' in \(path)"
    #expect(messages[0] == "\(prefix) is damaged: it does not start with \"AFSS\".")
    #expect(messages[4] == "\(prefix) has format version 0; this store reads version 1.")
    #expect(messages[20] == "\(prefix) is damaged: its checksum does not match its content.")
  }

  @Test func anotherSessionsFileUnderThisSessionsNameIsDamaged() async throws {
    let (store, _, bytes) = try await storeWithAlice()
    let bob = sessionID("bob")
    try Data(bytes).write(to: URL(fileURLWithPath: store.path(of: bob)))
    let error = await expectStoreError(.damaged) { _ = try await store.load(bob) }
    #expect(
      error?.message
        == "The snapshot of session 'bob' in \(store.path(of: bob)) is damaged: it holds the snapshot of session 'alice'."
    )
    #expect(try await store.sessionIDs() == [alice, bob])
  }

  @Test func listingIgnoresTemporaryForeignAndMisnamedFiles() async throws {
    let (store, _, bytes) = try await storeWithAlice()
    let directory = store.directory
    for name in ["alice.snapshot.k3j2.tmp", "notes.txt", "bad name.snapshot", ".snapshot", "x.snapshot.bak"] {
      try Data(bytes).write(to: URL(fileURLWithPath: "\(directory)/\(name)"))
    }
    try FileManager.default.createDirectory(atPath: "\(directory)/sub", withIntermediateDirectories: false)
    #expect(try await store.sessionIDs() == [alice])
    #expect(try store.removeTemporaryFiles() == 1)
    #expect(try store.removeTemporaryFiles() == 0)
    let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    #expect(
      files == [".snapshot", "alice.snapshot", "bad name.snapshot", "notes.txt", "sub", "x.snapshot.bak"])
    #expect(try await store.load(alice) == Array("snap".utf8))
  }

  @Test func aMissingDirectoryIsCreatedAndAnUnusablePathIsAnIOError() async throws {
    let parent = try temporaryDirectory()
    let store = try DirectorySnapshotStore(directory: "\(parent)/new")
    try await store.save([7], for: alice)
    #expect(try await store.load(alice) == [7])

    let file = "\(parent)/file"
    try Data([1]).write(to: URL(fileURLWithPath: file))
    let notADirectory = await expectStoreError(.io) { _ = try DirectorySnapshotStore(directory: file) }
    #expect(
      notADirectory?.message == "Can't open the snapshot directory: open \(file): Not a directory (errno 20)."
    )
    let noParent = await expectStoreError(.io) { _ = try DirectorySnapshotStore(directory: "\(parent)/a/b") }
    #expect(
      noParent?.message
        == "Can't open the snapshot directory: create \(parent)/a/b: No such file or directory (errno 2).")
  }

  @Test func aSaveIntoADirectoryThatWentAwayIsAnIOErrorNamingTheFile() async throws {
    let (store, _, _) = try await storeWithAlice()
    try FileManager.default.removeItem(atPath: store.directory)
    let error = await expectStoreError(.io) { try await store.save([1], for: alice) }
    let message = try #require(error?.message)
    #expect(
      message.hasPrefix(
        "Can't save the snapshot of session 'alice': create \(store.directory)/alice.snapshot."))
    #expect(message.hasSuffix(".tmp: No such file or directory (errno 2)."))
    #expect(error?.session == alice)
    #expect(try await store.load(alice) == nil)
    #expect(try await store.sessionIDs() == [])
  }
}

/// The store's blocking calls run on its own queue: saves stuck in the disk never hold the
/// threads of Swift's cooperative pool, so other tasks keep running.
@Suite(.temporaryDirectories) struct DirectorySnapshotStoreOffloadTests {
  /// Counts across threads.
  final class Count: Sendable {
    private let value = Atomic(0)
    func add() { value.add(1, ordering: .sequentiallyConsistent) }
    var now: Int { value.load(ordering: .sequentiallyConsistent) }
  }

  @Test func savesThatBlockLeaveTheCooperativePoolFree() async throws {
    // More saves than the pool has threads (one per core), each blocked in the middle of its
    // write until a task of the pool lets them go: with the calls on the pool's threads,
    // that task could never run. The last save in wakes the task (no polling, no clock); the
    // saves' deadline only turns such a hang into a failure, and is long enough for a busy
    // machine.
    let saves = ProcessInfo.processInfo.activeProcessorCount + 2
    let entered = Count()
    let timedOut = Count()
    let allEntered = Arrival()
    let gate = DispatchSemaphore(value: 0)
    let store = try DirectorySnapshotStore(directory: temporaryDirectory()) { stage in
      guard stage == .written else { return }
      entered.add()
      if entered.now == saves { allEntered.fire() }
      if gate.wait(timeout: .now() + 300) == .timedOut { timedOut.add() }
    }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<saves {
        group.addTask { try await store.save([UInt8(index)], for: sessionID("s\(index)")) }
      }
      group.addTask {
        await allEntered.wait()
        for _ in 0..<saves { gate.signal() }
      }
      try await group.waitForAll()
    }
    #expect(timedOut.now == 0)
    var loaded: [[UInt8]?] = []
    for index in 0..<saves { loaded.append(try await store.load(sessionID("s\(index)"))) }
    #expect(loaded == (0..<saves).map { [UInt8($0)] })
  }
}
