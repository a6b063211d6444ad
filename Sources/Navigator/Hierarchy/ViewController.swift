/// A screen: UIKit's `UIViewController`, headless.
///
/// Subclass it and override the lifecycle methods you need, calling `super` as UIKit asks.
/// The view loads lazily, once: ``loadView()`` then ``viewDidLoad()``. Appearance follows
/// the four-state machine of UIKit (``AppearanceState``), so a screen never hears
/// `viewDidAppear(_:)` without a `viewWillAppear(_:)` first, and a repeated begin in the
/// same direction is ignored.
///
/// A screen belongs to one isolation domain: it is not `Sendable`, and lives on the main
/// actor in an app or inside one actor per session in a service.
open class ViewController {
  /// Where a screen is in its appearance cycle.
  public enum AppearanceState: Hashable, Sendable {
    /// Not on screen (the initial state).
    case disappeared
    /// `viewWillAppear(_:)` ran; `viewDidAppear(_:)` has not.
    case appearing
    /// On screen.
    case appeared
    /// `viewWillDisappear(_:)` ran; `viewDidDisappear(_:)` has not.
    case disappearing
  }

  /// Creates a screen whose view is not loaded yet.
  public init() {}

  deinit {
    clearBackLinksToSelf()
  }

  // MARK: Identity

  // Unchecked: every ScreenID reads both, several for each journal event.
  /// A localized title, shown by navigation bars; also the screen's name in journals.
  @exclusivity(unchecked) open var title: String?

  /// The identifier that opts this screen into state restoration.
  @exclusivity(unchecked) open var restorationIdentifier: String?

  /// The identifier under which this screen appears in events, errors and requests.
  public var screenID: ScreenID { ScreenID(self) }

  // MARK: The view

  // Unchecked: read by every appearance callback (see Links.swift).
  /// The view, once loaded (``viewIfLoaded``).
  @exclusivity(unchecked) var loadedView: View?
  // Unchecked: tested by every loadViewIfNeeded() (see Links.swift).
  @exclusivity(unchecked) private var isLoadingView = false

  /// The screen's root view, loaded on first access.
  ///
  /// Reading it loads the view if needed: ``loadView()`` then ``viewDidLoad()``. Assigning
  /// it (usually inside ``loadView()``) installs a view without loading.
  public var view: View {
    @inline(__always) get {
      if let loadedView { return loadedView }
      loadViewNow()
      return loadedView!
    }
    set {
      loadedView?.owningViewController = nil
      // The link first, so that the new view moves into the field without another retain.
      newValue.owningViewController = self
      loadedView = newValue
    }
  }

  /// A Boolean value indicating whether the view is loaded; reading it never loads.
  public var isViewLoaded: Bool { loadedView != nil }

  /// The view if it is loaded, else `nil`; reading it never loads.
  public var viewIfLoaded: View? { loadedView }

  /// Loads the view if it is not loaded yet; does nothing otherwise.
  @inline(__always)
  public func loadViewIfNeeded() {
    if loadedView == nil { loadViewNow() }
  }

  /// Loads the view: ``loadView()``, then ``viewDidLoad()``; kept out of line, so that the
  /// test every appearance makes (is it loaded?) stays two instructions.
  @inline(never)
  private func loadViewNow() {
    guard loadedView == nil, !isLoadingView else { return }
    isLoadingView = true
    loadView()
    if loadedView == nil {
      // Deliberate difference: UIKit loops if loadView assigns no view; the model installs
      // an empty one.
      view = View()
    }
    isLoadingView = false
    recordingJournal?.record(.viewDidLoad(screenID))
    viewDidLoad()
  }

  /// Creates the view. Override to build your own; do not call `super` if you do.
  open func loadView() {
    view = View()
  }

  /// Called once, after the view loaded.
  open func viewDidLoad() {}

  /// Called when a navigation reuses this screen from its navigator's keep-alive cache
  /// (``NavigationOptions/keepAlive(within:)``), before the navigation delivers its data and
  /// runs its `configure` closure again; does nothing by default.
  ///
  /// Not a UIKit method: UIKit makes a new screen for every navigation. Reset here what a
  /// new screen would not show, such as a half-typed draft. The view is loaded already, and
  /// `viewDidLoad()` does not run again.
  open func prepareForReuse() {}

  // MARK: Appearance

  /// Called before the screen's view is added to the visible hierarchy.
  ///
  /// - Parameter animated: A Boolean value indicating whether the transition animates.
  open func viewWillAppear(_ animated: Bool) {}

