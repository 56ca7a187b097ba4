package dev.semhash.training.indexing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.FieldInfos;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * Opens an index that must already exist and checks the code field a command reads or rewrites,
 * so that a mistyped path or field name gets a message instead of an empty result (or a new empty
 * folder: {@link FSDirectory#open} creates the folder, with its parents, when it is missing).
 */
public final class ExistingIndex {
  /** Where {@code ./semhash demo} puts its index, the example the messages give. */
  static final String EXAMPLE = "semhash-work/demo/index, which './semhash demo' builds";

  private ExistingIndex() {}

  /**
   * The directory of the Lucene index in {@code indexDir}.
   *
   * @throws IllegalArgumentException if {@code indexDir} is not a folder or holds no index
   */
  public static Directory open(Path indexDir) throws IOException {
    if (Files.isDirectory(indexDir) == false) {
      throw new IllegalArgumentException("no index at " + indexDir + ": "
          + (Files.exists(indexDir) ? "it is a file, not a folder" : "no such folder")
          + "; give the folder of a Lucene index (for instance " + EXAMPLE + ")");
    }
    Directory dir = FSDirectory.open(indexDir);
    if (DirectoryReader.indexExists(dir) == false) {
      dir.close();
      throw new IllegalArgumentException("no Lucene index in " + indexDir
          + "; give the folder of a Lucene index (for instance " + EXAMPLE + ")");
    }
    return dir;
  }

  /**
   * Checks that {@code field} exists in the index and holds binary doc values, as code fields do.
   *
   * @throws IllegalArgumentException naming the index's code fields otherwise
   */
  public static void checkCodeField(IndexReader reader, String field, Path indexDir) {
    FieldInfo info = FieldInfos.getMergedFieldInfos(reader).fieldInfo(field);
    if (info == null || info.getDocValuesType() != DocValuesType.BINARY) {
      List<String> codeFields = codeFields(reader);
      throw new IllegalArgumentException("field '" + field + "' "
          + (info == null ? "is not in the index " : "holds no codes (no binary doc values) in the index ") + indexDir
          + (codeFields.isEmpty()
              ? "; the index has no code field at all (build it with codes, for instance with SemanticIndexBuilder)"
              : "; give --field one of its code fields: " + String.join(", ", codeFields)));
    }
  }

  /** The fields of the index that hold binary doc values, as codes are indexed. */
  static List<String> codeFields(IndexReader reader) {
    List<String> names = new ArrayList<>();
    for (FieldInfo info : FieldInfos.getMergedFieldInfos(reader)) {
      if (info.getDocValuesType() == DocValuesType.BINARY) {
        names.add(info.name);
      }
    }
    return names;
  }
}
