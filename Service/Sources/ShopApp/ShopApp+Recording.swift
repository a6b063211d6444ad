package import AppFlow
import Navigator
import Synchronization

/// One copy of each encoded input that sessions' logs keep, shared between the sessions, up
/// to ``limit`` inputs: a log holds references to these (8 bytes an input) rather than values
/// of its own.
package final class SessionLogTexts: Sendable {
  /// The most inputs shared; an input beyond it is kept by the log that recorded it.
  package static let limit = 16_384

  private let texts = Mutex(Set<[UInt8]>())

  /// Creates an empty table.
  package init() {}

  /// The shared copy of `bytes`: the one kept already, or `bytes`, kept now while there is room.
  func shared(_ bytes: [UInt8]) -> [UInt8] {
    texts.withLock { texts in
      if let kept = texts.firstIndex(of: bytes) { return texts[kept] }
      if texts.count < Self.limit { texts.insert(bytes) }
      return bytes
    }
  }

  /// How many inputs are shared.
  package var count: Int { texts.withLock { $0.count } }
}

/// A session's log, kept compact: its start snapshot's JSON and each input's JSON (shared
/// between sessions through ``SessionLogTexts``), as `RouteTable.encode(_:)` writes them.
///
/// The app controller records only while an action runs (``ShopApp/recordingInputs(of:_:)``):
/// the recorder's inputs are then folded in here, so that between requests a session keeps
/// no recorder and no `RecordedInput` values (96 bytes each).
final class RecordedLog {
  /// The most inputs kept after the start.
  let limit: Int
  /// The shared inputs.
  let texts: SessionLogTexts
  /// The start snapshot's JSON; `nil` when the log starts from a fresh app controller.
  var start: [UInt8]?
  /// Each input's JSON, oldest first.
  var inputs: ContiguousArray<[UInt8]> = []

  init(limit: Int, texts: SessionLogTexts) {
    self.limit = limit
    self.texts = texts
  }

  /// Appends what a recorder heard: when the inputs would be more than ``limit``, the log
  /// starts again from the recorder's start, the state before them.
  func append(_ log: SessionLog, routes: RouteTable) {
    guard !log.steps.isEmpty else { return }
    let new = log.steps.map { step in texts.shared(Self.encoded(step.input, routes)) }
    if inputs.count + new.count > limit {
      if let snapshot = log.start, let encoded = Self.encoded(snapshot, routes) {
        start = encoded
        inputs = ContiguousArray(new)
      } else {
        start = nil
        let note = RecordedInput.unreplayable("The log was cut at its bound and its start can't be encoded")
        inputs = ContiguousArray([texts.shared(Self.encoded(note, routes))] + new)
      }
    } else {
      inputs.append(contentsOf: new)
    }
  }

  /// Starts the log again from `start` (a snapshot's JSON, `nil` for a fresh app controller)
  /// with `inputs`.
  func reset(start: [UInt8]?, inputs: [[UInt8]]) {
    self.start = start
    self.inputs = ContiguousArray(inputs.map(texts.shared))
  }

