package dev.dsconform.bridge;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Reads an item tape in place from the batch's direct buffer (little-endian; longs and doubles 8
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

  static void forEach(ByteBuffer data, ProgramReader.ItemsRef ref, Sink sink) {
    ByteBuffer tape = data.slice(ref.offset(), ref.length()).order(ByteOrder.LITTLE_ENDIAN);
    int pos = 0;
    for (long i = 0; i < ref.count(); ++i) {
      switch (ref.kind()) {
        case "long" -> {
          sink.add(tape.getLong(pos));
          pos += 8;
        }
        case "double" -> {
          sink.add(Double.longBitsToDouble(tape.getLong(pos)));
          pos += 8;
        }
        case "string" -> {
          byte[] b = blob(tape, pos);
          pos += 4 + b.length;
          sink.add(new String(b, StandardCharsets.UTF_8));
        }
        case "bytes" -> {
          byte[] b = blob(tape, pos);
          pos += 4 + b.length;
          sink.add(b);
        }
        default -> throw new IllegalArgumentException("unknown item kind " + ref.kind());
      }
    }
    if (pos != ref.length()) {
      throw new IllegalArgumentException(
          "item tape of " + ref.length() + " bytes holds " + pos + " bytes of " + ref.count() + " items");
    }
  }

  private static byte[] blob(ByteBuffer tape, int pos) {
    byte[] b = new byte[tape.getInt(pos)];
    tape.get(pos + 4, b);
    return b;
  }
}
