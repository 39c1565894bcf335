package dev.dsconform.bridge;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;

/**
 * Every {@link Family} of the bridge: the classes named {@code *Family} in this package of the
 * bridge's own jar (or class folder), so that adding a family is adding its class and nothing else.
 */
final class FamilyCatalog {
  private static final String PACKAGE = FamilyCatalog.class.getPackageName();

  /** By name, sorted. */
  static final Map<String, Family> FAMILIES = load();

  private FamilyCatalog() {}

  /**
   * {"hll":["create",...],...}: the capabilities the C++ side declares for the java engine, or with
   * {@code direct} for java-direct.
   */
  static String capabilitiesJson(boolean direct) {
    StringBuilder out = new StringBuilder("{");
    for (Family f : FAMILIES.values()) {
      if (out.length() > 1) out.append(',');
      out.append('"').append(f.name()).append("\":[");
      List<String> steps = f.steps(direct);
      for (int i = 0; i < steps.size(); ++i) out.append(i > 0 ? "," : "").append('"').append(steps.get(i)).append('"');
      out.append(']');
    }
    return out.append('}').toString();
  }

  private static Map<String, Family> load() {
    Map<String, Family> families = new TreeMap<>();
    for (String className : familyClassNames()) {
      try {
        Family f = (Family) Class.forName(className, true, FamilyCatalog.class.getClassLoader())
            .getDeclaredConstructor().newInstance();
        families.put(f.name(), f);
      } catch (ReflectiveOperationException | ClassCastException e) {
        throw new IllegalStateException("bridge family class " + className + " cannot be made: " + e, e);
      }
    }
    return Collections.unmodifiableMap(families);
  }

  /** Classes {@code dev.dsconform.bridge.<X>Family} where this class was loaded from. */
  private static List<String> familyClassNames() {
    List<String> names = new ArrayList<>();
    String dir = PACKAGE.replace('.', '/') + "/";
    try {
      File where = new File(FamilyCatalog.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      if (where.isDirectory()) {
        String[] files = new File(where, dir).list();
        if (files != null) for (String f : files) addIfFamily(dir + f, dir, names);
      } else {
        try (JarFile jar = new JarFile(where)) {
          for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) addIfFamily(e.nextElement().getName(), dir, names);
        }
      }
    } catch (IOException | URISyntaxException | SecurityException e) {
      throw new IllegalStateException("cannot list the bridge's family classes: " + e, e);
    }
    Collections.sort(names);
    return names;
  }

  private static void addIfFamily(String entry, String dir, List<String> names) {
    if (!entry.startsWith(dir) || !entry.endsWith("Family.class")) return;
    String simple = entry.substring(dir.length(), entry.length() - ".class".length());
    if (simple.contains("/") || simple.contains("$") || simple.equals("Family")) return;
    names.add(PACKAGE + "." + simple);
  }
}