  /// The log's JSON, as `RouteTable.encode(_:)` writes a log without events.
  var bytes: [UInt8] {
    var out = Self.inputsHead
    out.reserveCapacity(inputs.reduce(64) { $0 + $1.count + 1 } + (start?.count ?? 0))
    for (index, input) in inputs.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      out += input
    }
    out += Array(#"],"sessionLog":\#(SessionLog.formatVersion)"#.utf8)
    if let start {
      out += Array(#","start":"#.utf8)
      out += start
    }
    out.append(UInt8(ascii: "}"))
    return out
  }

  private static let inputsHead = Array(#"{"inputs":["#.utf8)

  /// An input's JSON: the one element of a one-input log's `inputs`.
  static func encoded(_ input: RecordedInput, _ routes: RouteTable) -> [UInt8] {
    let tail = Array(#"],"sessionLog":\#(SessionLog.formatVersion)}"#.utf8)
    if let bytes = try? routes.encode(SessionLog(steps: [SessionLog.Step(input)])),
      bytes.starts(with: inputsHead), bytes.count > inputsHead.count + tail.count,
      bytes.suffix(tail.count).elementsEqual(tail)
    {
      return Array(bytes.dropFirst(inputsHead.count).dropLast(tail.count))
    }
    // The route table refused the input (a route it doesn't know): kept, but not replayable.
    let note = RecordedInput.unreplayable("\(input), which the route table can't encode")
    guard let bytes = try? routes.encode(SessionLog(steps: [SessionLog.Step(note)])) else { return [] }
    return Array(bytes.dropFirst(inputsHead.count).dropLast(tail.count))
  }

  /// A snapshot's JSON: the `start` of a log that has no inputs.
  static func encoded(_ start: NavigationSnapshot, _ routes: RouteTable) -> [UInt8]? {
    let head = Array(#"{"inputs":[],"sessionLog":\#(SessionLog.formatVersion),"start":"#.utf8)
    guard let bytes = try? routes.encode(SessionLog(start: start)), bytes.starts(with: head) else {
      return nil
    }
    return Array(bytes.dropFirst(head.count).dropLast())
  }
}

extension ShopApp {
  /// Makes a session's app controller, as ``makeApp(shop:)`` does, keeping a log of its
  /// inputs when `logLimit` is positive: the log starts from a fresh app controller, its first
  /// input the host's `start`, and keeps at most `logLimit` inputs after its start (when it
  /// is full, the next input starts it again from the state before that input).
  ///
  /// - Parameters:
  ///   - logLimit: The most inputs the log keeps after its start; 0 records nothing.
  ///   - texts: The inputs the service's sessions share.
  /// - Returns: The app controller, not started.
  /// - Throws: A ``RouteError`` if a registration of the shared routes was refused (a bug in
  ///   the shop).
  package static func makeApp(logLimit: Int, texts: SessionLogTexts) throws -> AppController {
    let shop = ShopSession()
    guard logLimit > 0 else { return try makeApp(shop: shop) }
    shop.recordedLog = RecordedLog(limit: logLimit, texts: texts)
    let app = try makeApp(shop: shop)
    // Records the host's `start`; folded into the log at the first save.
    try app.startRecording()
    return app
  }

  /// Runs `body`, an action on the session, recording its inputs into the session's log when
  /// it keeps one. The recorder lives only while `body` runs.
  ///
  /// - Parameters:
  ///   - app: The session's app controller.
  ///   - body: The action.
  /// - Returns: What `body` returned.
  /// - Throws: What `body` threw; its inputs are in the log all the same.
  package static func recordingInputs<T, Failure: Error>(
    of app: AppController, _ body: () throws(Failure) -> T
  ) throws(Failure) -> T {
    guard shop(of: app)?.recordedLog != nil else { return try body() }
    fold(app)
    // Without a limit: the log's own bound applies when the inputs are folded in.
    _ = try? app.startRecording()
    defer { fold(app) }
    return try body()
  }

  /// The codec of shop sessions that keep their log in the same document as their snapshot
  /// (``SavedShop/log``), so that one save writes both and they never disagree; ``codec``
  /// when `logLimit` is 0.
  ///
  /// A restore brings the navigation back as ``codec`` does, then goes on from the saved
  /// log. A document without a log (saved before logs were kept, or with recording off)
  /// restores the same way, its log then starting from the restored state; so does one whose
  /// log can't be read or holds more inputs than `logLimit`. A document with a log restores
  /// in a service that keeps none, and is saved again without it.
  ///
  /// - Parameters:
  ///   - logLimit: The most inputs a session's log keeps after its start; 0 for none.
  ///   - texts: The inputs the service's sessions share.
  /// - Returns: The codec.
  package static func codec(logLimit: Int, texts: SessionLogTexts) -> SessionCodec {
    guard logLimit > 0 else { return codec }
    let navigation = SessionCodec.navigationSnapshots()
    return SessionCodec(
      snapshot: { app in
        SavedShop(
          account: shop(of: app)?.signIn.account, log: logBytes(of: app),
          navigation: try navigation.snapshot(app)
        ).bytes
      },
      restore: { app, bytes in
        let document = try SavedShop(bytes)
        shop(of: app)?.signIn.account = document.account
        // The recorder `makeApp(logLimit:texts:)` set heard the start and the restore: dropped.
        app.stopRecording()
        try navigation.restore(app, document.navigation)
        resume(app, after: document.log)
      })
  }

  /// The session's log as JSON (`RouteTable.encode(_:)`'s form, inputs without events);
  /// `nil` when the session keeps none.
  ///
  /// - Parameter app: A session's app controller.
  /// - Returns: The log's JSON.
  package static func logBytes(of app: AppController) -> [UInt8]? {
    fold(app)
    return shop(of: app)?.recordedLog?.bytes
  }

  /// The session's log; `nil` when the session keeps none, or its JSON can't be read back.
  ///
  /// - Parameter app: A session's app controller.
  /// - Returns: The log, its steps without events.
  package static func log(of app: AppController) -> SessionLog? {
    guard let bytes = logBytes(of: app) else { return nil }
    return try? app.routes.decodeSessionLog(bytes)
  }

  /// The most inputs the session's log keeps after its start; `nil` when it keeps none.
  ///
  /// - Parameter app: A session's app controller.
  /// - Returns: The limit.
  package static func logLimit(of app: AppController) -> Int? {
    shop(of: app)?.recordedLog?.limit
  }

  /// How many inputs the session's log holds; `nil` when it keeps none.
  ///
  /// - Parameter app: A session's app controller.
  /// - Returns: The count.
  package static func logCount(of app: AppController) -> Int? {
    fold(app)
    return shop(of: app)?.recordedLog?.inputs.count
  }

  /// Folds what the recorder heard into the session's log, and stops it.
  private static func fold(_ app: AppController) {
    guard let recorded = shop(of: app)?.recordedLog, let log = app.stopRecording() else { return }
    recorded.append(log, routes: app.routes)
  }

  /// Sets a restored session's log: the saved one (a log's JSON), or one starting from the
  /// restored state when there is none that can be read and fits.
  private static func resume(_ app: AppController, after saved: [UInt8]?) {
    guard let recorded = shop(of: app)?.recordedLog else { return }
    if let saved, let log = try? app.routes.decodeSessionLog(saved), log.steps.count <= recorded.limit {
      let inputs = log.steps.map { RecordedLog.encoded($0.input, app.routes) }
      if let start = log.start {
        if let encoded = RecordedLog.encoded(start, app.routes) {
          recorded.reset(start: encoded, inputs: inputs)
          return
        }
      } else {
        recorded.reset(start: nil, inputs: inputs)
        return
      }
    }
    do throws(SnapshotError) {
      recorded.reset(start: RecordedLog.encoded(try app.snapshot(), app.routes), inputs: [])
    } catch {
      let note = RecordedInput.unreplayable("The restored state can't be snapshotted: \(error)")
      recorded.reset(start: nil, inputs: [RecordedLog.encoded(note, app.routes)])
    }
  }
}
