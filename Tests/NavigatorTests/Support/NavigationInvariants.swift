import TestSupport
import Testing

@testable import Navigator

/// Everything observable about a navigation world, to prove a misuse changed nothing.
struct NavigationSnapshot: Equatable {
  var stacks: [[ScreenID]]
  var presented: [ScreenID?]
  var appearance: [ViewController.AppearanceState]
  var parents: [ScreenID?]
  var hidden: Bool

  init(_ world: NavigationWorld) {
    stacks = world.navigations.map { $0.viewControllers.map(\.screenID) }
    presented = world.allScreens.map { $0.presentedViewController?.screenID }
    appearance = world.allScreens.map(\.appearanceState)
    parents = world.allScreens.map { $0.parent?.screenID }
    hidden = world.window.isHidden
  }
}

/// The invariants of stacks and presentations, checked after every step.
struct NavigationInvariants {
  let replay = JournalReplay()

  func check(
    _ world: NavigationWorld, operation: NavigationOperation, before: NavigationSnapshot, eventsBefore: Int,
    errorsBefore: Int
  ) -> [String] {
    var violations = replay.consume(world.window.journal.events).map { "journal pairing: \($0)" }
    violations += structure(world)
    // While a guard's answer is pending, visibility changes wait in the queue like requests.
    if world.pendingDecision == nil { violations += appearance(world) }
    violations += popBlocks(world)
    violations += directions(world, from: eventsBefore)
    violations += misuse(
      world, operation, before: before, eventsBefore: eventsBefore, errorsBefore: errorsBefore)
    violations += navigatorCalls(
      world, operation, before: before, eventsBefore: eventsBefore, errorsBefore: errorsBefore)
    violations += stateNavigations(
      world, operation, before: before, eventsBefore: eventsBefore, errorsBefore: errorsBefore)
    if world.scheduler?.hasPendingWork == true { violations.append("scheduler still has work") }
    if world.pendingDecision == nil, !world.window.isBusy {
      violations += replay.membershipMismatches([world.window]).map { "members match the window: \($0)" }
    }
    if world.pendingDecision == nil, world.window.isBusy {
      violations.append("window busy with no pending decision: \(world.window.pendingRequests)")
    }
    return violations
  }

  /// Parent/children symmetry; each screen in one place; presenter/presented symmetry.
  private func structure(_ world: NavigationWorld) -> [String] {
    var violations: [String] = []
    for navigation in world.navigations {
      for (position, screen) in navigation.viewControllers.enumerated()
      where screen.parent !== navigation || screen.navigationController !== navigation {
        violations.append("\(screen.screenID) at \(position) of \(navigation.screenID) has another parent")
      }
    }
    // Once moves settled, a shown stack's view holds its top's view and no other screen's.
    if world.pendingDecision == nil, !world.window.isBusy {
      for navigation in world.navigations where navigation.appearanceState == .appeared {
        let shown = (navigation.viewIfLoaded?.subviews ?? []).compactMap(\.owningViewController)
        if shown.map(\.screenID) != navigation.topViewController.map({ [$0.screenID] }) {
          violations.append("\(navigation.screenID) shows the views of \(shown.map(\.screenID))")
        }
      }
    }
    for index in world.freeScreens {
      let screen = world.screens[index]
      if let superview = screen.viewIfLoaded?.superview {
        let owner = superview.owningViewController?.screenID.description ?? "a view"
        violations.append("\(screen.screenID) is nowhere, yet its view is still in \(owner)")
      }
    }
    // Presenter and presented name each other, and a presenter presents one screen at most.
    var presentations: [ObjectIdentifier: [ScreenID]] = [:]
    for screen in world.allScreens {
      guard let presenter = screen.presentingViewController else { continue }
      if let parent = screen.parent {
        // A screen inside a presented one reports its ancestor's presenter, as in UIKit.
        if parent.presentingViewController !== presenter {
          violations.append(
            "\(screen.screenID) names \(presenter.screenID) as presenter, its container "
              + "\(parent.presentingViewController.map { "\($0.screenID)" } ?? "nothing")")
        }
        continue
      }
      presentations[ObjectIdentifier(presenter), default: []].append(screen.screenID)
      if presenter.presentedViewController !== screen {
        violations.append(
          "\(screen.screenID) names \(presenter.screenID) as presenter, which presents "
            + "\(presenter.presentedViewController.map { "\($0.screenID)" } ?? "nothing")")
      }
    }
    for (_, presented) in presentations where presented.count > 1 {
      violations.append("one presenter presents \(presented)")
    }
    for screen in world.allScreens {
      var places = world.navigations.count(where: { $0.viewControllers.contains { $0 === screen } })
      if world.window.rootViewController === screen { places += 1 }
      if screen.presentingViewController != nil, screen.parent == nil { places += 1 }
      if places > 1 { violations.append("\(screen.screenID) is in \(places) places") }
      if let presented = screen.presentedViewController, screen.parent == nil,
        presented.presentingViewController !== screen, presented.presentingViewController?.parent == nil
      {
        violations.append("\(screen.screenID) presents \(presented.screenID), which names another presenter")
      }
    }
    return violations
  }

