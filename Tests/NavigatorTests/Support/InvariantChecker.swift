@testable import Navigator

/// Replays the journal event by event against UIKit's rules, so that pairing is checked on
/// what was recorded, not on what the model believes.
final class JournalReplay {
  enum Containment: Equatable {
    case detached
    case attaching(ScreenID)
    case attached(ScreenID)
    case detaching
    /// `didMove(toParent: nil)` from `addChild` moving the screen; `willMove` must follow.
    case reparenting
  }

  private(set) var loaded: Set<ScreenID> = []
  private(set) var appearance: [ScreenID: ViewController.AppearanceState] = [:]
  private(set) var containment: [ScreenID: Containment] = [:]
  /// The screens the journal says are in a window's hierarchy (joined and not left since).
  private(set) var members: Set<ScreenID> = []
  private(set) var consumed = 0

  /// Consumes the events recorded since the last call; returns the broken rules.
  func consume(_ events: [NavigationEvent]) -> [String] {
    var violations: [String] = []
    while consumed < events.count {
      let event = events[consumed]
      consumed += 1
      if let problem = apply(event) {
        violations.append("journal event #\(consumed - 1) \(event): \(problem)")
      }
    }
    return violations
  }

  private func apply(_ event: NavigationEvent) -> String? {
    if let pending = containment.first(where: { $0.value == .reparenting })?.key {
      guard case .willMove(let screen, let parent?) = event, screen == pending else {
        return "didMove(toParent: nil) of \(pending) from addChild must be followed by its willMove"
      }
      containment[screen] = .attaching(parent)
      return nil
    }
    switch event {
    case .viewDidLoad(let screen):
      return loaded.insert(screen).inserted ? nil : "viewDidLoad twice"
    case .viewWillAppear(let screen, _):
      return move(screen, from: [.disappeared, .disappearing], to: .appearing)
    case .viewDidAppear(let screen, _):
      return move(screen, from: [.appearing], to: .appeared)
    case .viewWillDisappear(let screen, _):
      return move(screen, from: [.appeared, .appearing], to: .disappearing)
    case .viewDidDisappear(let screen, _):
      return move(screen, from: [.disappearing], to: .disappeared)
    case .willMove(let screen, let parent):
      let state = containment[screen, default: .detached]
      switch (parent, state) {
      case (let parent?, .detached): containment[screen] = .attaching(parent)
      case (nil, .attached): containment[screen] = .detaching
      default: return "willMove(toParent: \(parent?.name ?? "nil")) while \(state)"
      }
    case .didMove(let screen, let parent):
      let state = containment[screen, default: .detached]
      switch (parent, state) {
      case (let parent?, .attaching(let expected)) where parent == expected:
        containment[screen] = .attached(parent)
      case (nil, .detaching): containment[screen] = .detached
      case (nil, .attached): containment[screen] = .reparenting
      default: return "didMove(toParent: \(parent?.name ?? "nil")) while \(state)"
      }
    case .screenJoined(let screen):
      return members.insert(screen).inserted ? nil : "joined twice without leaving"
    case .screenLeft(let screen, _):
      return members.remove(screen) != nil ? nil : "left without having joined"
    default:
      // Delegate, direction, bar and block events carry no pairing rule of their own here.
      break
    }
    return nil
  }

  /// Compares the screens the journal says joined with the screens `windows` contain,
  /// through containers and presentations: once nothing is pending, the seam has announced
  /// exactly what entered and what left.
  func membershipMismatches(_ windows: [Window]) -> [String] {
    var attached: Set<ScreenID> = []
    var pending = windows.compactMap(\.rootViewController)
    while let screen = pending.popLast() {
      guard attached.insert(screen.screenID).inserted else { continue }
      pending.append(contentsOf: screen.children)
      if let presented = screen.presentedViewController { pending.append(presented) }
    }
    var violations: [String] = []
    for screen in attached.subtracting(members) {
      violations.append("\(screen) is in a window, yet never joined")
    }
    for screen in members.subtracting(attached) {
      violations.append("\(screen) joined, and is in no window now")
    }
    return violations.sorted()
  }

