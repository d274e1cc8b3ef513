import Foundation
import TGridJSON
import TGridSystem

@testable import TGridApp

/// The real file system, except that one step fails with one reason (as a full disk, a
/// broken device, a refusal or a read-only remount would make it fail); it also records
/// the steps taken, and can act as a user other than root.
final class FailingFileSystem: FileSystem {
  /// A step of a save, in the order a save takes them.
  enum Step: String, CaseIterable, Sendable, CustomStringConvertible {
    /// Listing the replaced file's extended attributes.
    case readAttributes
    case create, write, setOwner, setMode
    /// Setting the ACL (`system.posix_acl_access`) on the temporary file, or removing one
    /// it inherited from the folder.
    case copyAccessControlList
    /// Setting any other extended attribute on the temporary file.
    case copyAttribute
    case synchronize, close, rename, synchronizeDirectory

    /// Whether this step failing fails the save (the others are reported, or only weaken
    /// durability).
    var failsTheSave: Bool { self != .copyAttribute && self != .synchronizeDirectory }

    /// The steps of ``DocumentSaver/savePrivately(_:to:)``.
    static let privateSaveSteps: [Step] = [
      .create, .write, .setMode, .synchronize, .close, .rename, .synchronizeDirectory,
    ]

    var description: String { rawValue }
  }

  /// The reasons the issue asks saves to survive.
  static let codes: [Int32] = [ENOSPC, EIO, EPERM, EROFS]

  let real = POSIXFileSystem.shared
  let failing: Step?
  let code: Int32
  /// The steps taken, in order (`write` once per document).
  private(set) var steps: [Step] = []
  /// The temporary file's permission bits while the text was written to it.
  private(set) var modeWhileWriting: UInt32?
  /// Called as the document's text is written (tests look at the app meanwhile).
  var whileWriting: (() -> Void)?
  private let superuser: Bool?
  private let user: UInt32?
  private let groups: [UInt32]?
  /// When set, `.create` fails only in this folder (a read-only folder beside others).
  private let failingDirectory: String?
  /// Whether the step fails only the first time it is taken.
  private let failsOnce: Bool
  private var hasFailed = false

  /// - Parameters:
  ///   - failing: the step that fails, if any.
  ///   - code: its `errno` (by default, the one the step most often meets).
  ///   - superuser, user, groups: who the process is taken to be (by default, who it is).
  ///   - directory: with `failing: .create`, the one folder where files cannot be created.
  init(
    failing: Step? = nil, code: Int32? = nil, superuser: Bool? = nil, user: UInt32? = nil, groups: [UInt32]? = nil,
    onlyIn directory: String? = nil, once: Bool = false
  ) {
    failingDirectory = directory
    failsOnce = once
    self.failing = failing
    self.code = code ?? Self.usualCode(of: failing)
    self.superuser = superuser
    self.user = user
    self.groups = groups
  }

  static func usualCode(of step: Step?) -> Int32 {
    switch step {
    case .create: EACCES
    case .write: ENOSPC
    case .setOwner, .setMode, .copyAccessControlList, .copyAttribute: EPERM
    case .rename: EXDEV
    default: EIO
    }
  }

  private func take(_ step: Step) throws(FileError) {
    steps.append(step)
    if step == failing, !(failsOnce && hasFailed) {
      hasFailed = true
      throw FileError(operation: "\(step)", path: "", code: code)
    }
  }

  func status(ofPath path: String, followingLinks: Bool) throws(FileError) -> FileStatus? {
    try real.status(ofPath: path, followingLinks: followingLinks)
  }
  func resolvedPath(_ path: String) -> String? { real.resolvedPath(path) }
  func makeTemporaryFile(inDirectory directory: String, prefix: String) throws(FileError) -> (
    descriptor: Int32, path: String
  ) {
    if let failingDirectory, directory != failingDirectory {
      steps.append(.create)
    } else {
      try take(.create)
    }
    return try real.makeTemporaryFile(inDirectory: directory, prefix: prefix)
  }
  func write(_ descriptor: Int32, _ bytes: UnsafeBufferPointer<UInt8>) throws(FileError) {
    try real.write(descriptor, bytes)
  }
  func writeDocument(_ document: JSONDocument, to descriptor: Int32) throws(FileError) {
    var info = stat()
    if fstat(descriptor, &info) == 0 { modeWhileWriting = UInt32(info.st_mode) & 0o7777 }
    whileWriting?()
    try take(.write)
    try real.writeDocument(document, to: descriptor)
  }
  func setMode(_ descriptor: Int32, _ mode: UInt32) throws(FileError) {
    try take(.setMode)
    try real.setMode(descriptor, mode)
  }
  func setOwner(_ descriptor: Int32, user: UInt32?, group: UInt32?) throws(FileError) {
    try take(.setOwner)
    try real.setOwner(descriptor, user: user, group: group)
  }
  func extendedAttributeNames(ofPath path: String) throws(FileError) -> [String] {
    try take(.readAttributes)
    return try real.extendedAttributeNames(ofPath: path)
  }
  func extendedAttribute(_ name: String, ofPath path: String) throws(FileError) -> [UInt8] {
    try real.extendedAttribute(name, ofPath: path)
  }
  func setExtendedAttribute(_ name: String, _ value: [UInt8], on descriptor: Int32) throws(FileError) {
    try take(name == ExtendedAttributes.accessControlList ? .copyAccessControlList : .copyAttribute)
    try real.setExtendedAttribute(name, value, on: descriptor)
  }
  func removeExtendedAttribute(_ name: String, on descriptor: Int32) throws(FileError) {
    try take(.copyAccessControlList)
    try real.removeExtendedAttribute(name, on: descriptor)
  }
  func synchronize(_ descriptor: Int32) throws(FileError) {
    try take(.synchronize)
    try real.synchronize(descriptor)
  }
  func close(_ descriptor: Int32) throws(FileError) {
    if failing == .close, !(failsOnce && hasFailed) {
      // A failed close still releases the descriptor (Linux).
      hasFailed = true
      steps.append(.close)
      try? real.close(descriptor)
      throw FileError(operation: "close", path: "", code: code)
    }
    try take(.close)
    try real.close(descriptor)
  }
  func rename(_ source: String, to destination: String) throws(FileError) {
    try take(.rename)
    try real.rename(source, to: destination)
  }
  func link(_ source: String, to destination: String) throws(FileError) { try real.link(source, to: destination) }
  func remove(_ path: String) { real.remove(path) }
  func synchronizeDirectory(_ path: String) throws(FileError) {
    try take(.synchronizeDirectory)
    try real.synchronizeDirectory(path)
  }
  var isSuperuser: Bool { superuser ?? real.isSuperuser }
  var userID: UInt32 { user ?? real.userID }
  func isMember(ofGroup group: UInt32) -> Bool { groups.map { $0.contains(group) } ?? real.isMember(ofGroup: group) }
}
