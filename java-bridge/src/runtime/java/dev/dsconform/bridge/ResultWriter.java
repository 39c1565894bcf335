package dev.dsconform.bridge;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;

/**
 * Encodes observations in the result format of docs/java-bridge.md: per stage a u32 field count,
 * then per field a u16 name length, the name, a u8 kind and its payload (little-endian).
 *
 * <p>The result is written in chunks, each starting with a u32 length of what follows it, and no
 * field or stage header straddles two: the result is never copied as it grows (copying a buffer of
 * images holds them twice for a moment, which ran large cases out of heap). Each field reserves
 * all of its bytes before writing any, so an OutOfMemoryError while a chunk is allocated (a large
 * case near the heap's limit) leaves no half-written field behind: the stage can still end with an
 * error field, which needs one small chunk at most, and the bytes stay readable.
 */
final class ResultWriter {
  static final int BYTES = 1, DOUBLE = 2, INT = 3, BOOL = 4, STRING = 5, ERROR = 6, UNSUPPORTED = 7;
  static final int STACK_FRAMES = 5;
  /** The largest array a JVM reliably allocates. */
  private static final int MAX_SIZE = Integer.MAX_VALUE - 8;
  /** Room of a chunk for small fields; a larger field gets a chunk of its own size. */
  private static final int CHUNK = 1 << 20;

  private final ArrayList<byte[]> chunks = new ArrayList<>();
  private byte[] buf = new byte[1 << 12];
  private int size = 4;  // after the chunk's length, which finish() writes
  private int stageChunk = -1;  // where the open stage's field count goes: chunks' index, offset
  private int stageStart = -1;
  private int fieldCount = 0;
  private long copyNanos = 0;

  ResultWriter() {
    chunks.add(buf);
  }

  void beginStage() {
    reserve(4);
    stageChunk = chunks.size() - 1;
    stageStart = size;
    fieldCount = 0;
    u32(0);  // patched by endStage
  }

  void endStage() {
    byte[] at = chunks.get(stageChunk);
    for (int i = 0; i < 4; ++i) at[stageStart + i] = (byte) (fieldCount >>> (8 * i));
  }

  /** Where a bytes field's value lies in the result, to be read again before the result is handed over. */
  record Span(int chunk, int offset, int length) {}

  Span bytes(String name, byte[] value) {
    long start = System.nanoTime();
    field(name, BYTES, 4 + value.length);
    Span at = new Span(chunks.size() - 1, size + 4, value.length);  // after the value's u32 length
    blob(value);
    copyNanos += System.nanoTime() - start;
    return at;
  }

  /** A copy of a value bytes() wrote; a chunk given up keeps its offsets (trimmed() cuts only its tail). */
  byte[] copyOf(Span at) {
    return Arrays.copyOfRange(chunks.get(at.chunk()), at.offset(), at.offset() + at.length());
  }

  /** Time spent copying images into the result: the harness's, not the library's (`dsconform bench`). */
  long copyNanos() {
    return copyNanos;
  }

  void dbl(String name, double value) {
    field(name, DOUBLE, 8);
    u64(Double.doubleToRawLongBits(value));
  }

  void integer(String name, long value) {
    field(name, INT, 8);
    u64(value);
  }

  void bool(String name, boolean value) {
    field(name, BOOL, 1);
    u8(value ? 1 : 0);
  }

  void string(String name, String value) {
    byte[] v = utf8(value);
    field(name, STRING, 4 + v.length);
    blob(v);
  }

  /** An identity hash in a message ("[B@c9358d8"): it differs from run to run and JVM to JVM. */
  private static final java.util.regex.Pattern IDENTITY_HASH =
      java.util.regex.Pattern.compile("(?<=[\\w$;\\[])@[0-9a-f]{1,8}\\b");

  void error(String name, Throwable t) {
    byte[] cls = utf8(t.getClass().getName());
    String text = t.getMessage() == null ? "" : t.getMessage();
    // Reports and verdicts must not depend on where the JVM put an object.
    byte[] message = utf8(IDENTITY_HASH.matcher(text).replaceAll("@<hash>"));
    StringBuilder stack = new StringBuilder();
    StackTraceElement[] frames = t.getStackTrace();
    for (int i = 0; i < Math.min(STACK_FRAMES, frames.length); ++i) {
      if (i > 0) stack.append('\n');
      // Without StackTraceElement's class loader prefix, which names the engine, not the code.
      StackTraceElement f = frames[i];
      stack.append("at ").append(f.getClassName()).append('.').append(f.getMethodName())
          .append('(').append(f.getFileName()).append(':').append(f.getLineNumber()).append(')');
    }
    byte[] frameText = utf8(stack.toString());
    field(name, ERROR, 12 + cls.length + message.length + frameText.length);
    blob(cls);
    blob(message);
    blob(frameText);
  }

  void unsupported(String name, String reason) {
    byte[] r = utf8(reason);
    field(name, UNSUPPORTED, 4 + r.length);
    blob(r);
  }

  /**
   * The encoded result, in chunks: each one's first four bytes give the length of the result's
   * part that follows; the arrays may be longer (the last is not copied to size).
   */
  byte[][] finish() {
    closeChunk();
    return chunks.toArray(new byte[0][]);
  }

  /** Writes a field's name and kind after reserving room for them and its payload. */
  private void field(String name, int kind, int payload) {
    byte[] n = utf8(name);
    if (n.length > 0xFFFF) throw new IllegalArgumentException("field name of " + n.length + " bytes: " + name.substring(0, 80));
    reserve(2L + n.length + 1 + payload);
    ++fieldCount;
    buf[size++] = (byte) n.length;
    buf[size++] = (byte) (n.length >>> 8);
    System.arraycopy(n, 0, buf, size, n.length);
    size += n.length;
    u8(kind);
  }

  // The writes below stay within what field() or beginStage() reserved.
  private void blob(byte[] b) {
    u32(b.length);
    System.arraycopy(b, 0, buf, size, b.length);
    size += b.length;
  }

  private void u8(int v) {
    buf[size++] = (byte) v;
  }

  private void u32(int v) {
    for (int i = 0; i < 4; ++i) buf[size++] = (byte) (v >>> (8 * i));
  }

  private void u64(long v) {
    for (int i = 0; i < 8; ++i) buf[size++] = (byte) (v >>> (8 * i));
  }

  /** Makes room for {@code more} bytes in the current chunk, or starts a chunk that has it. */
  private void reserve(long more) {
    if (size + more <= buf.length) return;
    if (4 + more > MAX_SIZE) throw new IllegalStateException("a field of " + more + " bytes, over 2 GiB");
    byte[] next = new byte[(int) Math.max(4 + more, CHUNK)];  // first, so a failure leaves all as it was
    closeChunk();
    chunks.set(chunks.size() - 1, trimmed(buf, size));
    chunks.add(next);
    buf = next;
    size = 4;
  }

  /** Writes the current chunk's length. */
  private void closeChunk() {
    int n = size - 4;
    for (int i = 0; i < 4; ++i) buf[i] = (byte) (n >>> (8 * i));
  }

  /** A chunk given up with room to spare keeps only what it holds; at most CHUNK bytes are copied. */
  private static byte[] trimmed(byte[] chunk, int used) {
    return used == chunk.length || chunk.length > CHUNK ? chunk : Arrays.copyOf(chunk, used);
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