  /// Called after the screen's view was added to the visible hierarchy.
  ///
  /// - Parameter animated: A Boolean value indicating whether the transition animated.
  open func viewDidAppear(_ animated: Bool) {}

  /// Called before the screen's view is removed from the visible hierarchy.
  ///
  /// - Parameter animated: A Boolean value indicating whether the transition animates.
  open func viewWillDisappear(_ animated: Bool) {}

  /// Called after the screen's view was removed from the visible hierarchy.
  ///
  /// - Parameter animated: A Boolean value indicating whether the transition animated.
  open func viewDidDisappear(_ animated: Bool) {}

  // Unchecked: moved by every appearance callback (see Links.swift).
  /// The appearance cycle (read by every callback of every move).
  @exclusivity(unchecked) var appearance = AppearanceStateMachine()

  // Unchecked: set around the callbacks of every push and pop (see Links.swift).
  /// A Boolean value indicating whether the screen is being added to a container.
  ///
  /// True only while the appearance callbacks of that transition run.
  @exclusivity(unchecked) public internal(set) var isMovingToParent = false

  // Unchecked: set around the callbacks of every push and pop (see Links.swift).
  /// A Boolean value indicating whether the screen is being removed from its container.
  ///
  /// True only while the appearance callbacks of that transition run.
  @exclusivity(unchecked) public internal(set) var isMovingFromParent = false

  /// A Boolean value indicating whether the screen is being presented.
  ///
  /// True only while the appearance callbacks of that presentation run.
  public internal(set) var isBeingPresented = false

  /// A Boolean value indicating whether the screen is being dismissed.
  ///
  /// True only while the appearance callbacks of that dismissal run. A screen inside a
  /// presented container sees `false`: its container is the one being dismissed.
  public internal(set) var isBeingDismissed = false

  // Unchecked: set by every willMove and didMove (see Links.swift).
  /// The containment change in progress, if any. (Declared here, with the one-byte fields
  /// above, to take the last byte of their word.)
  @exclusivity(unchecked) internal var containmentMove: ContainmentMove?

  /// A Boolean value indicating whether appearance callbacks reach the children by
  /// themselves.
  ///
  /// Override to return `false` in a custom container that drives its children with
  /// ``beginAppearanceTransition(_:animated:)`` and ``endAppearanceTransition()``.
  open var shouldAutomaticallyForwardAppearanceMethods: Bool { true }

  /// Calls `body` with each child that appearance callbacks are forwarded to, chosen before
  /// the first call: by default, the children whose views are inside this screen's view.
  ///
  /// A navigation stack overrides it to call its top alone, without making an array of it.
  internal func forEachAppearanceChild(_ body: (ViewController) -> Void) {
    guard let ownView = loadedView, !childList.isEmpty else { return }
    let children = childList.filter { child in child.loadedView?.isDescendant(of: ownView) ?? false }
    for child in children { body(child) }
  }

  /// A hook for containers that add their own effects once they began to appear.
  internal func willAppearAsContainer(animated: Bool, window: Window?) {}

  // MARK: Containment

  // Unchecked: read by every containment check and window lookup (see Links.swift).
  /// The container, unretained (``parent``; its rules are in Links.swift).
  @exclusivity(unchecked) internal var parentLink = BackLink<ViewController>()
  // Unchecked: read and changed by every move (see Links.swift).
  /// The children, in the order they were added (``children``).
  @exclusivity(unchecked) internal var childList: [ViewController] = []
  /// This screen's position in its parent's children; meaningful only while it has one.
  internal var indexInParent: Int {
    @inline(__always) get { Int(indexInParentStorage) }
    // A screen can't have 2^31 children: each is a heap object of over 100 bytes.
    @inline(__always) set { indexInParentStorage = Int32(truncatingIfNeeded: newValue) }
  }

  /// Called just before the screen is added to, or removed from, a container.
  ///
  /// ``addChild(_:)`` calls it for you; before ``removeFromParent()``, call it yourself
  /// with `nil`, as UIKit asks. Call `super` if you override it.
  ///
  /// - Parameter parent: The new container, or `nil` when the screen is being removed.
  open func willMove(toParent parent: ViewController?) {
    containmentMove = parent == nil ? .removing : .adding
    containmentJournal(toParent: parent)?.record(.willMove(screenID, toParent: parent?.screenID))
  }

