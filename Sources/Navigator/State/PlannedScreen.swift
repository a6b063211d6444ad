/// A screen a plan makes: what it holds, and where the planned screens it holds are.
///
/// A value in the plan's array of made screens (``StatePlanner/made``), named by its index
/// there: the screens of one made subtree are consecutive, in pre-order, so a screen's
/// entries or children follow it, each after the whole subtree of the one before. Its key
/// (``StatePlanner/madeKeys``) and, once made, its instance (``StateApplication``) are kept
/// apart at the same index, so that the value holds no reference: reading a field of an
/// array's element that holds one copies the whole element. A class allocated and released
/// for each new screen would cost a navigation about 450 instructions a screen
/// (Benchmarks/README.md, "The typed planner").
///
/// The general planner plans one for a node of the target (shown without presentations:
/// those are steps of their own); the typed navigation (``TypedStatePlanner`` with a
/// ``StateActionRecorder``) plans one without laying the target out.
@usableFromInline
struct PlannedScreen {
  /// The node's index in the target; -1 for a screen the typed navigation planned (its
  /// target is not laid out).
  let node: Int
  /// The number of the screen's entries or children.
  let containedCount: Int
  /// The number of planned screens in this screen's subtree, itself included: the index of
  /// the screen after the subtree is this one's plus it.
  var size: Int
  /// What the screen holds: nothing, a stack's entries, or a container's children.
  let content: TargetContent
  /// A Boolean value indicating whether the screen is inside another one of the plan's
  /// (an entry, a child) rather than the top of what a step shows.
  let hasParent: Bool

  /// A planned screen; `size` is 1 until the screens it holds are appended after it.
  init(node: Int, content: TargetContent, containedCount: Int, hasParent: Bool) {
    self.node = node
    self.content = content
    self.containedCount = containedCount
    size = 1
    self.hasParent = hasParent
  }
}

extension [PlannedScreen] {
  /// Calls `body` with the index of each planned screen that the one at `index` holds, in
  /// order.
  @inline(__always)
  func forEachContained(in index: Int, _ body: (Int) -> Void) {
    var child = index + 1
    for _ in 0..<self[index].containedCount {
      body(child)
      child += self[child].size
    }
  }

  /// The index of the planned screen at `offset` among those the one at `index` holds.
  func contained(in index: Int, at offset: Int) -> Int {
    var child = index + 1
    for _ in 0..<offset { child += self[child].size }
    return child
  }
}

/// A screen a step places: one the window keeps, or one the plan makes.
@usableFromInline
enum Placed {
  case kept(ViewController)
  /// A screen the plan makes: its index among the plan's made screens.
  case made(Int)
  /// A screen the plan makes, for a planner that records only the steps (``StatePlanner``
  /// for ``Navigator/plan(to:)``): its node, and whether it is inside another new screen.
  /// Nothing is resolved or made for it.
  case new(Int, hasParent: Bool)

  /// The instance, given the made screens at the indices of the plan's made screens.
  func screen(_ made: [ViewController]) -> ViewController {
    switch self {
    case .kept(let screen): screen
    case .made(let index): made[index]
    case .new: preconditionFailure("A plan that records only its steps has no instances.")
    }
  }

  /// The index of a made screen among the plan's made screens (a planner that records
  /// actions plans one for each).
  var planned: Int {
    guard case .made(let index) = self else { preconditionFailure("Not a planned screen.") }
    return index
  }
}

/// What a step does to instances: the public ``NavigationPlan/Step`` resolved against the
/// window's screens; the screens the plan makes named by their index among its made screens.
enum PlannedAction {
  case setRoot(Int?)
  case dismiss(presenter: ViewController)
  /// `shown`: the stack is on screen now and stays on screen (no full-screen presentation
  /// will cover its layer).
  case push(Int, onto: NavigationController, shown: Bool)
  case popTo(ViewController, in: NavigationController, shown: Bool)
  case setStack(NavigationController, [Placed], shown: Bool)
  case present(Int, from: Placed, style: ModalPresentationStyle, anchor: ResolvableAnchor?)
  case addChild(Placed, to: ViewController)
  case removeChild(ViewController)
}

/// A popover's anchor, with the screen that owns it found in the plan.
///
/// A class, so that a ``PlannedAction/present(_:from:style:anchor:)`` copies as a few
/// references: as a struct, every copy of a presentation's action (each pattern match of the
/// application) would run through the runtime's generic tuple and enum copies, about 650
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
