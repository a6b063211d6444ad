#if canImport(Glibc)
  import Glibc

  /// glibc's heap in use, in bytes: the "in use bytes" of `malloc_stats()`'s total (every
  /// arena, mmapped blocks included; mallinfo2's `uordblks + hblkhd`); `nil` when this C
  /// library has no `malloc_stats` or its report can't be read.
  ///
  /// `<malloc.h>` is not part of Swift's Glibc module, so the function is looked up by name,
  /// and its report, which it writes to standard error, is read back from a temporary file
  /// while file descriptor 2 points there: call it in a process of its own (an exit test),
  /// where nothing else writes to standard error meanwhile.
  func heapInUse() -> Int? {
    guard let symbol = dlsym(nil, "malloc_stats") else { return nil }
    let mallocStats = unsafeBitCast(symbol, to: (@convention(c) () -> Void).self)
    var template = Array("/tmp/heap-in-use-XXXXXX".utf8CString)
    let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard file >= 0 else { return nil }
    let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    defer {
      close(file)
      unlink(path)
    }
    fflush(nil)
    let saved = dup(2)
    dup2(file, 2)
    mallocStats()
    fflush(nil)
    dup2(saved, 2)
    close(saved)
    lseek(file, 0, SEEK_SET)
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += buffer[0..<count]
    }
    // "Total (incl. mmap):", then "system bytes = N", then "in use bytes = N".
    let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
    guard let total = lines.firstIndex(where: { $0.hasPrefix("Total (incl. mmap)") }),
      let inUse = lines[total...].first(where: { $0.hasPrefix("in use bytes") }),
      let value = inUse.split(separator: "=").last.flatMap({ Int($0.filter { !$0.isWhitespace }) })
    else { return nil }
    return value
  }

  /// The bytes SQLite has allocated and not freed (`sqlite3_memory_used()`), its page caches
  /// included; 0 when the process has no SQLite.
  func sqliteMemoryUsed() -> Int {
    guard let symbol = dlsym(nil, "sqlite3_memory_used") else { return 0 }
    return Int(unsafeBitCast(symbol, to: (@convention(c) () -> Int64).self)())
  }

  /// The bytes the page cache of one SQLite connection uses
  /// (`sqlite3_db_status(SQLITE_DBSTATUS_CACHE_USED)`); 0 without a connection or SQLite.
  func sqliteCacheUsed(_ connection: OpaquePointer?) -> Int {
    guard let connection, let symbol = dlsym(nil, "sqlite3_db_status") else { return 0 }
    let status = unsafeBitCast(
      symbol,
      to: (@convention(c) (
        OpaquePointer, Int32, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>, Int32
      ) -> Int32)
      .self)
    var current: Int32 = 0
    var highest: Int32 = 0
    let cacheUsed: Int32 = 1
    guard status(connection, cacheUsed, &current, &highest, 0) == 0 else { return 0 }
    return Int(current)
  }

  /// The process's resident set, in bytes (`/proc/self/statm`).
  func residentBytes() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var size = 0
    var resident = 0
    _ = withUnsafeMutablePointer(to: &size) { s in
      withUnsafeMutablePointer(to: &resident) { r in withVaList([s, r]) { vfscanf(file, "%ld %ld", $0) } }
    }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Gives the free memory at the top of glibc's heap back to the system (`malloc_trim(0)`),
  /// so that the resident set shows what was freed.
  func trimHeap() {
    guard let symbol = dlsym(nil, "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: (@convention(c) (Int) -> Int32).self)(0)
  }
#endif
