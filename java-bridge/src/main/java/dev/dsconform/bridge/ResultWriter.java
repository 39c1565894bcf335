package dev.dsconform.bridge;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Encodes observations in the result format of docs/java-bridge.md: per stage a u32 field count,
 * then per field a u16 name length, the name, a u8 kind and its payload (little-endian).
 */
final class ResultWriter {
  static final int BYTES = 1, DOUBLE = 2, INT = 3, BOOL = 4, STRING = 5, ERROR = 6, UNSUPPORTED = 7;
  static final int STACK_FRAMES = 5;

  private byte[] buf = new byte[1 << 12];
  private int size = 0;
  private int stageStart = -1;
  private int fieldCount = 0;

  void beginStage() {
    stageStart = size;
    fieldCount = 0;
    u32(0);  // patched by endStage
  }

  void endStage() {
    int end = size;
    size = stageStart;
    u32(fieldCount);
    size = end;
  }

  void bytes(String name, byte[] value) {
    field(name, BYTES);
    blob(value);
  }

  void dbl(String name, double value) {
    field(name, DOUBLE);
    u64(Double.doubleToRawLongBits(value));
  }

  void integer(String name, long value) {
    field(name, INT);
    u64(value);
  }

  void bool(String name, boolean value) {
    field(name, BOOL);
    u8(value ? 1 : 0);
  }

  void string(String name, String value) {
    field(name, STRING);
    blob(utf8(value));
  }

  void error(String name, Throwable t) {
    field(name, ERROR);
    blob(utf8(t.getClass().getName()));
    blob(utf8(t.getMessage() == null ? "" : t.getMessage()));
    StringBuilder stack = new StringBuilder();
    StackTraceElement[] frames = t.getStackTrace();
    for (int i = 0; i < Math.min(STACK_FRAMES, frames.length); ++i) {
      if (i > 0) stack.append('\n');
      // Without StackTraceElement's class loader prefix, which names the engine, not the code.
      StackTraceElement f = frames[i];
      stack.append("at ").append(f.getClassName()).append('.').append(f.getMethodName())
          .append('(').append(f.getFileName()).append(':').append(f.getLineNumber()).append(')');
    }
    blob(utf8(stack.toString()));
  }

  void unsupported(String name, String reason) {
    field(name, UNSUPPORTED);
    blob(utf8(reason));
  }

  byte[] toByteArray() {
    return Arrays.copyOf(buf, size);
  }

  private void field(String name, int kind) {
    ++fieldCount;
    byte[] n = utf8(name);
    if (n.length > 0xFFFF) throw new IllegalArgumentException("field name of " + n.length + " bytes: " + name.substring(0, 80));
    ensure(2 + n.length + 1);
    buf[size++] = (byte) n.length;
    buf[size++] = (byte) (n.length >>> 8);
    put(n);
    u8(kind);
  }

  private void blob(byte[] b) {
    u32(b.length);
    put(b);
  }

  private void put(byte[] b) {
    ensure(b.length);
    System.arraycopy(b, 0, buf, size, b.length);
    size += b.length;
  }

  private void u8(int v) {
    ensure(1);
    buf[size++] = (byte) v;
  }

  private void u32(int v) {
    ensure(4);
    for (int i = 0; i < 4; ++i) buf[size++] = (byte) (v >>> (8 * i));
  }

  private void u64(long v) {
    ensure(8);
    for (int i = 0; i < 8; ++i) buf[size++] = (byte) (v >>> (8 * i));
  }

  private void ensure(int more) {
    if (size + more > buf.length) buf = Arrays.copyOf(buf, Math.max(buf.length * 2, size + more));
  }

  private static byte[] utf8(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
