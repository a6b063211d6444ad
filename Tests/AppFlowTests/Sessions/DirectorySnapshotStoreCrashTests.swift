import Dispatch
import Foundation
import Synchronization
import TestSupport
import Testing

@testable import AppFlow

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A process killed (`SIGKILL`) while the directory store saves leaves every snapshot it
/// acknowledged whole and readable: at each stage of a save, and at a random moment of a
/// stream of saves. (A kill loses no data the system already has; what it shows is that no
/// half-written file ever takes a snapshot's name.)
@Suite(.temporaryDirectories) struct DirectorySnapshotStoreCrashTests {
  @Test(arguments: ["halfWritten", "written", "flushed", "renamed"])
  func aProcessKilledAtAStageOfASaveLeavesTheAcknowledgedSnapshotsWhole(_ stage: String) async throws {
    let directory = try temporaryDirectory("crash-\(stage)")
    await #expect(processExitsWith: .signal(SIGKILL)) {
      [directory = directory as String, stage = stage as String] in
      let acknowledged = Mutex(0)
      let store = try DirectorySnapshotStore(directory: directory) { reached in
        if acknowledged.withLock({ $0 }) == 2, "\(reached)" == stage { raise(SIGKILL) }
      }
      try await store.save(Array("alice 1".utf8), for: SessionID("alice"))
      acknowledged.withLock { $0 += 1 }
      try await store.save(Array("bob 1".utf8), for: SessionID("bob"))
      acknowledged.withLock { $0 += 1 }
      try await store.save(Array("alice 2, never acknowledged".utf8), for: SessionID("alice"))
      exit(0)  // not reached: the save above kills the process
    }
    let store = try DirectorySnapshotStore(directory: directory)
    let alice = try await store.load(sessionID("alice")).map { String(decoding: $0, as: UTF8.self) }
    // Until the rename the old snapshot stands; after it, the new one, whole.
    #expect(alice == (stage == "renamed" ? "alice 2, never acknowledged" : "alice 1"))
    #expect(try await store.load(sessionID("bob")) == Array("bob 1".utf8))
    #expect(try await store.sessionIDs() == [sessionID("alice"), sessionID("bob")])
    #expect(try store.removeTemporaryFiles() == (stage == "renamed" ? 0 : 1), "the interrupted save's file")
  }

  @Test func aProcessKilledAtARandomMomentOfManySavesLeavesEveryAcknowledgedSnapshotWhole() async throws {
    let directory = try temporaryDirectory()
    let acknowledgements = try temporaryDirectory("acks") + "/acknowledged"
    await #expect(processExitsWith: .signal(SIGKILL)) {
      [directory = directory as String, acknowledgements = acknowledgements as String] in
      let store = try DirectorySnapshotStore(directory: directory)
      let log = open(acknowledgements, O_WRONLY | O_CREAT | O_APPEND, 0o600)
      precondition(log >= 0)
      var armed = false
      for round in 1... {
        for session in crashSessions {
          try await store.save(crashSnapshot(session, round), for: SessionID(session))
          let line = Array("\(session) \(round)\n".utf8)
          precondition(write(log, line, line.count) == line.count && fsync(log) == 0)
          // The kill is armed once a save was acknowledged, so that a slow run (under a
          // sanitizer) still has one to check; it comes at a random moment after.
          if !armed {
            armed = true
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(.random(in: 30...200))) {
              raise(SIGKILL)
            }
          }
        }
      }
    }
    // The last round acknowledged for each session: its snapshot is that round's or, if the
    // kill came after the rename of the next one but before its acknowledgement, the next's.
    let lines = String(decoding: fileContents(acknowledgements), as: UTF8.self).split(separator: "\n")
    var last: [String: Int] = [:]
    for line in lines {
      let fields = line.split(separator: " ")
      last[String(fields[0])] = Int(fields[1])!
    }
    #expect(!lines.isEmpty, "some saves were acknowledged before the kill")
    let store = try DirectorySnapshotStore(directory: directory)
    for session in crashSessions {
      let loaded = try await store.load(sessionID(session))
      let round = last[session] ?? 0
      let whole = [round, round + 1].filter { $0 > 0 }.map { crashSnapshot(session, $0) }
      #expect(
        loaded.map(whole.contains) ?? (round == 0),
        "\(session): acknowledged round \(round), found \(loaded?.count ?? 0) bytes")
    }
    #expect(Set(try await store.sessionIDs().map(\.rawValue)).isSubset(of: crashSessions))
  }
}

/// The sessions of the random-kill test.
private let crashSessions = ["s0", "s1", "s2", "s3"]

/// A session's snapshot in a round: 16 KiB naming both, so that a mix would show.
private func crashSnapshot(_ session: String, _ round: Int) -> [UInt8] {
  let text = Array("\(session) round \(round); ".utf8)
  return (0..<(16 * 1024)).map { text[$0 % text.count] }
}

/// The bytes of a file, read with POSIX calls: Foundation's file reader left a 4 KiB buffer
/// that LeakSanitizer reported (`String(contentsOfFile:)`, FoundationEssentials).
private func fileContents(_ path: String) -> [UInt8] {
  let file = open(path, O_RDONLY)
  guard file >= 0 else { return [] }
  defer { close(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = read(file, &buffer, buffer.count)
    guard count > 0 else { break }
    bytes += buffer[0..<count]
  }
  return bytes
}