  private func move(
    _ screen: ScreenID, from allowed: Set<ViewController.AppearanceState>,
    to next: ViewController.AppearanceState
  ) -> String? {
    let state = appearance[screen, default: .disappeared]
    guard allowed.contains(state) else { return "from \(state)" }
    guard loaded.contains(screen) else { return "appearance before viewDidLoad" }
    appearance[screen] = next
    return nil
  }
}

/// What a step did, for invariants that compare before and after.
struct StepRecord {
  let operation: RandomOperation
  let before: HierarchySnapshot
  let eventsBefore: Int
  let errorsBefore: Int
}

/// The invariants checked after every step; later issues append their own.
struct InvariantChecker {
  struct Invariant {
    let name: String
    let check: (HierarchyWorld, StepRecord) -> [String]
  }

  var invariants: [Invariant]
  let replay = JournalReplay()

  mutating func add(_ invariant: Invariant) { invariants.append(invariant) }

  /// Every completed step leaves each screen where its journal says: same appearance state,
  /// loaded exactly when `viewDidLoad` was journaled, willMove/didMove pairs closed.
  private func replayMismatches(_ world: HierarchyWorld) -> [String] {
    var violations: [String] = []
    for screen in world.screens {
      let id = screen.screenID
      let replayed = replay.appearance[id, default: .disappeared]
      if replayed != screen.appearanceState {
        violations.append("\(id) is \(screen.appearanceState), its journal says \(replayed)")
      }
      if replay.loaded.contains(id) != screen.isViewLoaded {
        violations.append("\(id).isViewLoaded is \(screen.isViewLoaded), its journal disagrees")
      }
      let expected: JournalReplay.Containment = screen.parent.map { .attached($0.screenID) } ?? .detached
      let containment = replay.containment[id, default: .detached]
      if containment != expected {
        violations.append("\(id) containment per journal is \(containment), expected \(expected)")
      }
    }
    return violations
  }

  /// Returns every broken rule, each prefixed with its invariant's name.
  func check(_ world: HierarchyWorld, _ step: StepRecord) -> [String] {
    let replayed = replay.consume(world.journal.events).map { "journal pairing: \($0)" }
    return replayed + replayMismatches(world).map { "journal matches state: \($0)" }
      + replay.membershipMismatches(world.windows).map { "members match the windows: \($0)" }
      + invariants.flatMap { invariant in invariant.check(world, step).map { "\(invariant.name): \($0)" } }
  }
}

extension InvariantChecker {
  static var foundation: InvariantChecker {
    InvariantChecker(invariants: [
      Invariant(name: "parent/children symmetry", check: checkSymmetry),
      Invariant(name: "one place per screen", check: checkUniqueness),
      Invariant(name: "view tree", check: checkViews),
      Invariant(name: "appearance matches visibility", check: checkVisibility),
      Invariant(name: "misuse", check: checkMisuse),
      Invariant(name: "idle after settling", check: checkIdle),
    ])
  }

  private static func checkSymmetry(_ world: HierarchyWorld, _ step: StepRecord) -> [String] {
    var violations: [String] = []
    for screen in world.screens {
      for (position, child) in screen.children.enumerated()
      where child.parent !== screen || child.indexInParent != position {
        violations.append(
          "\(child.screenID) in \(screen.screenID).children at \(position) but parent/index disagree")
      }
      if let parent = screen.parent, parent.children.count(where: { $0 === screen }) != 1 {
        violations.append("\(screen.screenID).parent is \(parent.screenID), which does not list it once")
      }
    }
    return violations
  }

  private static func checkUniqueness(_ world: HierarchyWorld, _ step: StepRecord) -> [String] {
    var violations: [String] = []
    for screen in world.screens {
      let placesAsChild = world.screens.reduce(0) { $0 + $1.children.count(where: { $0 === screen }) }
      let placesAsRoot = world.windows.count(where: { $0.rootViewController === screen })
      if placesAsChild + placesAsRoot > 1 {
        violations.append(
          "\(screen.screenID) is a child \(placesAsChild) times and a root \(placesAsRoot) times")
      }
    }
    for window in world.windows {
      let expected = window.rootViewController.map { [ObjectIdentifier($0.view)] } ?? []
      if window.subviews.map(ObjectIdentifier.init) != expected {
        violations.append("a window's subviews are not exactly its root's view")
      }
    }
    return violations
  }