  /// Called just after the screen was added to, or removed from, a container.
  ///
  /// ``removeFromParent()`` calls it for you with `nil`; after ``addChild(_:)``, call it
  /// yourself when the transition ends, as UIKit asks. Call `super` if you override it.
  ///
  /// - Parameter parent: The new container, or `nil` when the screen was removed.
  open func didMove(toParent parent: ViewController?) {
    containmentMove = nil
    containmentJournal(toParent: parent)?.record(.didMove(screenID, toParent: parent?.screenID))
  }

  /// A Boolean value indicating whether this screen is a navigation stack (which can't be
  /// pushed); a class test without a dynamic cast.
  package var isNavigationStack: Bool { false }

  /// Called once this screen has left its place: removed from its parent, replaced as a
  /// window's root, or dismissed. Tells every screen it contains, so that a container deep
  /// inside (a navigation controller's pop blocks) hears it too; containers override it
  /// to release what they hold.
  internal func didLeaveHierarchy() {
    // Borrowed from a local copy of the list, which holds every child.
    let children = childList
    children.forEachBorrowed { $0.didLeaveHierarchy() }
  }

  // MARK: Navigation stack

  // Unchecked: read by every move's bars and blocks (see Links.swift).
  /// What a navigation stack remembers about this screen (push options, bars).
  @exclusivity(unchecked) internal var stackEntry: StackEntry?

  // MARK: Window and presentation links (their rules are in Links.swift)

  // Unchecked: read by every containment check (see Links.swift).
  /// The window whose root this screen is, unretained (``windowIfRoot``).
  @exclusivity(unchecked) internal var windowLink = BackLink<Window>()
  // Unchecked: read to find the window for every event (see Links.swift).
  /// The window this screen last belonged to, through its token (``adoptedWindow``).
  @exclusivity(unchecked) internal var adoptedToken: WindowToken?
  // Unchecked: read by every containment check and ancestor walk (see Links.swift).
  /// The screen that presented this one, unretained (``presenter``).
  @exclusivity(unchecked) internal var presenterLink = BackLink<ViewController>()
  // Unchecked: read by every containment check and deinit (see Links.swift).
  /// The screen this one presented.
  @exclusivity(unchecked) internal var presented: ViewController?

  /// What a navigation bar shows for this screen, created on first access.
  public private(set) lazy var navigationItem: NavigationItem = makeNavigationItem()

  /// This screen's own presentation: controllers, resolved style, covered view.
  /// Created on first use, so that screens that are never presented pay nothing for it.
  internal lazy var presentationState = PresentationState()

  /// The screen's ``navigationKey``, boxed.
  internal var keyBox: KeyBox?

  // Unchecked: set by every push, read by every pop (see Links.swift).
  /// ``indexInParent``'s storage: four bytes, so that it shares one word with the one-byte
  /// fields declared after it (a screen's size is paid per screen, and 4 bytes more would
  /// take a screen into glibc's next 16-byte size of block; Benchmarks row 12).
  @exclusivity(unchecked) internal var indexInParentStorage: Int32 = 0

  // MARK: Presentation

  // Unchecked: read several times by every presentation and navigation to a state that
  // presents (see Links.swift).
  /// How this screen is shown when presented; ``ModalPresentationStyle/automatic`` (a page
  /// sheet) by default.
  @exclusivity(unchecked) open var modalPresentationStyle: ModalPresentationStyle = .automatic

  /// A Boolean value indicating whether this screen is the one covered by current-context
  /// presentations made from it or from the screens it contains.
  ///
  /// `false` by default; navigation controllers return `true`.
  open var definesPresentationContext = false

  /// A Boolean value indicating whether the screen, while presented as a sheet, refuses to
  /// be dismissed by a swipe or a tap outside.
  open var isModalInPresentation = false

  // With the presentation's three above, the one-byte fields come last and together, after
  // `indexInParentStorage`, so that the five share one word (as those around
  // `isMovingToParent` do): stored properties are laid out in declaration order, and a
  // screen's size is paid per screen.

  // Unchecked: read by every move that adds or removes the screen (see Links.swift).
  /// A Boolean value indicating whether this screen is in a window's hierarchy, as
  /// ``HierarchyObserver`` hears it: `true` from the window's
  /// ``HierarchyObserver/window(_:didAdd:)`` for it to its
  /// ``HierarchyObserver/window(_:didRemove:exit:)``.
  @exclusivity(unchecked) public internal(set) var isInWindowHierarchy = false
}
