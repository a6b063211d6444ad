import Testing

@testable import AppFlow

@Suite struct DictionaryShrinkingTests {
  @Test func aMostlyEmptyDictionaryGivesBackItsCapacityAndKeepsItsEntries() {
    var table: [Int: String] = [:]
    for key in 0..<10_000 { table[key] = "\(key)" }
    let full = table.capacity
    for key in 0..<9_000 {
      table[key] = nil
      table.shrinkIfSparse()
    }
    #expect(table.capacity <= full / 8)
    #expect(table.keys.sorted() == Array(9_000..<10_000))
    #expect(table.values.sorted() == (9_000..<10_000).map { "\($0)" }.sorted())
    for key in 9_000..<10_000 {
      table[key] = nil
      table.shrinkIfSparse()
    }
    #expect(table.capacity <= 64)
    #expect(table.isEmpty)
  }

  @Test func aDictionaryAtLeastAnEighthFullKeepsItsCapacity() {
    var table: [Int: Int] = [:]
    for key in 0..<1_000 { table[key] = key }
    let capacity = table.capacity
    for key in 0..<(1_000 - capacity / 8) { table[key] = nil }
    table.shrinkIfSparse()
    #expect(table.capacity == capacity)
    #expect(table.count == capacity / 8)
  }
}
