public import Navigator

/// Records what an app controller is asked to do, in order, as ``RecordedInput`` values:
/// the session's log (``log``), ready to encode and replay.
///
/// Made by ``AppController/startRecording(limit:recordingEvents:)``; the app controller
/// keeps it until ``AppController/stopRecording()``. It hears the app controller's calls
/// (start, stop, deep links, routes, restorations, flows) and, as its window's
/// `Window.inputObserver`, the navigator's calls, the user's gestures, pop
/// guards' late answers and the window's manual scheduler. Only the outermost input is
/// recorded: what screens' own code does meanwhile is that input's consequence. While no
/// recorder is set, each of those inputs costs one `nil` test.
///
/// Bounded (`limit`): when a new input finds `limit` inputs already recorded and the window
/// idle, the recorder starts the log again from a snapshot taken then, so that the log holds
/// at most `limit` inputs after its start. A window that is never idle then (a transition
/// or a pop guard waiting) lets the log grow until it is; a state that can't be snapshotted
/// (a screen with no route) starts the log again with an ``RecordedInput/unreplayable(_:)``
/// input that says so.
///
/// Read a recorder's ``log`` while its app controller lives (``AppController/stopRecording()``
/// hands it back); the app controller takes it off its window when it goes.
public final class SessionRecorder {
  /// The app controller recorded; it owns the recorder, which is read while it lives.
  private unowned let app: AppController
  /// The most inputs kept after the log's start; `nil` for no bound.
  public let limit: Int?
  /// A Boolean value indicating whether each input keeps the journal events it caused
  /// (the window's journal is switched on for it).
  public let recordsEvents: Bool
  /// The snapshot the log starts from; `nil` for a fresh app controller.
  private var start: NavigationSnapshot?
  /// The inputs recorded, oldest first, kept small.
  private var inputs = CompactInputs()
  /// The events of each input but the last (which are still coming), when they are kept
  /// (``recordsEvents``); empty otherwise.
  private var events: [[String]] = []
  /// Where the last input's events start in the journal.
  private var journalMark = 0
  /// How many inputs are being handled now, nested: the outermost one is recorded.
  private var depth = 0
  /// The recorded runs that wait for their flow's protection: each flow, the index of its
  /// input among those kept whole, and how to make the input from its first screen's route.
  private var awaitedRuns: [(flow: WeakFlow, whole: Int, input: (AnyRoute) -> RecordedInput)] = []
  /// The number of outermost inputs heard, never reset: names the input a clock reading is
  /// for.
  private var serial = 0
  /// The monotonic clock's reading at the log's start: clock readings count from it.
  private var clockStart = ContinuousClock.now
  /// The clock reading of the input numbered ``readingSerial``, since ``clockStart``.
  private var reading: Duration?
  /// The number of the input ``reading`` is for.
  private var readingSerial = -1

  /// Creates a recorder for `app`, starting from `start`.
  init(app: AppController, start: NavigationSnapshot?, limit: Int?, recordsEvents: Bool) {
    self.app = app
    self.start = start
    self.limit = limit.map { max(1, $0) }
    self.recordsEvents = recordsEvents
    if recordsEvents {
      app.window.journal.isEnabled = true
      journalMark = app.window.journal.events.count
    }
  }

  /// The number of inputs recorded since the log's start.
  public var count: Int { inputs.count }

  /// The log so far: its start, every input since, with its events and the state the window
  /// is in now when the recorder keeps events.
  public var log: SessionLog {
    let inputs = inputs.inputs
    guard recordsEvents else {
      return SessionLog(start: start, steps: inputs.map { SessionLog.Step($0) })
    }
    var steps = zip(inputs, events).map { SessionLog.Step($0, events: $1) }
    if let last = inputs.last, inputs.count > events.count {
      steps.append(SessionLog.Step(last, events: eventsSinceMark()))
    }
    return SessionLog(start: start, steps: steps, end: Replayer.stateText(of: app.window))
  }

  // MARK: Hearing inputs

  /// An input begins: recorded when it is the outermost one.
  ///
  /// - Returns: `true` when it was recorded.
  @discardableResult
  func begin(_ input: @autoclosure () -> RecordedInput) -> Bool {
    depth += 1
    guard depth == 1 else { return false }
    append(input())
    return true
  }

