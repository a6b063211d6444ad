/// The output of a finish whose screens are leaving, kept until the flow's outcome is
/// delivered: typed, in memory of its own.
///
/// A speed trick, kept in this one place. Held as `Any?`, the output cost a dynamic cast on
/// every delivery and an existential to store and destroy; held as `Output?`, every read,
/// write and release in the generic `Flow` looks up `Optional<Output>`'s metadata. A typed
/// pointer needs neither: storing and taking it is an allocation and a move, about 400
/// instructions less per flow run and finished (Benchmarks/README.md, "Flows").
///
/// The owner empties the slot (``take()`` or ``clear()``) before it goes away. Its members
/// are always inlined: a call would pass the slot's own generic metadata, looked up at run
/// time.
struct FlowOutputSlot<Output> {
  /// The output's memory, while the slot holds one.
  private var storage: UnsafeMutablePointer<Output>?

  /// A Boolean value indicating whether the slot holds an output.
  @inline(__always) var isEmpty: Bool { storage == nil }

  /// Keeps `output`, in place of the one held, if any.
  @inline(__always) mutating func store(_ output: Output) {
    clear()
    let storage = UnsafeMutablePointer<Output>.allocate(capacity: 1)
    storage.initialize(to: output)
    self.storage = storage
  }

  /// Takes the output out; the slot is empty after.
  ///
  /// - Precondition: The slot holds an output.
  @inline(__always) mutating func take() -> Output {
    guard let storage else { preconditionFailure("The flow's output slot is empty.") }
    self.storage = nil
    let output = storage.move()
    storage.deallocate()
    return output
  }

  /// Lets the output go, if the slot holds one.
  @inline(__always) mutating func clear() {
    guard let storage else { return }
    self.storage = nil
    storage.deinitialize(count: 1)
    storage.deallocate()
  }
}
