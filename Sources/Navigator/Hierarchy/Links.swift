// The hierarchy's speed tricks, in one room.
//
// A hierarchy points both ways: a parent holds its children and each child names its
// parent; a presenter holds what it presented, a window its root, a view its subviews, a
// screen its view. The strong side owns; the other side is a back-link. Back-links are
// unretained (`Unmanaged`, behind `BackLink`) and each owner clears the links that
// point at it when it goes away (`clearBackLinksToSelf()`, called from the owners'
// `deinit`s below), so a link never outlives its target. Screens remember the window they
// last belonged to through that window's `WindowToken`, which the window clears.
//
// Why: weak references give their target a side table, which slows down every retain and
// release of it, and strong back-links would be cycles. The figures are in
// Benchmarks/README.md ("Back links and the window token").
//
// The moves borrow what they move: they use views through their screens and compare links
// and window tokens by address, without retaining them (`withLoadedViewUnretained`,
// `BackLink.refers(to:)`, `hasAdopted(_:)`). Benchmarks/README.md ("Borrowed objects in a
// move") gives the measurement: 9,700 instructions a push + pop before, 8,570 after, with the
// plan's changes in StackPlan.swift.
//
// Hot stored state is marked `@exclusivity(unchecked)`: one hierarchy lives in one
// isolation domain, and no access to these fields spans a call out of the engine, so the
// runtime's dynamic exclusivity checks (about 75 instructions per access) buy nothing.
// Benchmarks/README.md ("Exclusivity checks") gives the measurement: without them a push +
// pop costs about twice as many instructions.

/// A reference back to the object that owns the holder: not retained, cleared by the
/// owner when it goes away.
///
/// The rule every link follows: its target holds the link's holder strongly for as long as
/// the link is set, and clears the link in its `deinit` (`clearBackLinksToSelf()`). Reading
/// a link is then always safe.
internal struct BackLink<Target: AnyObject> {
  // Unmanaged, so that the tests below compare addresses: checking a link retains nothing.
  private var target: Unmanaged<Target>?

  /// Creates an empty link.
  internal init() {}

  /// The target, or `nil`.
  internal var object: Target? {
    @inline(__always) get { target?.takeUnretainedValue() }
    @inline(__always) set { target = newValue.map { Unmanaged.passUnretained($0) } }
  }

  /// A Boolean value indicating whether the link is set; reads the address only.
  internal var isSet: Bool {
    @inline(__always) get { target != nil }
  }

  /// Calls `body` with the target, not retained; `nil` when the link is empty.
  ///
  /// Safe by the links' rule: the target is alive while the link is set, and `body` must not
  /// release the target's last owner.
  @inline(__always)
  internal func withObject<Result>(_ body: (Target) -> Result) -> Result? {
    guard let target else { return nil }
    return target._withUnsafeGuaranteedRef(body)
  }

  /// The target, not retained, or `nil`: for a walk along links that runs no other code.
  internal var unmanaged: Unmanaged<Target>? {
    @inline(__always) get { target }
  }

  /// Returns a Boolean value indicating whether the link points at `object`; compares
  /// addresses, so it retains nothing.
  @inline(__always)
  internal func refers(to object: Target) -> Bool {
    guard let target else { return false }
    return target.toOpaque() == Unmanaged.passUnretained(object).toOpaque()
  }
}

extension ViewController {
  /// Calls `body` with this screen's loaded view, not retained; `nil` when none is loaded.
  ///
  /// For the moves' view changes, which would otherwise retain and release each view they
  /// touch. Safe while the caller holds this screen, which holds its view strongly: `body`
  /// must not replace the view (the moves only attach and detach views).
  @inline(__always)
  internal func withLoadedViewUnretained<Result>(_ body: (View) -> Result) -> Result? {
    guard let view = loadedView.map({ Unmanaged.passUnretained($0) }) else { return nil }
    return view._withUnsafeGuaranteedRef(body)
  }
}

/// A window's stand-in for screens that remember it after they left: they hold the token
/// strongly, and the window clears it when it goes away.
package final class WindowToken {
  // Unchecked: read by every journal and busy test (see Links.swift).
  /// The window, unretained: the window sets it and clears it in its `deinit`.
  @exclusivity(unchecked) private var reference: Unmanaged<Window>?

  /// The window, while it exists.
  package var window: Window? {
    get { reference?.takeUnretainedValue() }
    set { reference = newValue.map { Unmanaged.passUnretained($0) } }
  }

  /// Reads the window without retaining it; `nil` once the window is gone.
  ///
  /// The hot path's tests (is the journal on, is the window busy) go through here: reading
  /// ``window`` would retain and release the window each time (Benchmarks/README.md, item 9).
  @inline(__always)
  internal func withWindow<Result>(_ body: (Window) -> Result) -> Result? {
    guard let reference else { return nil }
    return reference._withUnsafeGuaranteedRef(body)
  }

  /// The window, not retained, while it exists.
  internal var unmanagedWindow: Unmanaged<Window>? {
    @inline(__always) get { reference }
  }
}

// MARK: The links, by name

extension ViewController {
  /// The container this screen is a child of, if any.
  ///
  /// A back-link: the parent holds this screen, and clears the link when it goes away.
  public internal(set) var parent: ViewController? {
    @inline(__always) get { parentLink.object }
    @inline(__always) set { parentLink.object = newValue }
  }

  /// The screen that presented this one.
  ///
  /// A back-link: the presenter holds this screen, and clears the link when it goes away.
  internal var presenter: ViewController? {
    @inline(__always) get { presenterLink.object }
    @inline(__always) set { presenterLink.object = newValue }
  }

