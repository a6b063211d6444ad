import Foundation
import Navigator

extension RouteTable {
  /// Writes a snapshot as JSON with ``SnapshotJSONEncoder``: the bytes ``encode(_:)`` writes
  /// with Foundation's `JSONEncoder`, at a fraction of the cost.
  ///
  /// ``AppController/encodeSnapshot()`` writes with it; ``decodeSnapshot(_:)`` reads what it
  /// writes (the tests compare the two writers' bytes).
  ///
  /// - Parameter snapshot: The snapshot.
  /// - Returns: The JSON bytes.
  /// - Throws: ``SnapshotError`` for a route whose type isn't registered, or a state the
  ///   state's rules refuse to write, as ``encode(_:)`` does.
  func writeSnapshot(_ snapshot: NavigationSnapshot) throws(SnapshotError) -> [UInt8] {
    do {
      return try SnapshotJSONEncoder().encode(WrittenSnapshot(snapshot, table: self))
    } catch let error as SnapshotError {
      throw error
    } catch EncodingError.invalidValue(_, let context) {
      let place =
        context.codingPath.isEmpty
        ? "the top"
        : context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
      throw SnapshotError(
        .corrupt, "The snapshot could not be written: \(context.debugDescription) (at \(place)).")
    } catch {
      throw SnapshotError(.corrupt, "The snapshot could not be written: \(error).")
    }
  }
}

/// A route as a snapshot writes it: `{"route": "Product", "value": {"id": 42}}`.
///
/// Named `SnapshotKey` as the reader's key type in RouteTable+Snapshots.swift, since errors
/// name it (a nested type's name is its own: `Written.SnapshotKey` reads `SnapshotKey`).
///
/// `Codable` because a state's keys are for its `Encodable` conformance; it is only written
/// (``RouteTable/decodeSnapshot(_:)`` reads snapshots).
private typealias WrittenKey = Written.SnapshotKey

/// The namespace of the writer's key type.
private enum Written {}

extension Written {
  /// A route as a snapshot writes it (``WrittenKey``).
  fileprivate struct SnapshotKey: Hashable, Sendable, Codable {
    let route: AnyRoute
    /// The route table, shared by every route of one snapshot (not part of the value).
    let table: TableReference

    enum Field: String, CodingKey {
      case route, value
    }

    init(route: AnyRoute, table: TableReference) {
      self.route = route
      self.table = table
    }

    init(from decoder: any Decoder) throws {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath, debugDescription: "A snapshot's route is read by its route table."))
    }

    func encode(to encoder: any Encoder) throws {
      let tag = type(of: route.base).routeName
      guard let codec = table.table.codecs[tag] else {
        throw SnapshotError(.unknownRoute, "\(route) is not registered in the route table, so it has no tag.")
      }
      var container = encoder.container(keyedBy: Field.self)
      try container.encode(tag, forKey: .route)
      try codec.encodeValue(route, to: container.superEncoder(forKey: .value))
    }
  }
}

/// The route table, compared by identity (a state's keys are `Hashable` and `Sendable`).
///
/// Unchecked: the writer runs synchronously inside `writeSnapshot(_:)`, in the domain that
/// owns the table, and the references live no longer than that call.
private struct TableReference: Hashable, @unchecked Sendable {
  let table: RouteTable
  static func == (lhs: Self, rhs: Self) -> Bool { lhs.table === rhs.table }
  func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(table)) }
}

/// A flow as a snapshot writes it: `{"flow": "Checkout", "route": <route>, "children": […]}`.
private struct WrittenFlow: Encodable {
  let flow: String
  let route: WrittenKey
  let children: [WrittenFlow]?

  init(_ snapshot: FlowSnapshot, table: TableReference) {
    flow = snapshot.tag
    route = WrittenKey(route: snapshot.route, table: table)
    children = snapshot.children.isEmpty ? nil : snapshot.children.map { WrittenFlow($0, table: table) }
  }
}

/// A screen kept alive off screen: `{"route": <route>, "seconds": 40}`.
private struct WrittenKept: Encodable {
  let route: WrittenKey
  let seconds: Double?
}

/// The document a snapshot is written as.
private struct WrittenSnapshot: Encodable {
  let navigationSnapshot: Int
  let state: NavigationState<WrittenKey>
  let flows: [WrittenFlow]?
  let keptAlive: [WrittenKept]?

  init(_ snapshot: NavigationSnapshot, table: RouteTable) {
    let reference = TableReference(table: table)
    navigationSnapshot = snapshot.version
    state = snapshot.state.mapKeys { WrittenKey(route: $0, table: reference) }
    flows = snapshot.flows.isEmpty ? nil : snapshot.flows.map { WrittenFlow($0, table: reference) }
    keptAlive =
      snapshot.keptAlive.isEmpty
      ? nil
      : snapshot.keptAlive.map {
        WrittenKept(route: WrittenKey(route: $0.route, table: reference), seconds: $0.secondsLeft)
      }
  }
}
