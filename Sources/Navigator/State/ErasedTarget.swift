// The target of a navigation without its key type, so that the planner and the navigation
// run as ordinary (non-generic) code: in a caller's module, the generic navigator ran
// unspecialized, and each use of a type such as `NavigationState<Key>.Node` asked the runtime
// for its metadata (about 330 instructions a time). The typed side (`TypedTarget`) is
// inlinable: the caller's compiler specializes it for its `Key`.

/// How a target names a screen: a ``ScreenKey`` with its key boxed.
@usableFromInline
enum TargetKey {
  /// A key, boxed as a ``TypedKeyBox`` of the target's key type.
  case key(KeyBox)
  /// A key of the target's key type, not boxed (a plan that records only its steps makes
  /// no box): its index among the target's unboxed keys (``ErasedTarget/boxed(_:)``
  /// boxes it).
  case unboxed(Int)
  /// A plain navigation controller the navigator makes itself.
  case navigationController
  /// A screen with no key.
  case instance(ScreenID)
}

/// What a target screen holds: nothing, a stack's entries, or a container's children.
@usableFromInline
enum TargetContent {
  /// A plain screen.
  case screen
  /// A navigation stack.
  case stack
  /// A custom container.
  case container
}

/// Where a target popover points: a ``NavigationState/Anchor`` with its keys boxed.
@usableFromInline
enum TargetAnchor {
  /// A bar button item of the screen with the key.
  case barButtonItem(BarSide, index: Int, of: TargetKey)
  /// A rectangle in a view of the screen with the key.
  case view(of: TargetKey, path: [Int], rect: Rect)
  /// An anchor the state can't name.
  case unnamed(String)
}

/// One screen of a target, in a flat array where the screens each one holds are contiguous.
///
/// A plain value with no reference (its key and a popover's anchor are kept apart): copies
/// cost no retain.
@usableFromInline
struct TargetNode {
  /// What it holds.
  @usableFromInline var content: TargetContent
  /// The indices of its entries or children.
  @usableFromInline var contained: Range<Int>
  /// The index of the screen it presents, if any.
  @usableFromInline var presented: Int?
  /// The style of that presentation.
  @usableFromInline var style: ModalPresentationStyle
  /// A Boolean value indicating whether a screen it holds presents something (at any depth).
  @usableFromInline var holdsPresentation: Bool
  /// The index of the node that holds or presents it; -1 for the root.
  @usableFromInline var parent: Int

  /// A node that a builder fills in later, held or presented by the node at `parent`.
  @usableFromInline
  static func placeholder(parent: Int) -> TargetNode {
    TargetNode(
      content: .screen, contained: 0..<0, presented: nil, style: .none, holdsPresentation: false,
      parent: parent)
  }

  /// Creates a node.
  @usableFromInline
  init(
    content: TargetContent, contained: Range<Int>, presented: Int?, style: ModalPresentationStyle,
    holdsPresentation: Bool, parent: Int
  ) {
    self.content = content
    self.contained = contained
    self.presented = presented
    self.style = style
    self.holdsPresentation = holdsPresentation
    self.parent = parent
  }

  /// A Boolean value indicating whether the screen is a navigation stack.
  var isStack: Bool { content == .stack }
}

/// A navigation's target without its key type: its screens as ``TargetNode``s (the root at
/// 0), and what needs the key type (making a screen, naming a node in a message) behind
/// methods that ``TypedTarget`` overrides.
@usableFromInline
class ErasedTarget {
  /// The screens, the root first; empty for a target with no root.
  @usableFromInline let nodes: [TargetNode]
  /// How each screen is named, at the indices of ``nodes``.
  @usableFromInline let keys: [TargetKey]
  /// Where each popover points, by the index of its presenter.
  @usableFromInline let anchors: [Int: TargetAnchor]
  /// The identity of `TypedKeyBox<Key>`: a screen whose key box has it holds a `Key`.
  let boxType: ObjectIdentifier
  /// A Boolean value indicating whether a screen of the target presents a popover.
  let hasPopover: Bool

  /// Creates a target from its nodes.
  @usableFromInline
  init(
    nodes: [TargetNode], keys: [TargetKey], anchors: [Int: TargetAnchor], boxType: ObjectIdentifier,
    hasPopover: Bool
  ) {
    self.nodes = nodes
    self.keys = keys
    self.anchors = anchors
    self.boxType = boxType
    self.hasPopover = hasPopover
  }

  /// The screen's key, boxed as a target key, when it has one of the target's key type
  /// (what ``ViewController/screenKey(as:)`` reads as ``ScreenKey/key(_:)``).
  final func keyBox(of screen: ViewController) -> KeyBox? {
    guard let box = screen.keyBox else { return nil }
    if ObjectIdentifier(type(of: box)) == boxType { return box }
    return castKey(box)
  }

  /// A Boolean value indicating whether the screen's key as the target's key type
  /// (``ViewController/screenKey(as:)``) is `key`.
  final func screen(_ screen: ViewController, hasKey key: TargetKey) -> Bool {
    let own = keyBox(of: screen)
    switch key {
    case .key(let box):
      guard let own else { return false }
      return own === box || box.holdsKey(equalTo: own)
    case .unboxed(let index):
      guard let own else { return false }
      return holdsUnboxedKey(index, equalTo: own)
    case .navigationController:
      return own == nil && type(of: screen) == NavigationController.self
    case .instance(let id):
      return own == nil && type(of: screen) != NavigationController.self && screen.screenID == id
    }
  }

