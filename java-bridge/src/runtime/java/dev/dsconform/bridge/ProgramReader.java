package dev.dsconform.bridge;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses the program text of one batch (docs/java-bridge.md): one line per record, tokens separated
 * by single spaces. A malformed program is a bridge bug, so it throws and fails the whole batch.
 */
final class ProgramReader {
  private ProgramReader() {}

  /** An op's item tape: which of the batch's blobs holds it, and how many items it has. */
  record ItemsRef(String kind, int blob, long count) {}

  /** An input image: which of the batch's blobs holds it. */
  record ImageRef(int blob) {}

  /**
   * One step; {@code index} is its position in the stage, as in {@code error@op<index>}; {@code
   * drops} the slots no later step of the stage names, to let go of once it ran.
   */
  record Op(int index, String name, String slot, Map<String, String> args, ItemsRef items, List<String> drops) {
    String arg(String key) {
      String v = args.get(key);
      if (v == null) throw new IllegalArgumentException("op " + index + " (" + name + "): missing " + key);
      return v;
    }

    String arg(String key, String fallback) {
      return args.getOrDefault(key, fallback);
    }

    int intArg(String key) {
      return Integer.parseInt(arg(key));
    }

    /** A list value: comma-separated elements, %HH the escaped bytes of their UTF-8 (batch_codec.cc). */
    String[] listArg(String key) {
      String csv = args.getOrDefault(key, "");
      if (csv.isEmpty()) return new String[0];
      String[] parts = csv.split(",", -1);
      for (int i = 0; i < parts.length; i++) parts[i] = unescape(parts[i]);
      return parts;
    }

    private static String unescape(String s) {
      if (s.indexOf('%') < 0) return s;
      java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
      for (int i = 0; i < s.length(); i++) {
        char c = s.charAt(i);
        if (c == '%') {
          out.write(Integer.parseInt(s.substring(i + 1, i + 3), 16));
          i += 2;
        } else {
          out.write(c);
        }
      }
      return out.toString(java.nio.charset.StandardCharsets.UTF_8);
    }
  }

  record Stage(String family, Map<String, ImageRef> images, List<Op> ops) {}

  static List<Stage> parse(String program) {
    List<Stage> stages = new ArrayList<>();
    String family = null;
    Map<String, ImageRef> images = null;
    List<Op> ops = null;
    int expectedOps = 0;
    int lineNo = 0;
    for (String line : program.split("\n", -1)) {
      ++lineNo;
      if (line.isEmpty()) continue;
      String[] t = line.split(" ", -1);
      switch (t[0]) {
        case "case" -> {
          if (family != null) stages.add(finish(family, images, ops, expectedOps, lineNo));
          require(t.length == 3, lineNo, line);
          family = t[1];
          expectedOps = Integer.parseInt(t[2]);
          images = new HashMap<>();
          ops = new ArrayList<>(expectedOps);
        }
        case "image" -> {
          require(t.length == 3 && family != null && ops.isEmpty(), lineNo, line);
          images.put(t[1], new ImageRef(Integer.parseInt(t[2])));
        }
        case "op" -> {
          require(t.length >= 3 && family != null && t[2].startsWith("sketch="), lineNo, line);
          Map<String, String> args = new LinkedHashMap<>();
          ItemsRef items = null;
          for (int i = 3; i < t.length; ++i) {
            int eq = t[i].indexOf('=');
            require(eq > 0, lineNo, line);
            String key = t[i].substring(0, eq);
            String value = t[i].substring(eq + 1);
            if (key.equals("items")) {
              String[] p = value.split(":", -1);
              require(p.length == 3, lineNo, line);
              items = new ItemsRef(p[0], Integer.parseInt(p[1]), Long.parseLong(p[2]));
            } else {
              args.put(key, value);
            }
          }
          ops.add(new Op(ops.size(), t[1], t[2].substring("sketch=".length()), args, items, new ArrayList<>()));
        }
        case "drop" -> {
          require(t.length >= 2 && family != null && !ops.isEmpty(), lineNo, line);
          for (int i = 1; i < t.length; ++i) ops.get(ops.size() - 1).drops().add(t[i]);
        }
        default -> require(false, lineNo, line);
      }
    }
    if (family != null) stages.add(finish(family, images, ops, expectedOps, lineNo));
    return stages;
  }

  private static Stage finish(String family, Map<String, ImageRef> images, List<Op> ops, int expected, int lineNo) {
    if (ops.size() != expected) {
      throw new IllegalArgumentException(
          "program line " + lineNo + ": stage announced " + expected + " ops, found " + ops.size());
    }
    return new Stage(family, images, ops);
  }

  private static void require(boolean ok, int lineNo, String line) {
    if (!ok) throw new IllegalArgumentException("program line " + lineNo + " is malformed: " + line);
  }
}
