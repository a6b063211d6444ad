// The output of a finish whose screens are leaving, kept until the flow's outcome is
// delivered: typed, lent by the finishing call while it runs, and copied into memory of the
// flow's own only if the screens are still leaving when that call returns.
//
// A speed trick, kept in this one place. Held as `Any?`, the output would cost a dynamic
// cast on every delivery and an existential to store and destroy; held as `Output?`, every
// read, write and release in the generic `Flow` would look up `Optional<Output>`'s metadata.
// A typed pointer needs neither, and a finish whose screens leave within the call (no animation, an
// immediate scheduler) allocates nothing for it (Benchmarks/README.md, "Flows").
//
// The pointer is the flow's (`Flow.outputStorage`), the flag telling whether it is lent is
// `AnyFlow.isOutputLent`, in bytes a flow's fields leave free. The members are always
// inlined (a call would pass the flow's generic metadata, looked up at run time), and
// inlinable, since the flow's delivery inlines them into code specialized for its output.
extension Flow {
  /// A Boolean value indicating whether the flow holds the output of a finish.
  @inlinable var hasOutput: Bool { outputStorage != nil }

  /// Holds the output at `lent`, which stays valid until ``keepLentOutput()``.
  @inlinable @inline(__always) func lendOutput(_ lent: UnsafeMutablePointer<Output>) {
    clearOutput()
    outputStorage = lent
    isOutputLent = true
  }

  /// Copies a lent output that is still held into memory of the flow's own: its lender
  /// returns.
  @inlinable @inline(__always) func keepLentOutput() {
    guard isOutputLent, let lent = outputStorage else { return }
    let own = UnsafeMutablePointer<Output>.allocate(capacity: 1)
    own.initialize(to: lent.pointee)
    outputStorage = own
    isOutputLent = false
  }

  /// Takes the output out; the flow holds none after.
  ///
  /// - Precondition: The flow holds an output.
  @inlinable @inline(__always) func takeOutput() -> Output {
    guard let storage = outputStorage else { preconditionFailure("\(id) finished without its output.") }
    outputStorage = nil
    if isOutputLent {
      isOutputLent = false
      return storage.pointee
    }
    let output = storage.move()
    storage.deallocate()
    return output
  }

  /// Lets the output go, if the flow holds one.
  @inlinable @inline(__always) func clearOutput() {
    guard let storage = outputStorage else { return }
    outputStorage = nil
    if isOutputLent {
      isOutputLent = false
      return
    }
    storage.deinitialize(count: 1)
    storage.deallocate()
  }
}