  /// A Boolean value indicating whether the window's `screen` can stay where the target
  /// has the node at `index`: the same key and the same kind (a stack for a stack).
  final func matches(_ screen: ViewController, _ index: Int) -> Bool {
    guard screen.isNavigationStack == nodes[index].isStack else { return false }
    return self.screen(screen, hasKey: keys[index])
  }

  /// A Boolean value indicating whether a popover's current anchor is the target's.
  final func anchor(_ current: ScreenAnchor?, is target: TargetAnchor?) -> Bool {
    switch (current, target) {
    case (nil, nil):
      return true
    case (
      .barButtonItem(let side, let index, let owner)?,
      .barButtonItem(let targetSide, let targetIndex, let key)?
    ):
      return side == targetSide && index == targetIndex && screen(owner, hasKey: key)
    case (.view(let owner, let path, let rect)?, .view(let key, let targetPath, let targetRect)?):
      return path == targetPath && rect == targetRect && screen(owner, hasKey: key)
    case (.unnamed(let text)?, .unnamed(let targetText)?):
      return text == targetText
    default:
      return false
    }
  }

  /// The screens a plan makes for a key (`keys`: the keys of its made screens), as a
  /// gatekeeper is asked about them.
  final func keyedScreens(_ keys: [TargetKey]) -> [NavigationAdmission.Screen] {
    var screens: [NavigationAdmission.Screen] = []
    for key in keys {
      switch key {
      case .key, .unboxed:
        guard let box = boxed(key) else { continue }
        // Named by its key when a message reads it.
        screens.append(NavigationAdmission.Screen(key: AnyScreenKey(box.key)))
      case .navigationController, .instance:
        continue
      }
    }
    return screens
  }

  /// The box of a key; a new box for an unboxed key; `nil` for no key of the target's type.
  final func boxed(_ key: TargetKey) -> KeyBox? {
    switch key {
    case .key(let box): box
    case .unboxed(let index): boxUnboxedKey(index)
    case .navigationController, .instance: nil
    }
  }

  /// The text ``ScreenKey/description`` gives for a key.
  final func describe(_ key: TargetKey) -> String {
    switch key {
    case .key(let box): boxedKeyText(box)
    case .unboxed(let index): unboxedKeyText(index)
    case .navigationController: "NavigationController"
    case .instance(let screen): screen.name
    }
  }

  // MARK: What needs the key type

  /// A Boolean value indicating whether the unboxed key at `index` equals the key of
  /// `box`, a ``TypedKeyBox`` of the target's key type.
  func holdsUnboxedKey(_ index: Int, equalTo box: KeyBox) -> Bool {
    preconditionFailure("an ErasedTarget is always a TypedTarget")
  }

  /// The unboxed key at `index`, in a new box.
  func boxUnboxedKey(_ index: Int) -> KeyBox {
    preconditionFailure("an ErasedTarget is always a TypedTarget")
  }

  /// A key of another type, boxed as a target key when it casts to the target's key type.
  func castKey(_ box: KeyBox) -> KeyBox? { nil }

  /// The text ``ScreenKey/description`` gives for the unboxed key at `index`.
  func unboxedKeyText(_ index: Int) -> String { "" }

  /// The text ``ScreenKey/description`` gives for a key's box of the target's key type.
  func boxedKeyText(_ box: KeyBox) -> String { "" }

  /// A step's text, as the typed step (``NavigationPlan/Step/description``) gives it.
  func typedStepText(_ step: PlanStep) -> String { "" }

  /// The target in one line, for requests and messages.
  var oneLine: String { "" }

  /// The name of the target's key type, for messages.
  var keyTypeName: String { "" }

  /// Makes the screen for a key of the target with the navigator's screen provider.
  func makeScreen(for box: KeyBox, navigator: Navigator) throws(NavigationError) -> ViewController {
    preconditionFailure("an ErasedTarget is always a TypedTarget")
  }

  /// The request a recording journal names for a navigation with these steps: the target
  /// and the steps written from the nodes (``laidOutOneLine``, ``stepTexts(_:)``).
  func request(steps: [PlanStep], animated: Bool) -> NavigationRequest {
    .navigate(to: laidOutOneLine, steps: stepTexts(steps), animated: animated)
  }
}

/// A popover's anchor as it is in the window: the screen that owns it, not its key.
@usableFromInline
enum ScreenAnchor {
  /// A bar button item at an index of a screen's left or right items.
  case barButtonItem(BarSide, index: Int, of: ViewController)
  /// A rectangle in a view found from a screen's root view by a path of subview indices.
  case view(of: ViewController, path: [Int], rect: Rect)
  /// An anchor no screen holds, described.
  case unnamed(String)

  /// Names a popover anchor by the screen that holds it.
  @usableFromInline
  init(_ anchor: PopoverAnchor) {
    switch anchor {
    case .barButtonItem(let item):
      if let owner = item.owningViewController, let navigationItem = item.navigationItem {
        if let index = navigationItem.leftBarButtonItems.firstIndex(where: { $0 === item }) {
          self = .barButtonItem(.left, index: index, of: owner)
          return
        }
        if let index = navigationItem.rightBarButtonItems.firstIndex(where: { $0 === item }) {
          self = .barButtonItem(.right, index: index, of: owner)
          return
        }
      }
      self = .unnamed("bar button item \"\(item.title ?? "untitled")\" that no screen holds")
    case .view(let view, let rect):
      var path: [Int] = []
      var current = view
      while current.owningViewController == nil, let superview = current.superview {
        guard let index = superview.subviews.firstIndex(where: { $0 === current }) else { break }
        path.append(index)
        current = superview
      }
      guard let owner = current.owningViewController else {
        self = .unnamed("a view that no screen owns")
        return
      }
      self = .view(of: owner, path: path.reversed(), rect: rect)
    }
  }
}
