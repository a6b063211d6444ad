import Navigator
import Testing

/// Screens that leave the hierarchy are released: nothing in the model keeps them.
@Suite(.exhaustiveStages) struct LeakTests {
  /// Installs a root with a child (view inside) in `window`; returns only weak references.
  private func installRootWithChild(in window: Window) -> (root: WeakRef<Screen>, child: WeakRef<Screen>) {
    let root = Screen("Root")
    let child = Screen("Child")
    window.rootViewController = root
    root.addChild(child)
    root.view.addSubview(child.view)
    child.didMove(toParent: root)
    return (WeakRef(root), WeakRef(child))
  }

  private func addChild(to parent: ViewController) -> WeakRef<Screen> {
    let child = Screen("Child")
    parent.addChild(child)
    parent.view.addSubview(child.view)
    child.didMove(toParent: parent)
    return WeakRef(child)
  }

  @Test func aWindowLeftMidTransitionIsReleasedWithItsManualScheduler() {
    var scheduler: ManualScheduler? = ManualScheduler()
    var window: Window? = Window(scheduler: .manual(scheduler!))
    let navigation = NavigationController(rootViewController: Screen("A"))
    window?.rootViewController = navigation
    window?.makeKeyAndVisible()
    navigation.pushViewController(Screen("B"), animated: true)
    #expect(scheduler?.hasPendingWork == true)
    weak let weakWindow = window
    weak let weakScheduler = scheduler
    window = nil
    scheduler = nil
    #expect(weakWindow == nil)
    #expect(weakScheduler == nil)
  }

  @Test func aWindowWhoseManualSchedulerIsGoneDeliversInsideTheCall() {
    var scheduler: ManualScheduler? = ManualScheduler()
    let window = Window(scheduler: .manual(scheduler!))
    window.journal.isEnabled = true
    window.journal.recordsMembership = false
    scheduler = nil
    let root = Screen("Root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    #expect(window.journal.events == [.load(root), .willAppear(root), .didAppear(root)])
    #expect(!window.isTransitioning)
  }

  @Test func replacedRootAndItsChildrenAreReleased() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    window.makeKeyAndVisible()
    let refs = installRootWithChild(in: window)
    #expect(refs.root.object != nil)
    #expect(refs.child.object != nil)
    window.rootViewController = Screen("Next")
    #expect(refs.root.object == nil)
    #expect(refs.child.object == nil)
    stage.discardEvents()  // a leak test: WindowTests checks the order of a root replacement
  }

  @Test func replacedRootIsReleasedOnceTheManualSchedulerDeliveredItsCallbacks() {
    let stage = Stage.hidden(misuse: .trap)
    let (window, scheduler) = (stage.window, stage.scheduler)
    window.makeKeyAndVisible()
    let refs = installRootWithChild(in: window)
    scheduler.settle()
    window.rootViewController = nil
    // The pending transition still has to tell the old root it disappears.
    #expect(refs.root.object != nil)
    scheduler.settle()
    #expect(refs.root.object == nil)
    #expect(refs.child.object == nil)
    stage.discardEvents()  // a leak test: WindowTests checks the order of a root replacement
  }

  @Test func removedChildIsReleased() {
    let stage = Stage.hidden(scheduler: .immediate, misuse: .trap)
    let window = stage.window
    let root = Screen("Root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    let ref = addChild(to: root)
    #expect(ref.object?.appearanceState == .appeared)
    if let child = ref.object {
      child.willMove(toParent: nil)
      child.view.removeFromSuperview()
      child.removeFromParent()
    }
    #expect(ref.object == nil)
    #expect(root.children.isEmpty)
    stage.discardEvents()  // a leak test: ContainmentTests checks the order of adding and removing
  }

  @Test func droppedWindowReleasesItsWholeHierarchy() {
    // No stage here: a stage keeps its window until the test ends, and this test drops it.
    var window: Window? = Window(misusePolicy: .report, journal: Journal(isEnabled: true))
    window?.makeKeyAndVisible()
    let refs = window.map { installRootWithChild(in: $0) }
    let windowRef = window.map { WeakRef($0) }
    #expect(refs?.root.object != nil)
    #expect(windowRef?.object != nil)
    window = nil
    #expect(windowRef?.object == nil)
    #expect(refs?.root.object == nil)
    #expect(refs?.child.object == nil)
  }

  @Test func refusedMisuseKeepsNothingAlive() {
    let stage = Stage.hidden(scheduler: .immediate)
    let window = stage.window
    let root = Screen("Root")
    window.rootViewController = root
    let ref = addChild(to: root)
    if let child = ref.object {
      child.addChild(root)
      child.willMove(toParent: nil)
      child.view.removeFromSuperview()
      child.removeFromParent()
    }
    #expect(ref.object == nil)
    #expect(stage.take().contains { if case .misuse = $0 { true } else { false } })
  }
}