  /// Takes `inputs`, a saved log's, as the first inputs recorded.
  func adopt(_ inputs: [RecordedInput]) {
    for input in inputs { self.inputs.append(input) }
    // The clock goes on from the saved log's last reading.
    for case .clock(let time) in inputs.reversed() {
      clockStart = .now - time
      break
    }
  }

  /// Replaces the last input recorded, once its call has told what it was.
  func replaceLast(with input: RecordedInput) {
    inputs.replaceLast(with: input)
  }

  /// Replaces the last input recorded with `placeholder`, a run of `flow` that waits for its
  /// protection, until the flow makes its first screen: then with `input` of its route.
  func replaceLast(
    with placeholder: RecordedInput, awaiting flow: AnyFlow, _ input: @escaping (AnyRoute) -> RecordedInput
  ) {
    let whole = inputs.replaceLastKeepingWhole(with: placeholder)
    awaitedRuns.removeAll { run in
      guard let flow = run.flow.object else { return true }
      if case .ended = flow.state { return true }
      return false
    }
    awaitedRuns.append((WeakFlow(object: flow), whole, input))
    app.keeper.tellsRecorderOfFirstScreens = true
  }

  /// `flow` made its first screen: a recorded run that waited for it gets its route.
  func flow(_ flow: AnyFlow, madeFirstScreen screen: ViewController) {
    guard let index = awaitedRuns.firstIndex(where: { $0.flow.object === flow }) else { return }
    let awaited = awaitedRuns.remove(at: index)
    if awaitedRuns.isEmpty { app.keeper.tellsRecorderOfFirstScreens = false }
    guard let route = screen.navigationKey as? AnyRoute else {
      return inputs.replaceWhole(
        awaited.whole, with: .unreplayable("run(\(flow.name)): its first screen has no route"))
    }
    inputs.replaceWhole(awaited.whole, with: awaited.input(route))
  }

  /// A Boolean value indicating whether an input is being handled now.
  var isHandlingInput: Bool { depth > 0 }

  /// The input that began last has returned.
  func end() {
    depth -= 1
  }

  /// Appends an outermost input, after closing the events of the one before, and after
  /// starting the log again from a snapshot when it is full.
  private func append(_ input: RecordedInput) {
    serial += 1
    closeLastEvents()
    if let limit, inputs.count >= limit, !app.window.isBusy, !app.window.isTransitioning {
      rebase()
    }
    inputs.append(input)
  }

  /// Keeps the journal events of the last input, which end where the next one begins.
  private func closeLastEvents() {
    guard recordsEvents, inputs.count > events.count else { return }
    events.append(eventsSinceMark())
    journalMark = app.window.journal.events.count
  }

  /// The journal's events since the mark, as text (all of them when the journal was
  /// emptied since).
  private func eventsSinceMark() -> [String] {
    let all = app.window.journal.events
    let from = journalMark <= all.count ? journalMark : 0
    return all[from...].map { "\($0)" }
  }

  /// Starts the log again from a snapshot of now.
  private func rebase() {
    inputs.removeAll()
    awaitedRuns.removeAll()
    app.keeper.tellsRecorderOfFirstScreens = false
    events.removeAll(keepingCapacity: true)
    do throws(SnapshotError) {
      start = try app.snapshot()
    } catch {
      start = nil
      inputs.append(
        .unreplayable("The log was cut at its bound and its start can't be snapshotted: \(error)"))
      if recordsEvents { events.append([]) }
    }
    journalMark = app.window.journal.events.count
    clockStart = .now
    reading = nil
  }

  /// Replays a ``RecordedInput/clock(_:)`` input, the input being recorded now: the next
  /// input's clock readings are `time` after the log's start.
  func takeClockReadingForNextInput(_ time: Duration) {
    reading = time
    readingSerial = serial + 1
  }
}

extension SessionRecorder: WindowInputObserver {
  /// Records `input` when it is the outermost one, named by routes and paths.
  ///
  /// - Parameters:
  ///   - window: The app controller's window.
  ///   - input: The input.
  public func window(_ window: Window, willHandle input: WindowInput) {
    depth += 1
    guard depth == 1 else { return }
    append(Self.recorded(input, in: window, routes: app.routes))
  }

