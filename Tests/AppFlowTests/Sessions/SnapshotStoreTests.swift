import AppFlow
import Foundation
import Navigator
import TestSupport
import Testing

/// What every store promises, checked on both of AppFlow's: round trips, replacement,
/// removal, listing, and concurrent saves that never mix two snapshots.
@Suite(.temporaryDirectories) struct SnapshotStoreTests {
  enum Kind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory
    case directory

    var testDescription: String { rawValue }

    func make(_ name: String = #function) throws -> any SnapshotStore {
      switch self {
      case .inMemory: InMemorySnapshotStore()
      case .directory: try DirectorySnapshotStore(directory: temporaryDirectory(name))
      }
    }
  }

  private let alice = sessionID("alice")
  private let bob = sessionID("bob")
  private let carol = sessionID("carol")

  @Test(arguments: Kind.allCases)
  func savedSnapshotsLoadBackAsSavedAndAreListedInOrder(_ kind: Kind) async throws {
    let store = try kind.make()
    var generator = SplitMix64(seed: 7)
    let big = (0..<(1 << 20)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    try await store.save([1, 2, 3], for: carol)
    try await store.save([], for: alice)
    try await store.save(big, for: bob)
    #expect(try await store.load(carol) == [1, 2, 3])
    #expect(try await store.load(alice) == [])
    #expect(try await store.load(bob) == big)
    #expect(try await store.load(sessionID("dave")) == nil)
    #expect(try await store.sessionIDs() == [alice, bob, carol])
  }

  @Test(arguments: Kind.allCases)
  func aSaveReplacesTheSnapshotAndARemoveDropsIt(_ kind: Kind) async throws {
    let store = try kind.make()
    try await store.save(Array("first".utf8), for: alice)
    try await store.save(Array("second, longer".utf8), for: alice)
    try await store.save(Array("bob".utf8), for: bob)
    #expect(try await store.load(alice) == Array("second, longer".utf8))
    try await store.save(Array("3rd".utf8), for: alice)
    #expect(try await store.load(alice) == Array("3rd".utf8))
    try await store.remove(alice)
    #expect(try await store.load(alice) == nil)
    try await store.remove(alice)
    try await store.remove(carol)
    #expect(try await store.sessionIDs() == [bob])
    #expect(try await store.load(bob) == Array("bob".utf8))
  }

  @Test(arguments: Kind.allCases)
  func concurrentSavesNeverMixTwoSnapshots(_ kind: Kind) async throws {
    let store = try kind.make()
    let ids = (0..<8).map { sessionID("s\($0)") }
    // Each save of a session is 4 KiB of one byte value: a mix of two would show.
    func snapshot(_ round: Int) -> [UInt8] { [UInt8](repeating: UInt8(round), count: 4096) }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for round in 1...10 {
        for id in ids { group.addTask { try await store.save(snapshot(round), for: id) } }
      }
      try await group.waitForAll()
    }
    for id in ids {
      let loaded = try #require(try await store.load(id))
      #expect(loaded.count == 4096 && Set(loaded).count == 1 && (1...10).contains(Int(loaded[0])))
    }
    #expect(try await store.sessionIDs() == ids)
    if case .directory = kind, let directory = store as? DirectorySnapshotStore {
      let files = try FileManager.default.contentsOfDirectory(atPath: directory.directory).sorted()
      #expect(files == ids.map { "\($0).snapshot" }, "no temporary file is left behind")
    }
  }

  @Test(arguments: Kind.allCases)
  func aHostAfterARestartRestoresSessionsFromTheStore(_ kind: Kind) async throws {
    let store = try kind.make()
    let first = SessionHost(store: store, codec: pageCodec) { id in makePageApp(id) }
    try await first.create(alice)
    try await first.create(bob)
    try await first.withSession(alice) { app in
      try app.navigator.tryNavigate(
        to: .stack(alice, ["list"], sheet: "help"), options: .init().animated(false))
    }
    try await first.withSession(bob) { app in
      try app.navigator.tryNavigate(to: .stack(bob, ["inbox"]), options: .init().animated(false))
    }
    try await first.evict(alice)
    try await first.save(bob)
    // A new host over the same store, as after a restart: the sessions come back on first use.
    let second = SessionHost(store: store, codec: pageCodec) { id in makePageApp(id) }
    #expect(await second.liveSessionCount == 0)
    #expect(try await second.withSession(alice) { pageState($0) } == .stack(alice, ["list"], sheet: "help"))
    #expect(try await second.withSession(bob) { pageState($0) } == .stack(bob, ["inbox"]))
    await expectSessionError(.unknownSession) { try await second.withSession(carol) { _ in } }
    #expect(await second.liveSessionCount == 2)
  }
}
