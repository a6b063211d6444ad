import Navigator
import Testing

/// One window set up for one test, whose events the test must check, every one of them.
///
/// A stage builds the starting point a test needs, with the journal on:
///
/// ```swift
/// let stage = Stage(.stack(root: "A"))                 // manual scheduler, misuse reported
/// let stage = Stage(.screen(Screen("A")), sizeClass: .compact)
/// let stage = Stage(.stack(root: "Home", delegate: nil), scheduler: .immediate)
/// let stage = Stage.hidden(scheduler: .immediate)      // start-up order: nothing shown yet
/// let stage = Stage.windowless(root: "A")              // a stack in no window
/// ```
///
/// A visible stage's start-up events are delivered and cleared before the test sees it.
///
/// Reading events marks them checked: ``take()`` hands them over, ``expect(_:sourceLocation:)``
/// compares them with a whole ordered array, and
/// ``expectTimeline(afterCall:afterTurn:afterFinish:sourceLocation:)`` does so at each stop of
/// the manual scheduler. Events a test does not care about are dropped by name, with
/// ``discardEvents()``, ``settleQuietly()`` or ``pushQuietly(_:)``.
///
/// ## Exhaustive by default
///
/// When a test ends, every stage it made must have no unchecked events left, as an
/// exhaustive test store insists; otherwise the test fails with an issue that lists them, at
/// the line where the stage was made. The check does not depend on when Swift releases a
/// stage, which may be right after its last use and before later calls on its window or
/// screens: each stage waits in its test's ``StageRegistry`` until the test's body has
/// returned, and the ``ExhaustiveStages`` trait checks it then. A stage made where that trait
/// does not apply records an issue at once, so the check cannot be left out by accident:
///
/// ```swift
/// @Suite(.exhaustiveStages) struct PushTests {
///   @Test func push() {
///     let stage = Stage(.stack(root: "A"))
///     …
///   }
/// }
/// ```
///
/// A test about something other than events (leaks, counts) may opt out, visibly, by
/// setting ``exhaustivity``. Since a stage lives until its test ends, a test that must see
/// its window go away uses a plain `Window` instead.
final class Stage {
  /// What the window shows when the test starts.
  enum Root {
    /// Nothing: a visible window without a root screen.
    case nothing
    /// The given screen, as the window's root.
    case screen(Screen)
    /// A navigation controller titled "Nav" whose root screen is named `root` and whose
    /// delegate is `delegate`.
    case stack(root: String = "A", delegate: RecordingNavigationDelegate? = RecordingNavigationDelegate())
  }

  /// When the window delivers its callbacks.
  enum Scheduling {
    /// When the test turns ``scheduler``: the three stops of a transition can be checked.
    case manual
    /// Inside the call that caused them.
    case immediate
  }

  /// Whether the stage's unchecked events fail the test when it ends.
  enum Exhaustivity: Equatable {
    /// Every event must be checked or discarded: the default.
    case on
    /// Unchecked events are allowed, for a test about something else entirely; say why.
    case off(because: String)
  }

  /// How the stage was set up.
  private enum Setup {
    case visible(Root, sizeClass: UserInterfaceSizeClass)
    case hidden
    case windowless(root: String)
  }

  /// The scheduler that drives the window under ``Scheduling/manual``; idle otherwise.
  let scheduler = ManualScheduler()
  /// When the window delivers its callbacks.
  let scheduling: Scheduling
  /// The errors the window's misuse handler received.
  let errors = ErrorLog()
  /// Whether unchecked events fail the test; ``Exhaustivity/on`` unless a test opts out.
  var exhaustivity = Exhaustivity.on

  private let madeAt: SourceLocation
  private let stageWindow: Window?
  private let rootScreen: Screen?
  private let stack: NavigationController?
  private let recordingDelegate: RecordingNavigationDelegate?
  private var lazyNavigator: Navigator?