  /// The instant a keep-alive cache takes for now: during an input, its first reading, which
  /// is logged (a ``RecordedInput/clock(_:)`` before the input) and kept for the whole input, or
  /// the reading a replayed log gave for it; outside inputs, `now`.
  ///
  /// - Parameters:
  ///   - window: The app controller's window.
  ///   - now: The monotonic clock's reading.
  /// - Returns: The instant the cache takes for now.
  public func window(_ window: Window, clockReading now: ContinuousClock.Instant) -> ContinuousClock.Instant {
    if readingSerial == serial, let reading { return clockStart + reading }
    guard depth > 0, inputs.count > 0 else { return now }
    let time = max(.zero, clockStart.duration(to: now))
    reading = time
    readingSerial = serial
    inputs.insertBeforeLast(.clock(time))
    if recordsEvents { events.append([]) }
    return clockStart + time
  }

  /// Notes that the input's call returned.
  ///
  /// - Parameter window: The app controller's window.
  public func windowDidHandleInput(_ window: Window) {
    depth -= 1
  }
}

extension AppController {
  /// The recorder ``startRecording(limit:recordingEvents:)`` set, until
  /// ``stopRecording()``.
  public var recorder: SessionRecorder? { sessionRecorder }

  /// Starts recording this app controller's inputs; the log starts from a snapshot of the
  /// window when the app controller has started, else from a fresh app controller.
  ///
  /// - Parameters:
  ///   - limit: The most inputs to keep after the log's start (``SessionRecorder``
  ///     re-bases the log on a snapshot when it is full); `nil` for no bound.
  ///   - recordingEvents: A Boolean value indicating whether each input keeps the journal
  ///     events it caused, and the log the end state, for a replay to compare (switches
  ///     the window's journal on); `false` keeps the inputs only.
  /// - Returns: The recorder, which the app controller keeps.
  /// - Throws: ``SnapshotError`` when the app controller has started and its window shows
  ///   a screen with no route; nothing changes then. A recorder already set is replaced.
  @discardableResult
  public func startRecording(limit: Int? = nil, recordingEvents: Bool = false) throws(SnapshotError)
    -> SessionRecorder
  {
    let start = isStarted ? try snapshot() : nil
    let recorder = SessionRecorder(app: self, start: start, limit: limit, recordsEvents: recordingEvents)
    sessionRecorder = recorder
    window.inputObserver = recorder
    return recorder
  }

  /// Starts recording this app controller's inputs as the continuation of a saved log: the
  /// recorder takes the log's start and inputs as its own, and appends what comes next.
  ///
  /// For a session restored from a snapshot saved with its log (a hosted session evicted and
  /// brought back): the app controller must show the state the log leads to, which is not
  /// checked. The recorder keeps inputs only (a log's events and end state are dropped), and
  /// re-bases on a snapshot as usual when a new input finds `limit` inputs kept.
  ///
  /// ```swift
  /// app.restore(saved.snapshot, animated: false)
  /// app.startRecording(continuing: saved.log, limit: 100)
  /// ```
  ///
  /// - Parameters:
  ///   - log: The saved log to continue.
  ///   - limit: The most inputs to keep after the log's start; `nil` for no bound.
  /// - Returns: The recorder, which the app controller keeps (replacing one already set).
  @discardableResult
  public func startRecording(continuing log: SessionLog, limit: Int? = nil) -> SessionRecorder {
    let recorder = SessionRecorder(app: self, start: log.start, limit: limit, recordsEvents: false)
    recorder.adopt(log.inputs)
    sessionRecorder = recorder
    window.inputObserver = recorder
    return recorder
  }

  /// Stops recording: the recorder keeps its log, and the app controller forgets it.
  ///
  /// - Returns: The log recorded, or `nil` when nothing was recording.
  @discardableResult
  public func stopRecording() -> SessionLog? {
    guard let recorder = sessionRecorder else { return nil }
    let log = recorder.log
    sessionRecorder = nil
    if window.inputObserver === recorder { window.inputObserver = nil }
    return log
  }

  /// Runs `body`, an input of this app controller, between its recorder's begin and end;
  /// one `nil` test when nothing records.
  @inline(__always)
  func recording<Result, Failure: Error>(
    _ input: @autoclosure () -> RecordedInput, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    guard let recorder = sessionRecorder else { return try body() }
    recorder.begin(input())
    defer { recorder.end() }
    return try body()
  }
}
