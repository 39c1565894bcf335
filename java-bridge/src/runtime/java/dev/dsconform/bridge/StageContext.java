package dev.dsconform.bridge;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/** What a family's steps see of the batch: items, images, the engine mode, the result writer. */
final class StageContext {
  final ByteBuffer[] blobs;  // the batch's item tapes and input images, read-only
  final boolean direct;  // java-direct: sketches and unions live in a MemorySegment
  final ResultWriter out;
  private final Map<String, ProgramReader.ImageRef> inputImages;
  // Where the result holds each image the stage wrote: read from there again, so an image is held
  // once, not also as the array the library gave (a stage writing many large images ran out of heap).
  private final Map<String, ResultWriter.Span> writtenImages = new HashMap<>();
  private long copyNanos = 0;

  StageContext(ByteBuffer[] blobs, boolean direct, ResultWriter out, Map<String, ProgramReader.ImageRef> inputImages) {
    this.blobs = blobs;
    this.direct = direct;
    this.out = out;
    this.inputImages = inputImages;
  }

  void items(ProgramReader.Op op, ItemTape.Sink sink) {
    if (op.items() == null) throw new IllegalArgumentException("op " + op.index() + " (" + op.name() + ") has no items");
    ItemTape.forEach(blobs, op.items(), sink);
  }

  /** Records an image field, so a later deserialize step of this stage can read it by name. */
  void image(String field, byte[] bytes) {
    writtenImages.put(field, out.bytes(field, bytes));
  }

  /**
   * A fresh copy of the named image: written earlier in this stage, else an input of the stage.
   * A copy, because wrap modes may keep (and writable_wrap may change) the array they are given.
   */
  byte[] imageCopy(String field) {
    long start = System.nanoTime();
    try {
      ResultWriter.Span written = writtenImages.get(field);
      if (written != null) return out.copyOf(written);
      ProgramReader.ImageRef ref = inputImages.get(field);
      if (ref == null) throw new IllegalArgumentException("no image named " + field + " in this stage");
      ByteBuffer image = blobs[ref.blob()];
      byte[] copy = new byte[image.capacity()];
      image.get(0, copy);
      return copy;
    } finally {
      copyNanos += System.nanoTime() - start;
    }
  }

  /** Time spent in the harness's own copies during this stage's steps (images in and out). */
  long copyNanos() {
    return copyNanos + out.copyNanos();
  }
}
