package dev.dsconform.fuzz;

import java.lang.foreign.MemorySegment;
import org.apache.datasketches.common.SketchesException;

/**
 * What every target shares. datasketches-java refuses a bad image with a SketchesException
 * (SketchesArgumentException, SketchesStateException, ...): that is its contract, so such a read
 * ends quietly. Every other Throwable escapes to Jazzer, which reports it as a finding.
 */
final class LibraryRefusals {
  private LibraryRefusals() {}

  /** One reader's steps on one image. */
  interface Read {
    void run();
  }

  /** Runs a read; only the library's own refusals are caught. */
  static void tolerate(Read read) {
    try {
      read.run();
    } catch (SketchesException refused) {
      // The documented outcome for bytes that are not a valid image.
    }
  }

  /** The bytes in a heap segment of their own: a reader may keep or change the one it gets. */
  static MemorySegment segment(byte[] data) {
    return MemorySegment.ofArray(data.clone());
  }

  /** As a user wraps bytes it does not own: read-only. */
  static MemorySegment readOnly(byte[] data) {
    return segment(data).asReadOnly();
  }
}