  /// Makes a visible window showing `root`, delivers its start-up events and clears them.
  ///
  /// - Parameters:
  ///   - root: What the window shows.
  ///   - scheduling: When callbacks are delivered; the manual scheduler by default.
  ///   - misuse: The window's misuse policy; misuse is reported by default.
  ///   - sizeClass: The window's horizontal size class; regular by default.
  ///   - membership: Whether screens joining and leaving the hierarchy are journaled
  ///     (``Journal/recordsMembership``); off by default, so that a suite compares UIKit's
  ///     own callbacks, on for the suites of the seam.
  ///   - sourceLocation: Where the stage is made; unchecked events are reported there.
  convenience init(
    _ root: Root, scheduler scheduling: Scheduling = .manual, misuse: MisusePolicy = .report,
    sizeClass: UserInterfaceSizeClass = .regular, membership: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    self.init(
      .visible(root, sizeClass: sizeClass), scheduling: scheduling, misuse: misuse, membership: membership,
      sourceLocation: sourceLocation)
  }

  /// Makes a hidden window without a root screen, for a test that checks start-up order.
  ///
  /// Nothing is delivered or cleared: the test sets the root, shows the window and checks
  /// every event itself.
  ///
  /// - Parameters:
  ///   - scheduling: When callbacks are delivered; the manual scheduler by default.
  ///   - misuse: The window's misuse policy; misuse is reported by default.
  ///   - membership: Whether screens joining and leaving the hierarchy are journaled; off
  ///     by default.
  ///   - sourceLocation: Where the stage is made; unchecked events are reported there.
  /// - Returns: The stage.
  static func hidden(
    scheduler scheduling: Scheduling = .manual, misuse: MisusePolicy = .report, membership: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Stage {
    Stage(
      .hidden, scheduling: scheduling, misuse: misuse, membership: membership, sourceLocation: sourceLocation)
  }

  /// Makes a navigation controller titled "Nav" in no window, whose root screen is named
  /// `root` and whose delegate records its calls.
  ///
  /// A stack in no window has no journal: its events are its delegate's calls. The stage
  /// has no ``window``.
  ///
  /// - Parameters:
  ///   - root: The name of the stack's root screen.
  ///   - sourceLocation: Where the stage is made; unchecked events are reported there.
  /// - Returns: The stage.
  static func windowless(root: String = "A", sourceLocation: SourceLocation = #_sourceLocation) -> Stage {
    Stage(
      .windowless(root: root), scheduling: .immediate, misuse: .trap, membership: false,
      sourceLocation: sourceLocation)
  }

  private init(
    _ setup: Setup, scheduling: Scheduling, misuse: MisusePolicy, membership: Bool,
    sourceLocation: SourceLocation
  ) {
    self.scheduling = scheduling
    madeAt = sourceLocation
    let root: Root
    switch setup {
    case .visible(let visibleRoot, _): root = visibleRoot
    case .hidden: root = .nothing
    case .windowless(let name): root = .stack(root: name)
    }
    switch root {
    case .nothing:
      (rootScreen, stack, recordingDelegate) = (nil, nil, nil)
    case .screen(let screen):
      (rootScreen, stack, recordingDelegate) = (screen, nil, nil)
    case .stack(let name, let delegate):
      let screen = Screen(name)
      let navigation = NavigationController(rootViewController: screen)
      navigation.title = "Nav"
      navigation.delegate = delegate
      (rootScreen, stack, recordingDelegate) = (screen, navigation, delegate)
    }
    if case .windowless = setup {
      stageWindow = nil
    } else {
      let window = Window(
        scheduler: scheduling == .manual ? .manual(scheduler) : .immediate, misusePolicy: misuse)
      window.journal.isEnabled = true
      window.journal.recordsMembership = membership
      errors.observe(window)
      stageWindow = window
    }
    if let registry = StageRegistry.current {
      registry.register(self)
    } else {
      Issue.record(
        """
        This stage's events would go unchecked: make stages in a suite or test marked \
        .exhaustiveStages, such as @Suite(.exhaustiveStages).
        """, sourceLocation: sourceLocation)
    }
    guard case .visible(_, let sizeClass) = setup, let window = stageWindow else { return }
    window.traitCollection = TraitCollection(horizontalSizeClass: sizeClass)
    window.rootViewController = stack ?? rootScreen
    window.makeKeyAndVisible()
    scheduler.settle()
    discardEvents()
  }

  // MARK: What the test stands on

  /// The window; a ``windowless(root:sourceLocation:)`` stage has none.
  var window: Window {
    guard let stageWindow else { preconditionFailure("A windowless stage has no window.") }
    return stageWindow
  }

  /// The root screen: the window's root screen, or the bottom screen of the stack.
  var root: Screen {
    guard let rootScreen else { preconditionFailure("This stage was made without a root screen.") }
    return rootScreen
  }

  /// The navigation controller of a ``Root/stack(root:delegate:)`` stage.
  var navigation: NavigationController {
    guard let stack else { preconditionFailure("This stage was made without a navigation controller.") }
    return stack
  }

  /// The recording delegate of the stack.
  ///
  /// Its calls are a second record of the delegate events in the journal, which a test
  /// reads directly; ``discardEvents()`` clears them too.
  var delegate: RecordingNavigationDelegate {
    guard let recordingDelegate else { preconditionFailure("This stage's stack has no recording delegate.") }
    return recordingDelegate
  }

  /// A navigator for the window, made when first asked for.
  var navigator: Navigator {
    if let lazyNavigator { return lazyNavigator }
    let navigator = Navigator(window: window)
    lazyNavigator = navigator
    return navigator
  }

  /// What can be seen of the hierarchy, to prove a refused call changed nothing.
  var tree: String { window.hierarchyDescription() }

  // MARK: Reading events

  /// The events nobody has checked yet, oldest first.
  private var unchecked: [NavigationEvent] {
    if let stageWindow { stageWindow.journal.events } else { recordingDelegate?.calls ?? [] }
  }

  private func markChecked() {
    if let stageWindow { stageWindow.journal.removeAll() } else { recordingDelegate?.calls.removeAll() }
  }

  /// Returns the unchecked events, oldest first, and marks them checked.
  ///
  /// Prefer ``expect(_:sourceLocation:)``; take the events when a test compares only part of
  /// them, or looks them up.
  ///
  /// - Returns: The events since the last read.
  func take() -> [NavigationEvent] {
    defer { markChecked() }
    return unchecked
  }

  /// Compares the unchecked events, as one ordered array, with `events`, and marks them
  /// checked.
  ///
  /// - Parameters:
  ///   - events: Every event expected since the last read, in order.
  ///   - sourceLocation: Where a mismatch is reported.
  func expect(_ events: [NavigationEvent], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(take() == events, sourceLocation: sourceLocation)
  }

  /// Compares the events at each stop of the manual scheduler: right now (after the call),
  /// after ``ManualScheduler/runLoopTurn()``, and after
  /// ``ManualScheduler/finishTransitions()``.
  ///
  /// Under the immediate scheduler there is one stop only; use ``expect(_:sourceLocation:)``.
  /// Asking for the timeline there records an issue and compares nothing.
  ///
  /// - Parameters:
  ///   - afterCall: The events the call made itself: structure, not appearance.
  ///   - afterTurn: The events of the next run-loop turn.
  ///   - afterFinish: The events when the running transitions finish.
  ///   - sourceLocation: Where a mismatch is reported.
  func expectTimeline(
    afterCall: [NavigationEvent], afterTurn: [NavigationEvent], afterFinish: [NavigationEvent],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    guard scheduling == .manual else {
      Issue.record(
        "Under the immediate scheduler everything is delivered inside the call: use expect(_:).",
        sourceLocation: sourceLocation)
      return
    }
    expect(afterCall, sourceLocation: sourceLocation)
    scheduler.runLoopTurn()
    expect(afterTurn, sourceLocation: sourceLocation)
    scheduler.finishTransitions()
    expect(afterFinish, sourceLocation: sourceLocation)
  }

  // MARK: Dropping events by name

  /// Drops the unchecked events, and the recording delegate's calls, unread.
  func discardEvents() {
    markChecked()
    recordingDelegate?.calls.removeAll()
  }

  /// Delivers everything scheduled, then drops the events unread.
  func settleQuietly() {
    scheduler.settle()
    discardEvents()
  }

  /// Pushes the screens one by one without animation, delivers everything, then drops the
  /// events unread.
  ///
  /// - Parameter screens: The screens to push, bottom first.
  func pushQuietly(_ screens: Screen...) {
    for screen in screens {
      navigation.pushViewController(screen, animated: false)
      scheduler.settle()
    }
    discardEvents()
  }

  // MARK: Waiting for tasks

  /// Lets other tasks run until `condition` holds, for at most a thousand turns.
  ///
  /// - Parameter condition: What the test waits for.
  func yield(until condition: () -> Bool) async {
    var turns = 0
    while !condition(), turns < 1_000 {
      await Task.yield()
      turns += 1
    }
  }

  // MARK: The final check

  /// Records an issue listing the events nobody checked, unless ``exhaustivity`` is off.
  ///
  /// ``StageRegistry`` calls this when the test's body has returned.
  fileprivate func checkNothingIsLeft() {
    guard exhaustivity == .on else { return }
    if let stageWindow, !stageWindow.journal.isEnabled {
      Issue.record(
        """
        The stage's journal was switched off, so its events went unchecked: set \
        exhaustivity = .off(because:) to say why they do not matter.
        """, sourceLocation: madeAt)
    }
    let left = unchecked
    guard !left.isEmpty else { return }
    Issue.record(
      """
      The stage made here left \(left.count) event(s) unchecked; expect, take or discard them:
      \(left.map { "  \($0)" }.joined(separator: "\n"))
      """, sourceLocation: madeAt)
  }
}

/// The stages made during one test, kept until its body has returned and then checked.
///
/// Each test gets its own registry through a task-local value, so tests running in parallel
/// never share one. A registry is filled by the test's own task while its body runs and read
/// only after the body has returned, which is why it needs no lock.
final class StageRegistry: @unchecked Sendable {
  /// The registry of the running test, if a scope installed one.
  @TaskLocal static var current: StageRegistry?

