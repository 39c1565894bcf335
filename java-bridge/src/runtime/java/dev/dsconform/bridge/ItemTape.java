package dev.dsconform.bridge;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * Reads an item tape in place from its direct buffer (little-endian; longs and doubles 8
 * bytes, strings and byte arrays a u32 length then the bytes) and hands each item to a sink, so
 * that no generator is implemented twice and no item is copied into a Java array first.
 */
final class ItemTape {
  private ItemTape() {}

  /** Receives items; a family maps each kind to the library overload docs/items.md names. */
  interface Sink {
    void add(long item);

    void add(double item);

    void add(String item);

    void add(byte[] item);
  }

  static void forEach(ByteBuffer[] blobs, ProgramReader.ItemsRef ref, Sink sink) {
    ByteBuffer tape = blobs[ref.blob()];  // little-endian already (BatchRunner.runBatch)
    // One loop per kind: the kind is chosen once per tape, not once per item.
    int pos = 0;
    switch (ref.kind()) {
      case "long" -> {
        for (long i = 0; i < ref.count(); ++i, pos += 8) sink.add(tape.getLong(pos));
      }
      case "double" -> {
        for (long i = 0; i < ref.count(); ++i, pos += 8) sink.add(Double.longBitsToDouble(tape.getLong(pos)));
      }
      case "string" -> {
        for (long i = 0; i < ref.count(); ++i) {
          byte[] b = blob(tape, pos);
          pos += 4 + b.length;
          sink.add(new String(b, StandardCharsets.UTF_8));
        }
      }
      case "bytes" -> {
        for (long i = 0; i < ref.count(); ++i) {
          byte[] b = blob(tape, pos);
          pos += 4 + b.length;
          sink.add(b);
        }
      }
      default -> throw new IllegalArgumentException("unknown item kind " + ref.kind());
    }
    if (pos != tape.capacity()) {
      throw new IllegalArgumentException(
          "item tape of " + tape.capacity() + " bytes holds " + pos + " bytes of " + ref.count() + " items");
    }
  }

  private static byte[] blob(ByteBuffer tape, int pos) {
    byte[] b = new byte[tape.getInt(pos)];
    tape.get(pos + 4, b);
    return b;
  }
}
