import Foundation
import Navigator

/// Hands the route table to the coders of one snapshot, in the table's isolation domain.
///
/// Unchecked: the coders run synchronously inside `encode(_:)` and `decodeSnapshot(_:)`,
/// in the domain that owns the table, and the box lives no longer than that call.
final class TableBox: @unchecked Sendable {
  let table: RouteTable
  init(_ table: RouteTable) { self.table = table }
}

extension CodingUserInfoKey {
  /// Where a snapshot's coders find the route table.
  static let routeTable = CodingUserInfoKey(rawValue: "AppFlow.routeTable")!
}

/// A route as a snapshot writes it: `{"route": "Product", "value": {"id": 42}}`.
struct SnapshotKey: Hashable, Sendable, Codable {
  let route: AnyRoute

  enum Field: String, CodingKey {
    case route, value
  }

  init(_ route: AnyRoute) { self.route = route }

  init(from decoder: any Decoder) throws {
    let table = try Self.table(decoder)
    let container = try decoder.container(keyedBy: Field.self)
    let tag = try container.decode(String.self, forKey: .route)
    guard let codec = table.codecs[tag] else {
      throw SnapshotError(
        .unknownRoute,
        "The snapshot names the route \"\(tag)\" at \(Self.place(container.codingPath)), which the route table "
          + "doesn't know; known: \(table.codecs.keys.sorted().joined(separator: ", ")).")
    }
    guard container.contains(.value) else {
      throw SnapshotError(
        .corrupt, "The route \"\(tag)\" at \(Self.place(container.codingPath)) has no \"value\".")
    }
    route = try codec.decodeValue(from: try container.superDecoder(forKey: .value))
  }

  func encode(to encoder: any Encoder) throws {
    let table = try Self.table(encoder)
    let tag = type(of: route.base).routeName
    guard let codec = table.codecs[tag] else {
      throw SnapshotError(.unknownRoute, "\(route) is not registered in the route table, so it has no tag.")
    }
    var container = encoder.container(keyedBy: Field.self)
    try container.encode(tag, forKey: .route)
    try codec.encodeValue(route, to: container.superEncoder(forKey: .value))
  }

  static func table(_ decoder: any Decoder) throws -> RouteTable {
    guard let box = decoder.userInfo[.routeTable] as? TableBox else {
      throw SnapshotError(.corrupt, "A snapshot's route is decoded by its route table.")
    }
    return box.table
  }

  static func table(_ encoder: any Encoder) throws -> RouteTable {
    guard let box = encoder.userInfo[.routeTable] as? TableBox else {
      throw SnapshotError(.corrupt, "A snapshot's route is encoded by its route table.")
    }
    return box.table
  }

  static func place(_ path: [any CodingKey]) -> String {
    path.isEmpty ? "the top" : path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
  }
}

/// A flow as a snapshot writes it: `{"flow": "Checkout", "route": <route>, "children": […]}`.
struct FlowDocument: Codable {
  let flow: String
  let route: SnapshotKey
  let children: [FlowDocument]?

  init(_ snapshot: FlowSnapshot) {
    flow = snapshot.tag
    route = SnapshotKey(snapshot.route)
    children = snapshot.children.isEmpty ? nil : snapshot.children.map(FlowDocument.init)
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    flow = try container.decode(String.self, forKey: .flow)
    let table = try SnapshotKey.table(decoder)
    guard table.flowRestorers[flow] != nil else {
      throw SnapshotError(
        .unknownFlow,
        "The snapshot names the flow \"\(flow)\" at \(SnapshotKey.place(container.codingPath)), which the route "
          + "table doesn't know; known: \(table.flowRestorers.keys.sorted().joined(separator: ", ")).")
    }
    route = try container.decode(SnapshotKey.self, forKey: .route)
    children = try container.decodeIfPresent([FlowDocument].self, forKey: .children)
  }

  var snapshot: FlowSnapshot {
    FlowSnapshot(tag: flow, route: route.route, children: (children ?? []).map(\.snapshot))
  }
}

/// A screen kept alive off screen as a snapshot writes it: `{"route": <route>, "seconds": 40}`,
/// without `seconds` for the session.
struct KeptDocument: Codable {
  let route: SnapshotKey
  let seconds: Double?

  init(_ kept: KeptAliveSnapshot) {
    route = SnapshotKey(kept.route)
    seconds = kept.secondsLeft
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    route = try container.decode(SnapshotKey.self, forKey: .route)
    seconds = try container.decodeIfPresent(Double.self, forKey: .seconds)
    if let seconds, !(seconds.isFinite && seconds >= 0) {
      throw SnapshotError(
        .corrupt,
        "The snapshot keeps \(route.route) alive for \(seconds) s at \(SnapshotKey.place(container.codingPath)); "
          + "a lifetime is finite and not negative.")
    }
  }

  var snapshot: KeptAliveSnapshot { KeptAliveSnapshot(route: route.route, secondsLeft: seconds) }
}

/// The document a snapshot is written as.
struct SnapshotDocument: Codable {
  let navigationSnapshot: Int
  let state: NavigationState<SnapshotKey>
  let flows: [FlowDocument]?
  let keptAlive: [KeptDocument]?

  init(
    navigationSnapshot: Int, state: NavigationState<SnapshotKey>, flows: [FlowDocument]?,
    keptAlive: [KeptDocument]?
  ) {
    self.navigationSnapshot = navigationSnapshot
    self.state = state
    self.flows = flows
    self.keptAlive = keptAlive
  }

