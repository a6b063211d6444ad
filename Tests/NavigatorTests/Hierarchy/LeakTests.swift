import Navigator
import Testing

/// Screens that leave the hierarchy are released: nothing in the model keeps them.
@Suite struct LeakTests {
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

  @Test func replacedRootAndItsChildrenAreReleased() {
    let window = journaledWindow()
    window.makeKeyAndVisible()
    let refs = installRootWithChild(in: window)
    #expect(refs.root.object != nil)
    #expect(refs.child.object != nil)
    window.rootViewController = Screen("Next")
    #expect(refs.root.object == nil)
    #expect(refs.child.object == nil)
  }

  @Test func replacedRootIsReleasedOnceTheManualSchedulerDeliveredItsCallbacks() {
    let scheduler = ManualScheduler()
    let window = journaledWindow(scheduler: .manual(scheduler))
    window.makeKeyAndVisible()
    let refs = installRootWithChild(in: window)
    scheduler.settle()
    window.rootViewController = nil
    // The pending transition still has to tell the old root it disappears.
    #expect(refs.root.object != nil)
    scheduler.settle()
    #expect(refs.root.object == nil)
    #expect(refs.child.object == nil)
  }

  @Test func removedChildIsReleased() {
    let window = journaledWindow()
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
  }

  @Test func droppedWindowReleasesItsWholeHierarchy() {
    var window: Window? = journaledWindow(misusePolicy: .report)
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
    let window = journaledWindow(misusePolicy: .report)
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
    #expect(window.journal.events.contains { if case .misuse = $0 { true } else { false } })
  }
}
