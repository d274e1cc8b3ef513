extension JSONEdit {
  /// The tape words the edit replaced and what took their place: `removedWordCount` words
  /// from ``spliceStart`` on (a value and its subtree; a container takes two words) became
  /// `insertedWordCount` words. Tape indexes before `spliceStart` did not move; those after
  /// the removed words moved by `insertedWordCount - removedWordCount`.
  ///
  /// This is what a map of stable node identities needs to follow the edit without walking
  /// the document (see ``updatedNode(_:)`` for one node at a time).
  public var spliceStart: Int { start }

  /// Tape words removed at ``spliceStart`` (0 for an insertion).
  public var removedWordCount: Int { removedCount }

  /// Tape words inserted at ``spliceStart`` (0 for a removal).
  public var insertedWordCount: Int { insertedCount }
}
