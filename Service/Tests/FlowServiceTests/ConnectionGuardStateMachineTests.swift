import NIOCore
import NIOHTTP1
import Testing

@testable import FlowServiceCore

/// The guard's deadlines and actions, step by step, on a given clock.
@Suite struct ConnectionGuardStateMachineTests {
  private let start = NIODeadline.uptimeNanoseconds(1_000_000_000)

  private func at(_ seconds: Int64) -> NIODeadline { start + .seconds(seconds) }

  private func machine() -> ConnectionGuard.StateMachine {
    ConnectionGuard.StateMachine(now: start, idleTimeout: .seconds(30), headerTimeout: .seconds(10))
  }

  @Test func aRequestMovesTheDeadlineFromIdleToHeadToBodyToNone() {
    var machine = machine()
    var deadlines = [machine.deadline]
    machine.bytesRead(now: at(5))
    deadlines.append(machine.deadline)
    machine.bytesRead(now: at(8))  // more of the head: the header deadline stays
    deadlines.append(machine.deadline)
    machine.headRead(now: at(9))
    deadlines.append(machine.deadline)
    machine.bodyRead(now: at(20))
    deadlines.append(machine.deadline)
    machine.endRead(now: at(21))  // the service answers: no deadline
    deadlines.append(machine.deadline)
    machine.responseEnded(now: at(40))
    deadlines.append(machine.deadline)
    #expect(deadlines == [at(30), at(15), at(15), at(39), at(50), nil, at(70)])
  }

  @Test func eachDeadlineHasItsAction() {
    var idle = machine()
    var head = machine()
    head.bytesRead(now: at(1))
    var body = machine()
    body.headRead(now: at(1))
    var early = machine()
    #expect(
      [
        idle.deadlinePassed(now: at(30)), head.deadlinePassed(now: at(11)), body.deadlinePassed(now: at(31)),
        early.deadlinePassed(now: at(3)),
      ] == [.close, .answer(.requestTimeout), .close, .wait(until: at(30))])
    #expect([idle.isClosing, head.isClosing, body.isClosing, early.isClosing] == [true, true, true, false])
    // Once closing, nothing more happens.
    #expect(idle.deadlinePassed(now: at(100)) == .none)
  }

  @Test func parserErrorsAreAnsweredOnlyWhenNoResponseIsOwed() {
    var fresh = machine()
    var bad = machine()
    var busy = machine()
    busy.headRead(now: at(1))
    busy.endRead(now: at(1))
    busy.bytesRead(now: at(2))
    #expect(
      [
        fresh.parserFailed(.headerOverflow), bad.parserFailed(.invalidMethod),
        busy.parserFailed(.headerOverflow),
        fresh.parserFailed(.headerOverflow),
      ] == [.answer(.headerTooLarge), .answer(.badRequest), .close, .none])
  }

  @Test func aGracefulStopClosesOnlyIdleConnections() {
    var idle = machine()
    var head = machine()
    head.bytesRead(now: at(1))
    var answering = machine()
    answering.headRead(now: at(1))
    answering.endRead(now: at(1))
    #expect(
      [idle.quiesce(), head.quiesce(), answering.quiesce(), idle.quiesce()] == [.close, .close, .none, .none])
  }
}