  /// On screen exactly when visible: the top of each shown stack, the presented screens,
  /// and what a covering presentation does not hide.
  private func appearance(_ world: NavigationWorld) -> [String] {
    var violations: [String] = []
    var expected: [ObjectIdentifier: ViewController.AppearanceState] = [:]
    for screen in world.allScreens { expected[ObjectIdentifier(screen)] = .disappeared }
    if !world.window.isHidden {
      // Walk the presentation chain from the root; a covering style hides what is below.
      var layers: [ViewController] = [world.navigations[0]]
      var current: ViewController = world.navigations[0]
      while let presented = current.presentedViewController, presented !== current {
        let style = presented.presentationController?.adaptivePresentationStyle
        // Covering styles make their presenter disappear; the others leave it (behaviour
        // reference, "Styles").
        if style == .fullScreen || style == .currentContext {
          layers.removeAll { $0 === presented.presentingViewController }
        }
        layers.append(presented)
        current = presented
      }
      for layer in layers {
        expected[ObjectIdentifier(layer)] = .appeared
        if let navigation = layer as? NavigationController, let top = navigation.topViewController {
          expected[ObjectIdentifier(top)] = .appeared
        }
      }
    }
    // A child of a screen that is not a stack appears and disappears with its container.
    func wanted(_ screen: ViewController) -> ViewController.AppearanceState {
      if let parent = screen.parent, !(parent is NavigationController) { return wanted(parent) }
      return expected[ObjectIdentifier(screen)] ?? .disappeared
    }
    for screen in world.allScreens {
      let wanted = wanted(screen)
      if screen.appearanceState != wanted {
        violations.append("\(screen.screenID) is \(screen.appearanceState), expected \(wanted)")
      }
    }
    return violations
  }

  /// A pop block runs exactly once, when its screen leaves the stack (or the stack leaves
  /// the hierarchy), and never while the screen stays: it fired iff the screen left.
  private func popBlocks(_ world: NavigationWorld) -> [String] {
    var violations: [String] = []
    for record in world.popBlocks {
      let name = record.screen.screenID
      if record.fired > 1 { violations.append("pop block of \(name) ran \(record.fired) times") }
      if record.firedBeforeTaken { violations.append("pop block of \(name) ran before its push finished") }
      if record.firedWhileStaying {
        violations.append("pop block of \(name) ran while it stayed in its stack")
      }
      guard record.taken, record.fired == 0 else { continue }
      let inStack = record.screen.parent === record.navigation
      let stackInHierarchy =
        record.navigation === world.navigations[0] || record.navigation.presentingViewController != nil
      if !inStack || !stackInHierarchy {
        violations.append("\(name) left \(record.navigation.screenID) without its pop block running")
      }
    }
    return violations
  }

  /// Moves never interleave: each will-event of a direction is followed by its did-event
  /// before the next move begins. The one exception is a navigation to a state, which
  /// moves every stack it changes in one transition: a move that began while another
  /// stack's ran is allowed when both finished by that navigation's completion event.
  private func directions(_ world: NavigationWorld, from start: Int) -> [String] {
    var open: [ScreenID: NavigationEvent] = [:]
    var interleaved: [String] = []
    var violations: [String] = []
    for event in world.window.journal.events[start...] {
      switch event {
      case .willPush(_, let stack, _), .willPop(_, let stack, _), .willPopTo(_, let stack, _, _),
        .willPopToRoot(let stack, _, _), .willSetViewControllers(_, let stack, _):
        if let running = open[stack] {
          violations.append("\(event) began while \(running) was running")
        } else if let running = open.values.first {
          interleaved.append("\(event) began while \(running) was running")
        }
        open[stack] = event
      case .didPush(_, let stack, _), .didPop(_, let stack, _), .didPopTo(_, let stack, _, _),
        .didPopToRoot(let stack, _, _), .didSetViewControllers(_, let stack, _):
        if open.removeValue(forKey: stack) == nil { violations.append("\(event) without its will-event") }
      case .completion(.navigate):
        if open.isEmpty { interleaved = [] }
      case .completion:
        violations += interleaved
        interleaved = []
      default: break
      }
    }
    violations += interleaved
    violations += open.values.map { "\($0) never finished" }
    return violations
  }