  /// The window whose root this screen is.
  ///
  /// A back-link: the window holds its root, and clears the link when either goes away.
  internal var windowIfRoot: Window? {
    @inline(__always) get { windowLink.object }
    @inline(__always) set { windowLink.object = newValue }
  }

  /// The window this screen last belonged to, so that events after it left are journaled.
  ///
  /// Held through the window's token rather than weakly: a weak reference would give the
  /// window a side table and slow down every retain and release of it.
  internal var adoptedWindow: Window? {
    get { adoptedToken?.window }
    set { adoptedToken = newValue?.token }
  }

  /// Returns a Boolean value indicating whether this screen remembers the window of `token`;
  /// compares addresses, so it retains nothing.
  @inline(__always)
  internal func hasAdopted(_ token: WindowToken) -> Bool {
    guard let adopted = adoptedToken.map({ Unmanaged.passUnretained($0).toOpaque() }) else { return false }
    return adopted == Unmanaged.passUnretained(token).toOpaque()
  }

  /// Clears the back-links that point at this screen: its children's, what it presented,
  /// its view's. Called by `deinit`.
  ///
  /// Identity tests first, so that a leaf screen (the common case) retains nothing here.
  func clearBackLinksToSelf() {
    if !childList.isEmpty {
      // Borrowed from a local copy of the list, which holds every child.
      let children = childList
      children.forEachBorrowed { child in if child.parentLink.refers(to: self) { child.parent = nil } }
    }
    if presented?.presenter === self { presented!.presenter = nil }
    if loadedView?.owningViewController === self { loadedView!.owningViewController = nil }
  }
}

extension View {
  /// The view that contains this one, if any.
  ///
  /// A back-link: the superview holds this view, and clears the link when it goes away.
  public internal(set) var superview: View? {
    @inline(__always) get { superviewLink.object }
    @inline(__always) set { superviewLink.object = newValue }
  }

  /// The screen whose root view this is, if any.
  ///
  /// A back-link: the screen holds its view, and clears the link when it goes away.
  internal var owningViewController: ViewController? {
    @inline(__always) get { ownerLink.object }
    @inline(__always) set { ownerLink.object = newValue }
  }

  /// Clears the back-links that point at this view: its subviews'. Called by `deinit`.
  func clearBackLinksToSelf() {
    for subview in subviews where subview.superview === self { subview.superview = nil }
  }
}

extension Window {
  /// Clears what points at this window: its token, and its root's link. Called by
  /// `deinit`.
  func clearBackLinksToWindow() {
    token.window = nil
    if let root = rootViewController, root.windowIfRoot === self { root.windowIfRoot = nil }
  }
}

extension ViewController {
  /// The screen's boxed key, not retained, for inlinable code (``screenKey(as:)``): the
  /// screen holds it, and the reader changes no key while it reads.
  @usableFromInline var unretainedStateKeyBox: Unmanaged<KeyBox>? {
    keyBox.map { Unmanaged.passUnretained($0) }
  }
}

/// Calls `body` with the object `object` refers to, not retained for the call.
///
/// For an object read from a mutable property that its holder keeps for the whole call and
/// that `body` does not replace (a typed target's screen provider): a `var` read and passed
/// on is retained around the call, since the call might replace it; read as an `Unmanaged`
/// (`withUnretained(.passUnretained(property!))`), it is not.
@inline(__always)
func withUnretained<Result, Failure: Error>(
  _ object: Unmanaged<AnyObject>, _ body: (AnyObject) throws(Failure) -> Result
) throws(Failure) -> Result {
  do {
    return try object._withUnsafeGuaranteedRef { try body($0) }
  } catch {
    // `_withUnsafeGuaranteedRef` rethrows untyped: what it throws is `body`'s `Failure`.
    throw error as! Failure
  }
}

extension Array where Element == ViewController {
  /// Calls `body` with each screen of this array in order, borrowed from the array's storage:
  /// no retain and release around each call, as a `for` loop makes.
  ///
  /// Safe because the array is a value its caller holds unchanged for the whole loop (a `let`
  /// of a plan or a navigation), and it holds every element: `body` can't take one away.
  /// Benchmarks/README.md ("Borrowed objects in a move") gives the measurement.
  @inline(__always)
  internal func forEachBorrowed(_ body: (Element) -> Void) {
    withUnsafeBufferPointer { buffer in
      // Each reference loaded as a trivial `Unmanaged`, which retains nothing.
      let elements = UnsafeRawBufferPointer(buffer)
      for index in 0..<buffer.count {
        elements.load(fromByteOffset: index * MemoryLayout<Element>.stride, as: Unmanaged<Element>.self)
          ._withUnsafeGuaranteedRef(body)
      }
    }
  }

  /// Calls `body` with each screen of this array, last first, borrowed from the array's
  /// storage (see ``forEachBorrowed(_:)``).
  @inline(__always)
  internal func forEachBorrowedInReverse(_ body: (Element) -> Void) {
    withUnsafeBufferPointer { buffer in
      let elements = UnsafeRawBufferPointer(buffer)
      for index in (0..<buffer.count).reversed() {
        elements.load(fromByteOffset: index * MemoryLayout<Element>.stride, as: Unmanaged<Element>.self)
          ._withUnsafeGuaranteedRef(body)
      }
    }
  }

  /// Calls `body` with the element at `index`, borrowed from the array's storage (see
  /// ``forEachBorrowed(_:)``): the array holds it for the whole call.
  @inline(__always)
  internal func withBorrowed(at index: Int, _ body: (Element) -> Void) {
    precondition(indices.contains(index), "Index out of range")
    withUnsafeBufferPointer { buffer in
      UnsafeRawBufferPointer(buffer)
        .load(fromByteOffset: index * MemoryLayout<Element>.stride, as: Unmanaged<Element>.self)
        ._withUnsafeGuaranteedRef(body)
    }
  }
}
