/// Decides when a transition's callbacks are delivered.
///
/// The structure of the hierarchy always changes inside the call, as in UIKit. The
/// callbacks follow the scheduler:
///
/// - ``immediate``: everything is delivered inside the call, in UIKit's order. The default,
///   and the right choice for services.
/// - ``manual(_:)``: nothing is delivered until a test turns the run loop
///   (``ManualScheduler/runLoopTurn()``) or finishes the running transitions
///   (``ManualScheduler/finishTransitions()``), so it can stop where UIKit would and look.
public struct TransitionScheduler {
  /// A manual scheduler, held weakly: it holds the windows whose transitions wait in it,
  /// so a strong reference back would keep both alive when a test ends mid-transition.
  private final class ManualReference {
    weak var scheduler: ManualScheduler?

    init(_ scheduler: ManualScheduler) {
      self.scheduler = scheduler
    }
  }

  private let manualReference: ManualReference?

  /// The manual scheduler that delivers the callbacks; `nil` for the immediate scheduler,
  /// and once a manual scheduler is gone (callbacks are then delivered inside the call).
  internal var manual: ManualScheduler? { manualReference?.scheduler }

  /// The manual scheduler that delivers the callbacks, while it exists; `nil` for the
  /// immediate scheduler.
  public var manualScheduler: ManualScheduler? { manual }

  /// A Boolean value indicating whether callbacks are delivered inside the call.
  @inline(__always)
  internal var isImmediate: Bool { manualReference == nil || manual == nil }

  /// Delivers every callback inside the call that caused it.
  public static var immediate: TransitionScheduler { TransitionScheduler(manualReference: nil) }

  /// Delivers callbacks only when the given scheduler is told to.
  ///
  /// The window holds the scheduler weakly: keep it for as long as the window, as a test
  /// does that drives it. A window whose scheduler is gone delivers inside the call.
  ///
  /// - Parameter scheduler: The scheduler a test drives.
  /// - Returns: A scheduler for ``Window/init(scheduler:misusePolicy:journal:)``.
  public static func manual(_ scheduler: ManualScheduler) -> TransitionScheduler {
    TransitionScheduler(manualReference: ManualReference(scheduler))
  }
}

/// A scheduler that a test drives step by step, to see what UIKit delivers when.
///
/// UIKit delivers `viewWill*` callbacks on the next run-loop turn and `viewDid*` callbacks
/// and completions when the transition finishes (for a non-animated transition, on that
/// same turn). A manual scheduler lets a test stop at each of those points:
///
/// ```swift
/// let scheduler = ManualScheduler()
/// let window = Window(scheduler: .manual(scheduler))
/// navigation.pushViewController(detail, animated: true)  // structure changed, no callbacks
/// scheduler.runLoopTurn()                                // viewWill* and willShow
/// scheduler.finishTransitions()                          // viewDid*, didShow, completion
/// ```
///
/// One scheduler may drive several windows of the same isolation domain.
public final class ManualScheduler {
  private struct Entry {
    let window: Window
    let plan: any TransitionPlan
    var hasStarted: Bool
    let duration: Double
    var elapsed: Double = 0
  }

  private var entries: [Entry] = []

  /// Creates a scheduler with nothing scheduled.
  public init() {}

  /// A Boolean value indicating whether a transition waits for a run-loop turn or to finish.
  public var hasPendingWork: Bool { !entries.isEmpty }

  /// The number of transitions that have started and wait to finish.
  public var runningTransitionCount: Int { entries.count(where: \.hasStarted) }

  /// The duration of a transition whose custom transition gave none: UIKit's 0.35 s.
  public static let defaultTransitionDuration: Duration = .milliseconds(350)

  /// ``defaultTransitionDuration`` in seconds, as the entries measure time.
  private static let defaultTransitionSeconds = defaultTransitionDuration.inSeconds

  /// The time that has passed, as told by ``advance(by:)``.
  public private(set) var now: Duration = .zero

  /// ``now`` in seconds, as the keep-alive caches measure time.
  var secondsNow: Double { now.inSeconds }

  /// The keep-alive caches whose durations this clock measures, held weakly.
  private var clockObservers: [WeakClockObserver] = []

  /// The windows whose input observers hear this scheduler's calls, through their tokens;
  /// empty, and then each call costs one test, unless a window has an observer.
  private var inputWindows: [WindowToken] = []

  /// Has the input observer of `window` hear this scheduler's calls while it has one.
  func addInputWindow(_ window: Window) {
    inputWindows.removeAll { $0.window == nil || $0 === window.token }
    inputWindows.append(window.token)
  }

