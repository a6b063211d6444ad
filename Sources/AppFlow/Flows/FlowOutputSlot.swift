/// The output of a finish whose screens are leaving, kept until the flow's outcome is
/// delivered: typed, lent by the finishing call while it runs, and copied into memory of the
/// slot's own only if the screens are still leaving when that call returns.
///
/// A speed trick, kept in this one place. Held as `Any?`, the output cost a dynamic cast on
/// every delivery and an existential to store and destroy; held as `Output?`, every read,
/// write and release in the generic `Flow` looks up `Optional<Output>`'s metadata. A typed
/// pointer needs neither, and a finish whose screens leave within the call (no animation, an
/// immediate scheduler) allocates nothing for it (Benchmarks/README.md, "Flows").
///
/// The owner empties the slot (``take()`` or ``clear()``) before it goes away. Its members
/// are always inlined: a call would pass the slot's own generic metadata, looked up at run
/// time. They are inlinable, since the flow's delivery inlines them into code specialized
/// for the flow's output (`Flow.delivery`).
@usableFromInline struct FlowOutputSlot<Output> {
  /// The output's memory, while the slot holds one: the finishing call's own while lent.
  @usableFromInline var storage: UnsafeMutablePointer<Output>?
  /// A Boolean value indicating whether ``storage`` is lent by the finishing call.
  @usableFromInline var isLent = false

  /// Creates an empty slot.
  @inlinable init() {}

  /// A Boolean value indicating whether the slot holds an output.
  @inlinable var isEmpty: Bool { storage == nil }

  /// Holds the output at `lent`, which stays valid until ``keepLentOutput()``.
  @inlinable @inline(__always) mutating func lend(_ lent: UnsafeMutablePointer<Output>) {
    clear()
    storage = lent
    isLent = true
  }

  /// Copies a lent output that is still held into memory of the slot's own: its lender
  /// returns.
  @inlinable @inline(__always) mutating func keepLentOutput() {
    guard isLent, let lent = storage else { return }
    let own = UnsafeMutablePointer<Output>.allocate(capacity: 1)
    own.initialize(to: lent.pointee)
    storage = own
    isLent = false
  }

  /// Takes the output out; the slot is empty after.
  ///
  /// - Precondition: The slot holds an output.
  @inlinable @inline(__always) mutating func take() -> Output {
    guard let storage else { preconditionFailure("The flow's output slot is empty.") }
    self.storage = nil
    if isLent {
      isLent = false
      return storage.pointee
    }
    let output = storage.move()
    storage.deallocate()
    return output
  }

  /// Lets the output go, if the slot holds one.
  @inlinable @inline(__always) mutating func clear() {
    guard let storage else { return }
    self.storage = nil
    if isLent {
      isLent = false
      return
    }
    storage.deinitialize(count: 1)
    storage.deallocate()
  }
}