  private static func checkViews(_ world: HierarchyWorld, _ step: StepRecord) -> [String] {
    var violations: [String] = []
    let views: [View] = world.windows + world.screens.compactMap(\.viewIfLoaded)
    for view in views {
      if let superview = view.superview, superview.subviews.count(where: { $0 === view }) != 1 {
        violations.append("a view is not listed once by its superview")
      }
      if view.subviews.contains(where: { $0.superview !== view }) {
        violations.append("a subview's superview is another view")
      }
    }
    return violations
  }

  private static func checkVisibility(_ world: HierarchyWorld, _ step: StepRecord) -> [String] {
    var violations: [String] = []
    for screen in world.screens {
      let state = screen.appearanceState
      if let allowed = expectedAppearance(of: screen, in: world), !allowed.contains(state) {
        violations.append(
          "\(screen.screenID) is \(state), expected one of \(allowed.sorted { "\($0)" < "\($1)" })")
      }
      if state != .disappeared, screen.viewIfLoaded?.window.map({ !$0.isHidden }) != true {
        violations.append("\(screen.screenID) is \(state) but its view is not in a visible window")
      }
    }
    return violations
  }

  /// The states a screen may be in after settling, or `nil` when its container drives it.
  static func expectedAppearance(
    of screen: ViewController, in world: HierarchyWorld
  ) -> Set<ViewController.AppearanceState>? {
    if let window = world.rootWindow(of: screen) { return window.isHidden ? [.disappeared] : [.appeared] }
    guard let parent = screen.parent, let view = screen.viewIfLoaded, let parentView = parent.viewIfLoaded,
      view.superview != nil, view.isDescendant(of: parentView)
    else { return [.disappeared] }
    guard parent.shouldAutomaticallyForwardAppearanceMethods else {
      return parent.appearanceState == .disappeared ? [.disappeared] : nil
    }
    return switch parent.appearanceState {
    case .appeared: [.appeared]
    case .disappeared: [.disappeared]
    case .appearing: [.appearing, .appeared]
    case .disappearing: [.disappearing, .disappeared]
    }
  }

  private static func checkMisuse(_ world: HierarchyWorld, _ step: StepRecord) -> [String] {
    let newEvents = Array(world.journal.events[step.eventsBefore...])
    let newErrors = Array(world.errors.errors[step.errorsBefore...])
    guard case .misuse(_, let code) = step.operation else {
      let misuse = newEvents.filter { if case .misuse = $0 { true } else { false } }
      return misuse.isEmpty && newErrors.isEmpty ? [] : ["a valid operation was refused: \(newErrors)"]
    }
    var violations: [String] = []
    if newErrors.count != 1 { violations.append("the handler ran \(newErrors.count) times") }
    if let error = newErrors.first {
      if error.code != code { violations.append("code \(error.code), expected \(code): \(error.message)") }
      if newEvents != [.misuse(error)] {
        violations.append("journal gained \(newEvents), expected only the misuse")
      }
      for screen in error.screens where !error.message.contains(screen.name) {
        violations.append("message does not name \(screen.name): \(error.message)")
      }
    }
    if HierarchySnapshot(screens: world.screens, windows: world.windows) != step.before {
      violations.append("the hierarchy changed")
    }
    return violations
  }

  private static func checkIdle(_ world: HierarchyWorld, _ step: StepRecord) -> [String] {
    var violations: [String] = []
    if world.scheduler?.hasPendingWork == true { violations.append("scheduler still has work") }
    for window in world.windows where window.isTransitioning || !window.pendingRequests.isEmpty {
      violations.append("a window is still transitioning or has queued requests")
    }
    return violations
  }
}