  private func misuse(
    _ world: NavigationWorld, _ operation: NavigationOperation, before: NavigationSnapshot, eventsBefore: Int,
    errorsBefore: Int
  ) -> [String] {
    let newEvents = Array(world.window.journal.events[eventsBefore...])
    let newErrors = Array(world.errors.errors[errorsBefore...])
    if case .navigator = operation { return [] }  // Checked by `navigatorCalls`.
    if case .navigate = operation { return [] }  // Checked by `stateNavigations`.
    guard case .misuse(_, let code) = operation else {
      // A request that waited behind a guard's answer is checked when it runs, and may be
      // refused then; so may the later requests of a burst whose pop a guard stopped.
      let mayBeRefused: Bool
      switch operation {
      case .answerPending, .burst: mayBeRefused = true
      default: mayBeRefused = world.pendingDecision != nil || !world.window.pendingRequests.isEmpty
      }
      return newErrors.isEmpty || mayBeRefused
        ? [] : ["a valid operation was refused: \(newErrors.map(\.message))"]
    }
    var violations: [String] = []
    if newErrors.map(\.code) != [code] {
      violations.append("errors \(newErrors.map(\.code)), expected [\(code)]")
    }
    if newEvents != newErrors.map({ .misuse($0) }) {
      violations.append("journal gained \(newEvents), expected only the misuse")
    }
    if NavigationSnapshot(world) != before { violations.append("the hierarchy changed") }
    return violations
  }
}

extension NavigationInvariants {
  /// Every Navigator call: `configure` at most once, on a loaded screen that is nowhere
  /// yet; success, failure and completion at most once each, never success and failure;
  /// a call refused at once changed nothing but the journal's misuse; and once the window is
  /// idle, every call ended, by success then completion or by a failure.
  fileprivate func navigatorCalls(
    _ world: NavigationWorld, _ operation: NavigationOperation, before: NavigationSnapshot, eventsBefore: Int,
    errorsBefore: Int
  ) -> [String] {
    var violations: [String] = []
    if case .navigator = operation, let record = world.navigatorCalls.last, record.refusedAtOnce {
      let newEvents = Array(world.window.journal.events[eventsBefore...])
      let newErrors = Array(world.errors.errors[errorsBefore...])
      if newErrors != record.failed {
        violations.append(
          "refused \(record.call): errors \(newErrors.map(\.code)), onFailure \(record.failed.map(\.code))")
      }
      if newEvents != newErrors.map({ .misuse($0) }) {
        violations.append("refused \(record.call): journal gained \(newEvents), expected only the misuse")
      }
      if NavigationSnapshot(world) != before {
        violations.append("refused \(record.call) changed the hierarchy")
      }
    }
    let idle = world.pendingDecision == nil && !world.window.isBusy
    for record in world.navigatorCalls {
      let call = record.call
      if record.configured > 1 { violations.append("\(call): configure ran \(record.configured) times") }
      if record.configuredTooLate {
        violations.append("\(call): configure saw a screen not ready or already shown")
      }
      if record.succeeded > 1 || record.failed.count > 1 || record.completed > 1 {
        violations.append(
          "\(call): success \(record.succeeded), failure \(record.failed.count), completion \(record.completed) times"
        )
      }
      if record.succeeded > 0, !record.failed.isEmpty {
        violations.append("\(call): both succeeded and failed (\(record.failed.map(\.code)))")
      }
      if record.completed > record.succeeded { violations.append("\(call): completed without success") }
      guard idle else { continue }
      let ended =
        (record.succeeded == 1 && record.completed == 1 && record.failed.isEmpty)
        || (record.failed.count == 1 && record.completed == 0)
      if !ended {
        violations.append(
          "\(call) never ended: success \(record.succeeded), failure \(record.failed.count), completion \(record.completed)"
        )
      }
    }
    return violations
  }
}

/// Runs `steps` stack-and-presentation operations from `seed`, checking every invariant
/// after each; a failure records the seed and the whole operation list.
@discardableResult
func runNavigationOperations(
  seed: UInt64, steps: Int, manualScheduler: Bool, sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
  let world = NavigationWorld(manualScheduler: manualScheduler)
  let generator = NavigationGenerator()
  let invariants = NavigationInvariants()
  var rng = SplitMix64(seed: seed)
  var operations: [NavigationOperation] = []
  _ = invariants.check(
    world, operation: .setGuardAnswer(.allow), before: NavigationSnapshot(world), eventsBefore: 0,
    errorsBefore: 0)
  for step in 0..<steps {
    let operation = generator.next(&rng, in: world)
    operations.append(operation)
    let before = NavigationSnapshot(world)
    let eventsBefore = world.window.journal.events.count
    let errorsBefore = world.errors.errors.count
    world.apply(operation)
    let violations = invariants.check(
      world, operation: operation, before: before, eventsBefore: eventsBefore, errorsBefore: errorsBefore)
    if !violations.isEmpty {
      let list = operations.enumerated().map { step in
        // A target state reads best drawn in one line.
        if case .navigate(let target, let animated) = step.element {
          return "  \(step.offset): navigate(to: \(target.sketch), animated: \(animated))"
        }
        return "  \(step.offset): \(step.element)"
      }
      Issue.record(
        """
        Navigation random operations failed: seed \(seed), \(manualScheduler ? "manual" : "immediate") \
        scheduler, step \(step).
        Broken:
        \(violations.map { "  - \($0)" }.joined(separator: "\n"))
        Operations:
        \(list.suffix(40).joined(separator: "\n"))
        """,
        sourceLocation: sourceLocation)
      return step + 1
    }
  }
  world.finish()
  return steps
}