  /// The document of `snapshot`.
  init(_ snapshot: NavigationSnapshot) {
    self.init(
      navigationSnapshot: snapshot.version, state: snapshot.state.mapKeys(SnapshotKey.init),
      flows: snapshot.flows.isEmpty ? nil : snapshot.flows.map(FlowDocument.init),
      keptAlive: snapshot.keptAlive.isEmpty ? nil : snapshot.keptAlive.map(KeptDocument.init))
  }

  /// The snapshot the document holds.
  var snapshot: NavigationSnapshot {
    NavigationSnapshot(
      state: state.mapKeys(\.route), flows: (flows ?? []).map(\.snapshot),
      keptAlive: (keptAlive ?? []).map(\.snapshot))
  }

  /// Reads the version first, so that an unknown version is named as such, in one pass.
  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    navigationSnapshot = try container.decode(Int.self, forKey: .navigationSnapshot)
    guard navigationSnapshot == NavigationSnapshot.formatVersion else {
      throw SnapshotError(
        .unknownVersion,
        "The snapshot is in format version \(navigationSnapshot); this package reads version "
          + "\(NavigationSnapshot.formatVersion).")
    }
    state = try container.decode(NavigationState<SnapshotKey>.self, forKey: .state)
    flows = try container.decodeIfPresent([FlowDocument].self, forKey: .flows)
    keptAlive = try container.decodeIfPresent([KeptDocument].self, forKey: .keptAlive)
  }
}

extension RouteTable {
  /// Registers a flow type for snapshots: a live flow of this type whose first screen has
  /// a route is saved with its tag and that route, and a restoration makes it again with
  /// `restore` and gives it that screen back (its `didEnd(with:)` hears its outcome; the
  /// `onEnd` handler it ran with is not restored).
  ///
  /// Flows of types not registered are not saved (their screens are, when they have
  /// routes), nor are their children.
  ///
  /// - Parameters:
  ///   - type: The flow type.
  ///   - tag: Its tag in snapshots; the type's name by default. Keep it when renaming the type.
  ///   - restore: Makes the flow again for the route of its first screen; `nil` to skip it.
  /// - Throws: ``RouteError/duplicateFlow(_:)`` for a type or a tag registered already.
  public func registerFlow<F: AnyFlow>(
    _ type: F.Type, tag: String? = nil, restore: @escaping (AnyRoute) -> F?
  ) throws(RouteError) {
    try contents.registerFlow(ObjectIdentifier(type), tag: tag ?? String(describing: type)) { route, _ in
      restore(route)
    }
  }

  /// Writes a snapshot as JSON, each route with its tag and its value.
  ///
  /// - Parameter snapshot: The snapshot.
  /// - Returns: The JSON bytes.
  /// - Throws: ``SnapshotError`` for a route whose type isn't registered, or a state the
  ///   state's rules refuse to write.
  public func encode(_ snapshot: NavigationSnapshot) throws(SnapshotError) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    encoder.userInfo[.routeTable] = TableBox(self)
    do {
      let document = SnapshotDocument(
        navigationSnapshot: snapshot.version, state: snapshot.state.mapKeys(SnapshotKey.init),
        flows: snapshot.flows.isEmpty ? nil : snapshot.flows.map(FlowDocument.init),
        keptAlive: snapshot.keptAlive.isEmpty ? nil : snapshot.keptAlive.map(KeptDocument.init))
      return Array(try encoder.encode(document))
    } catch let error as SnapshotError {
      throw error
    } catch {
      throw SnapshotError(.corrupt, "The snapshot could not be written: \(Self.describe(error)).")
    }
  }

  /// Reads a snapshot written by ``encode(_:)-(NavigationSnapshot)``, checking its version and every route.
  ///
  /// Nothing in the bytes can crash the reader: any defect is a ``SnapshotError``.
  ///
  /// - Parameter bytes: The JSON bytes.
  /// - Returns: The snapshot.
  /// - Throws: ``SnapshotError`` with ``SnapshotError/Code/corrupt``,
  ///   ``SnapshotError/Code/unknownVersion`` or ``SnapshotError/Code/unknownRoute``.
  public func decodeSnapshot(_ bytes: some Collection<UInt8>) throws(SnapshotError) -> NavigationSnapshot {
    let data = Data(bytes)
    let decoder = JSONDecoder()
    decoder.userInfo[.routeTable] = TableBox(self)
    do {
      let document = try decoder.decode(SnapshotDocument.self, from: data)
      return NavigationSnapshot(
        state: document.state.mapKeys(\.route), flows: (document.flows ?? []).map(\.snapshot),
        keptAlive: (document.keptAlive ?? []).map(\.snapshot))
    } catch let error as SnapshotError {
      throw error
    } catch {
      throw SnapshotError(.corrupt, "The snapshot is damaged: \(Self.describe(error)).")
    }
  }

  /// A coding error in one line: what and where.
  static func describe(_ error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context), DecodingError.keyNotFound(_, let context),
      DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
      return "\(context.debugDescription) (at \(SnapshotKey.place(context.codingPath)))"
    case EncodingError.invalidValue(_, let context):
      return "\(context.debugDescription) (at \(SnapshotKey.place(context.codingPath)))"
    default:
      return "\(error)"
    }
  }
}
