import AppFlow
import Navigator
import ShopApp

/// A session's timeline as the inspector shows it: the inputs of its log, oldest first, and
/// the tree after one of them, made by replaying the log on a fresh app controller.
struct SessionTimeline: Sendable {
  /// The state after one step of the timeline, or where its replay stopped.
  struct Step: Sendable {
    /// How many of the log's inputs were replayed: 0 for the log's start.
    var index: Int
    /// The replayed window's root; `nil` when it shows no screen (a fresh app controller,
    /// before its `start`).
    var root: ScreenNode?
    /// Why the replay stopped before `index`, with the divergence it found; `nil` when it
    /// replayed every input up to `index`. The tree is then the state where it stopped.
    var failure: String?
  }

  /// The log's inputs, oldest first, as text (`open(shop://cart)`).
  var inputs: [String]
  /// A Boolean value indicating whether the log starts from a snapshot (the state when the
  /// log was started again at its bound, or when the session was restored); otherwise from
  /// a fresh app controller.
  var startsFromSnapshot: Bool
  /// The most inputs the log keeps after its start.
  var limit: Int
  /// The step shown, when one was asked for.
  var step: Step?
  /// How many of the log's inputs the replay went through before one stopped it; `nil` when
  /// it replayed them all, or when no step was asked for (and nothing was replayed).
  var replayedCount: Int? = nil
}

extension SessionTimeline {
  /// The timeline of `log`, with the tree after its first `step` inputs when `step` is given.
  ///
  /// - Parameters:
  ///   - log: The session's log.
  ///   - limit: The most inputs the log keeps after its start.
  ///   - step: How many inputs to replay, from 0 to the log's count; `nil` for none.
  ///   - id: The session's identifier, for the replayed state.
  /// - Precondition: `step`, when given, is from 0 to `log.steps.count`.
  init(log: SessionLog, limit: Int, step: Int?, id: SessionID) {
    inputs = log.inputs.map(\.description)
    startsFromSnapshot = log.start != nil
    self.limit = limit
    if let step {
      let replay = Self.replayed(log, showing: step, id: id)
      self.step = replay.step
      replayedCount = replay.replayedCount
    }
  }

  /// Replays the whole log once on a fresh shop app controller
  /// (`SessionLog.replay(into:afterEach:)`), keeping the tree after its first `count` inputs
  /// and how far it went.
  ///
  /// The tree at the log's start (`count` 0) comes from a replay of the start alone, before
  /// the whole log's.
  ///
  /// - Parameters:
  ///   - log: The log.
  ///   - count: The step whose tree is kept: how many inputs it follows.
  ///   - id: The session's identifier, for the replayed state.
  /// - Returns: The step (the tree where the replay stopped, and why, when it stopped before
  ///   the step), and how many inputs the replay went through when one stopped it (`nil`
  ///   when it replayed them all).
  static func replayed(_ log: SessionLog, showing count: Int, id: SessionID) -> (
    step: Step, replayedCount: Int?
  ) {
    precondition((0...log.steps.count).contains(count), "A timeline's step is one of its log's.")
    func failed(_ error: any Error) -> (step: Step, replayedCount: Int?) {
      (Step(index: count, root: nil, failure: "The shop's app controller can't be made: \(error)"), 0)
    }
    var root: ScreenNode?
    if count == 0 {
      let start: AppController
      do {
        start = try ShopApp.makeApp()
      } catch {
        return failed(error)
      }
      do {
        try SessionLog(start: log.start).replay(into: start)
      } catch {
        return (
          Step(index: 0, root: SessionRendering.state(of: start, id: id).root, failure: error.message), 0
        )
      }
      root = SessionRendering.state(of: start, id: id).root
    }
    let app: AppController
    do {
      app = try ShopApp.makeApp()
    } catch {
      return failed(error)
    }
    var replayed = 0
    do {
      try log.replay(into: app) { index, _ in
        replayed = index + 1
        if replayed == count { root = SessionRendering.state(of: app, id: id).root }
      }
      return (Step(index: count, root: root, failure: nil), nil)
    } catch {
      guard replayed < count else { return (Step(index: count, root: root, failure: nil), replayed) }
      // Stopped before the step: the tree where it stopped.
      let stopped = SessionRendering.state(of: app, id: id).root
      return (Step(index: count, root: stopped, failure: error.message), replayed)
    }
  }

  /// The step a `?step=` query asks for: a whole number from 0 to `count`.
  ///
  /// - Parameters:
  ///   - text: The query's value.
  ///   - count: The number of inputs in the log.
  /// - Returns: The step.
  /// - Throws: 400 `invalidStep` naming the range.
  static func step(_ text: String, count: Int) throws(ServiceError) -> Int {
    guard let step = Int(text), (0...count).contains(step) else {
      throw ServiceError(
        status: 400, code: "invalidStep",
        message: "The step '\(text)' is not a whole number from 0 to \(count), the log's inputs.")
    }
    return step
  }
}
