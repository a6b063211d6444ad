import NIOCore
import NIOHTTP1

extension ConnectionGuard {
  /// What a connection is doing, and when it is to be closed unless something happens.
  ///
  /// Fed what the guard sees (bytes that make no request part yet, request parts, the end of
  /// each response, a parser's error), it says when the connection's deadline is and what to
  /// do when it passes. Times are given, not read, so that it runs without a clock in tests.
  struct StateMachine {
    private enum State: Equatable {
      /// No request is being read: between requests, or before the first one.
      case waiting(since: NIODeadline)
      /// A request's line and header fields are arriving, from their first byte.
      case readingHead(since: NIODeadline)
      /// A request's body is arriving; the time of its last bytes.
      case readingBody(lastRead: NIODeadline)
      /// The guard is closing the connection: nothing more is read or answered.
      case closing
    }

    /// What the guard does.
    enum Action: Equatable {
      /// Nothing (yet).
      case none
      /// Waits until the new deadline, then asks again.
      case wait(until: NIODeadline)
      /// Closes the connection without an answer: a response is on its way, or nothing was asked.
      case close
      /// Answers with an error, then closes the connection.
      case answer(Refusal)
    }

    /// The errors the guard answers with itself.
    enum Refusal: Equatable {
      /// 408: the request's line and header fields took longer than the header timeout.
      case requestTimeout
      /// 431: the request's line and header fields are over the limit.
      case headerTooLarge
      /// 400: the request is not HTTP/1.1 that the decoder reads.
      case badRequest
    }

    private var state: State
    /// Requests whose head arrived and whose response has not ended.
    private var unanswered = 0
    private let idleTimeout: TimeAmount
    private let headerTimeout: TimeAmount

    /// A connection that has just opened at `now`.
    init(now: NIODeadline, idleTimeout: TimeAmount, headerTimeout: TimeAmount) {
      self.state = .waiting(since: now)
      self.idleTimeout = idleTimeout
      self.headerTimeout = headerTimeout
    }

    /// When the connection is closed unless something happens; `nil` while the service
    /// answers a request that has arrived whole, or once the connection is closing.
    var deadline: NIODeadline? {
      switch state {
      case .waiting(let since): unanswered == 0 ? since + idleTimeout : nil
      case .readingHead(let since): since + headerTimeout
      case .readingBody(let lastRead): lastRead + idleTimeout
      case .closing: nil
      }
    }

    /// A Boolean value indicating whether the guard is closing the connection.
    var isClosing: Bool { state == .closing }

    /// A Boolean value indicating whether a request's head arrived and its response has not
    /// ended: the handlers after the guard are reading or answering it.
    var hasRequestInProgress: Bool { unanswered > 0 }

    /// Bytes arrived that made no request part: the start of a request's head, or more of
    /// one, or body bytes the decoder keeps for now.
    mutating func bytesRead(now: NIODeadline) {
      switch state {
      case .waiting: state = .readingHead(since: now)
      case .readingBody: state = .readingBody(lastRead: now)
      case .readingHead, .closing: break
      }
    }

    /// A request's head arrived whole.
    mutating func headRead(now: NIODeadline) {
      guard state != .closing else { return }
      unanswered += 1
      state = .readingBody(lastRead: now)
    }

    /// Some of a request's body arrived.
    mutating func bodyRead(now: NIODeadline) {
      guard state != .closing else { return }
      state = .readingBody(lastRead: now)
    }

    /// A request's end arrived.
    mutating func endRead(now: NIODeadline) {
      guard state != .closing else { return }
      state = .waiting(since: now)
    }

    /// A response ended: when none is owed and no request is being read, the connection is
    /// idle from now.
    mutating func responseEnded(now: NIODeadline) {
      unanswered = max(unanswered - 1, 0)
      if case .waiting = state, unanswered == 0 { state = .waiting(since: now) }
    }

    /// The deadline the guard waited for came: what to do at `now`.
    mutating func deadlinePassed(now: NIODeadline) -> Action {
      guard let deadline else { return .none }
      guard now >= deadline else { return .wait(until: deadline) }
      // A slow head is answered when no response is on its way; anything else closes.
      let action: Action =
        if case .readingHead = state, unanswered == 0 { .answer(.requestTimeout) } else { .close }
      state = .closing
      return action
    }

    /// The decoder failed on the request's bytes: answered when no response is on its way.
    mutating func parserFailed(_ error: HTTPParserError) -> Action {
      guard state != .closing else { return .none }
      state = .closing
      guard unanswered == 0 else { return .close }
      return error == .headerOverflow ? .answer(.headerTooLarge) : .answer(.badRequest)
    }

    /// The server is shutting down gracefully: a connection with no request in progress (idle,
    /// or sending a head the service has not accepted yet) closes now; one with a request in
    /// progress is left to finish it.
    mutating func quiesce() -> Action {
      switch state {
      case .waiting, .readingHead:
        guard unanswered == 0 else { return .none }
        state = .closing
        return .close
      case .readingBody, .closing:
        return .none
      }
    }
  }
}
