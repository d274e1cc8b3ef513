import TGridSystem

/// What a save keeps of the file it replaces besides the text: owner and group, then the
/// permission bits, then the extended attributes (the order is in ``DocumentSaver``'s
/// summary).
extension DocumentSaver {
  /// The replaced file's extended attributes, read before the save starts.
  struct Attributes {
    /// Each attribute read, with its value.
    var values: [(name: String, value: [UInt8])] = []
    /// The attributes that could not be read (not the ACL: that fails the save).
    var losses: [AttributeLoss] = []

    /// Whether the file has a POSIX access ACL.
    var hasAccessControlList: Bool { values.contains { $0.name == ExtendedAttributes.accessControlList } }
  }

  /// Reads every extended attribute of `path`. Not knowing whether the file has an ACL (the
  /// list cannot be read), or not being able to read it, fails the save.
  func readAttributes(of path: String) throws(FileError) -> Attributes {
    var attributes = Attributes()
    for name in try fileSystem.extendedAttributeNames(ofPath: path) {
      do throws(FileError) {
        attributes.values.append((name, try fileSystem.extendedAttribute(name, ofPath: path)))
      } catch {
        if name == ExtendedAttributes.accessControlList {
          throw FileError(operation: "read its access control list", path: path, code: error.code)
        }
        attributes.losses.append(AttributeLoss(name: name, code: error.code))
      }
    }
    return attributes
  }

  /// Gives the temporary file the replaced file's owner and group, as far as this process
  /// may: root gives any; anyone else may give a file they own to themselves and to a group
  /// they are a member of. A call the system refuses fails the save.
  func keepOwner(of existing: FileStatus, on descriptor: Int32) throws(FileError) {
    if fileSystem.isSuperuser {
      try fileSystem.setOwner(descriptor, user: existing.user, group: existing.group)
      return
    }
    let user = existing.user == fileSystem.userID ? existing.user : nil
    let group = fileSystem.isMember(ofGroup: existing.group) ? existing.group : nil
    guard user != nil || group != nil else { return }
    try fileSystem.setOwner(descriptor, user: user, group: group)
  }

  /// Sets `attributes` on the temporary file; returns those the system refused. The ACL is
  /// kept or the save fails, and an ACL the temporary file inherited from its folder's
  /// default ACL goes when the replaced file had none.
  func copy(_ attributes: Attributes, to descriptor: Int32) throws(FileError) -> [AttributeLoss] {
    var losses: [AttributeLoss] = []
    for (name, value) in attributes.values {
      do throws(FileError) {
        try fileSystem.setExtendedAttribute(name, value, on: descriptor)
      } catch {
        if name == ExtendedAttributes.accessControlList {
          throw FileError(operation: "keep its access control list", path: "", code: error.code)
        }
        losses.append(AttributeLoss(name: name, code: error.code))
      }
    }
    if !attributes.hasAccessControlList {
      do throws(FileError) {
        try fileSystem.removeExtendedAttribute(ExtendedAttributes.accessControlList, on: descriptor)
      } catch {
        throw FileError(operation: "remove the access control list it got from its folder", path: "", code: error.code)
      }
    }
    return losses
  }
}
