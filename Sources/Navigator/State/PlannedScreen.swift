/// A screen a plan makes: its key and what it holds, the planned screens of its entries or
/// children, and the instance once made.
///
/// The general planner plans one for a node of the target (shown without presentations:
/// those are steps of their own); the typed navigation (``TypedStatePlanner`` with a
/// ``StateActionRecorder``) plans one without laying the target out.
@usableFromInline
final class PlannedScreen {
  /// The node's index in the target; -1 for a screen the typed navigation planned (its
  /// target is not laid out).
  let node: Int
  /// How the target names the screen: the key it is made for.
  let key: TargetKey
  /// What the screen holds: nothing, a stack's entries, or a container's children.
  let content: TargetContent
  /// The planned screens of a new stack's entries or a new container's children, in order.
  let contained: [PlannedScreen]
  /// A Boolean value indicating whether the screen is inside another one of the plan's
  /// (an entry, a child) rather than the top of what a step shows.
  let hasParent: Bool
  /// The instance, once made.
  var screen: ViewController?

  /// Plans the screen for a node and the screens it holds.
  init(_ node: Int, in target: ErasedTarget, hasParent: Bool) {
    self.node = node
    self.hasParent = hasParent
    key = target.keys[node]
    let layout = target.nodes[node]
    content = layout.content
    let range = layout.contained
    if range.isEmpty {
      contained = []
    } else {
      var contained: [PlannedScreen] = []
      contained.reserveCapacity(range.count)
      for index in range { contained.append(PlannedScreen(index, in: target, hasParent: true)) }
      self.contained = contained
    }
  }

  /// Plans a screen of the typed navigation: a plain screen, or a stack and its entries.
  init(key: TargetKey, content: TargetContent, contained: [PlannedScreen], hasParent: Bool) {
    node = -1
    self.key = key
    self.content = content
    self.contained = contained
    self.hasParent = hasParent
  }

  /// Appends this screen and every planned screen it holds, in pre-order.
  func appendAll(to screens: inout [PlannedScreen]) {
    screens.append(self)
    for screen in contained { screen.appendAll(to: &screens) }
  }
}

/// A screen a step places: one the window keeps, or one the plan makes.
@usableFromInline
enum Placed {
  case kept(ViewController)
  case made(PlannedScreen)
  /// A screen the plan makes, for a planner that records only the steps (``StatePlanner``
  /// for ``Navigator/plan(to:)``): its node, and whether it is inside another new screen.
  /// Nothing is resolved or made for it.
  case new(Int, hasParent: Bool)

  /// The instance; a made screen's once made.
  var screen: ViewController {
    switch self {
    case .kept(let screen): screen
    case .made(let planned): planned.screen!
    case .new: preconditionFailure("A plan that records only its steps has no instances.")
    }
  }

  /// The planned screen of a made screen (a planner that records actions plans one for each).
  var planned: PlannedScreen {
    guard case .made(let planned) = self else { preconditionFailure("Not a planned screen.") }
    return planned
  }

  /// The node of a screen the plan makes; `nil` for one the window keeps.
  var madeNode: Int? {
    switch self {
    case .kept: nil
    case .made(let planned): planned.node
    case .new(let node, _): node
    }
  }
}

/// What a step does to instances: the public ``NavigationPlan/Step`` resolved against the
/// window's screens.
enum PlannedAction {
  case setRoot(PlannedScreen?)
  case dismiss(presenter: ViewController)
  /// `shown`: the stack is on screen now and stays on screen (no full-screen presentation
  /// will cover its layer).
  case push(PlannedScreen, onto: NavigationController, shown: Bool)
  case popTo(ViewController, in: NavigationController, shown: Bool)
  case setStack(NavigationController, [Placed], shown: Bool)
  case present(PlannedScreen, from: Placed, style: ModalPresentationStyle, anchor: ResolvableAnchor?)
  case addChild(Placed, to: ViewController)
  case removeChild(ViewController)
}

/// A popover's anchor, with the screen that owns it found in the plan.
///
/// A class, so that a ``PlannedAction/present(_:from:style:anchor:)`` copies as a few
/// references: as a struct, every copy of a presentation's action (each pattern match of the
/// application) ran through the runtime's generic tuple and enum copies, about 650
/// instructions a navigation to the nested target of Benchmarks/README.md's row 3, whose
/// presentations have no anchor.
final class ResolvableAnchor {
  /// The anchor.
  let anchor: TargetAnchor
  /// The screen that owns it.
  let owner: Placed

  /// An anchor and the screen that owns it.
  init(anchor: TargetAnchor, owner: Placed) {
    self.anchor = anchor
    self.owner = owner
  }
}

/// A step of a plan, its nodes named by their index in the target: a
/// ``NavigationPlan/Step`` without the key type.
@usableFromInline
enum PlanStep {
  /// ``NavigationPlan/Step/setRoot(_:)``.
  case setRoot(Int?)
  /// ``NavigationPlan/Step/dismiss(presentedBy:)``.
  case dismiss(presentedBy: StatePath)
  /// ``NavigationPlan/Step/push(_:onto:)``.
  case push(Int, onto: StatePath)
  /// ``NavigationPlan/Step/popTo(_:)``.
  case popTo(StatePath)
  /// ``NavigationPlan/Step/setStack(_:to:)``: the entries of the stack node.
  case setStack(StatePath, stack: Int)
  /// ``NavigationPlan/Step/present(_:from:style:)``.
  case present(Int, from: StatePath, style: ModalPresentationStyle)
  /// ``NavigationPlan/Step/popover(_:from:at:)``: the anchor of the presenting node's
  /// presentation.
  case popover(Int, from: StatePath, presenter: Int)
  /// ``NavigationPlan/Step/addChild(_:to:)``.
  case addChild(Int, to: StatePath)
  /// ``NavigationPlan/Step/removeChild(_:from:)``.
  case removeChild(ViewController, from: StatePath)
}