  private var stages: [Stage] = []

  fileprivate func register(_ stage: Stage) {
    stages.append(stage)
  }

  /// Runs `body` with a registry of its own, then checks every stage it made.
  ///
  /// The ``ExhaustiveStages`` trait wraps every test in this; a test of the stage itself
  /// calls it to watch the check happen. If `body` throws, the test has already failed and
  /// nothing is checked.
  ///
  /// - Parameter body: The code that makes stages.
  static func checkingEveryStage(_ body: () throws -> Void) rethrows {
    let registry = StageRegistry()
    try $current.withValue(registry) { try body() }
    registry.checkEveryStage()
  }

  /// Runs `body` with a registry of its own, then checks every stage it made.
  ///
  /// - Parameter body: The code that makes stages.
  static func checkingEveryStage(_ body: () async throws -> Void) async rethrows {
    let registry = StageRegistry()
    try await $current.withValue(registry) { try await body() }
    registry.checkEveryStage()
  }

  private func checkEveryStage() {
    let made = stages
    stages = []
    for stage in made { stage.checkNothingIsLeft() }
  }
}

/// Checks, when each test has run, that the stages it made left no event unchecked.
///
/// Apply it to every suite or test that makes a ``Stage``: `@Suite(.exhaustiveStages)`.
struct ExhaustiveStages: SuiteTrait, TestTrait, TestScoping {
  /// Applies to every test in the suite, nested suites included.
  var isRecursive: Bool { true }

  @concurrent func provideScope(
    for test: Test, testCase: Test.Case?,
    performing function: @concurrent @Sendable () async throws -> Void
  ) async throws {
    try await StageRegistry.checkingEveryStage { try await function() }
  }
}

extension Trait where Self == ExhaustiveStages {
  /// Fails each test that ends with unchecked events on a ``Stage`` it made.
  static var exhaustiveStages: Self { ExhaustiveStages() }
}