  /// Runs `body`, an input of every window whose observer listens, between their will and
  /// did calls.
  private func handlingInput(_ input: WindowInput, _ body: () -> Void) {
    let observed = inputWindows.compactMap { token in
      token.window.flatMap { window in window.inputObserver.map { (window, $0) } }
    }
    for (window, observer) in observed { observer.window(window, willHandle: input) }
    body()
    for (window, observer) in observed.reversed() { observer.windowDidHandleInput(window) }
  }

  /// Tells `observer` every time the clock advances, until it is gone.
  func addClockObserver(_ observer: any ClockObserver) {
    clockObservers.removeAll { $0.value == nil || $0.value === observer }
    clockObservers.append(WeakClockObserver(value: observer))
  }

  internal func schedule(_ plan: any TransitionPlan, in window: Window, duration: Double? = nil) {
    entries.append(
      Entry(
        window: window, plan: plan, hasStarted: false,
        duration: duration ?? Self.defaultTransitionSeconds))
  }

  /// Moves time forward, finishing the running transitions whose duration has elapsed.
  ///
  /// Only transitions that have started (a run-loop turn since they were scheduled) age;
  /// those that finish deliver their did-callbacks and completions in start order.
  /// Then the keep-alive caches measured on this clock evict the screens whose
  /// ``Lifetime/duration(_:)`` has passed.
  /// ``finishTransitions()`` still finishes every running transition whatever its duration.
  ///
  /// - Parameter duration: How much time passes.
  public func advance(by duration: Duration) {
    guard inputWindows.isEmpty else { return handlingInput(.advance(duration)) { advanceNow(by: duration) } }
    advanceNow(by: duration)
  }

  /// ``advance(by:)``, once the input observers heard it.
  private func advanceNow(by duration: Duration) {
    let seconds = duration.inSeconds
    now += duration
    var finished: [Entry] = []
    var index = 0
    while index < entries.count {
      guard entries[index].hasStarted else {
        index += 1
        continue
      }
      entries[index].elapsed += seconds
      if entries[index].elapsed >= entries[index].duration {
        finished.append(entries.remove(at: index))
      } else {
        index += 1
      }
    }
    for entry in finished {
      entry.plan.didPhase()
      entry.window.transitionDidFinish()
    }
    for observer in clockObservers { observer.value?.clockDidAdvance() }
  }

  /// Delivers what UIKit delivers on the next main-queue turn.
  ///
  /// Every scheduled transition that has not started delivers its will-callbacks; the
  /// non-animated ones also finish (did-callbacks and completions). Requests that were
  /// queued behind a finished transition start now; their own callbacks wait for the
  /// next turn.
  public func runLoopTurn() {
    guard inputWindows.isEmpty else { return handlingInput(.runLoopTurn) { runLoopTurnNow() } }
    runLoopTurnNow()
  }

  /// ``runLoopTurn()``, once the input observers heard it.
  private func runLoopTurnNow() {
    let count = entries.count
    var index = 0
    var seen = 0
    while seen < count, index < entries.count {
      seen += 1
      guard !entries[index].hasStarted else {
        index += 1
        continue
      }
      entries[index].hasStarted = true
      let entry = entries[index]
      entry.plan.willPhase()
      if entry.plan.isAnimated {
        index += 1
      } else {
        entries.remove(at: index)
        entry.plan.didPhase()
        entry.window.transitionDidFinish()
      }
    }
  }

  /// Finishes every running transition: did-callbacks and completions, in start order.
  ///
  /// Transitions that have not started yet (no run-loop turn since they were scheduled)
  /// are left alone, as an animation cannot end before it began.
  public func finishTransitions() {
    guard inputWindows.isEmpty else { return handlingInput(.finishTransitions) { finishTransitionsNow() } }
    finishTransitionsNow()
  }

  /// ``finishTransitions()``, once the input observers heard it.
  private func finishTransitionsNow() {
    let started = entries.filter(\.hasStarted)
    entries.removeAll(where: \.hasStarted)
    for entry in started {
      entry.plan.didPhase()
      entry.window.transitionDidFinish()
    }
  }

  /// Turns the run loop and finishes transitions until nothing is left to deliver.
  ///
  /// - Parameter limit: The most rounds to run; a guard against callbacks that schedule
  ///   forever.
  public func settle(limit: Int = 10_000) {
    guard inputWindows.isEmpty else {
      return handlingInput(.settle(limit: limit)) { settleNow(limit: limit) }
    }
    settleNow(limit: limit)
  }

  /// ``settle(limit:)``, once the input observers heard it.
  private func settleNow(limit: Int) {
    var rounds = 0
    while hasPendingWork, rounds < limit {
      runLoopTurnNow()
      finishTransitionsNow()
      rounds += 1
    }
  }
}
