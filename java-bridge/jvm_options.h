#ifndef DSCONFORM_JAVA_BRIDGE_JVM_OPTIONS_H_
#define DSCONFORM_JAVA_BRIDGE_JVM_OPTIONS_H_

#include <string>
#include <vector>

namespace dsconform {

// How the process's one JVM is started. Only the first request creates the JVM (JNI allows one per
// process, never recreated), so every engine of a process must ask with the same options.
struct JvmOptions {
  // The JDK whose lib/server/libjvm.so is loaded. Empty: the JDK the build used (engines.json).
  std::string java_home;
  // The JVM's own application class path. Usually empty: each datasketches-java version gets its
  // own class loader (java-bridge/bridge_loader.h), so versions never see each other's classes.
  std::vector<std::string> class_path;
  std::string max_heap = "2g";  // -Xmx
  // -Xss: stack of the threads the JVM starts itself. Threads that attach keep their own stack,
  // and the JVM is created on a helper thread, so no host thread has its stack cut to this size.
  std::string thread_stack = "8m";
  bool check_jni = false;  // -Xcheck:jni: reports a JNI call made with an exception pending; on in tests
  // -Xrs: the JVM leaves SIGINT/SIGTERM/SIGHUP/SIGQUIT to the host, so Ctrl-C and `timeout` stop a
  // run like any C++ program instead of running JVM shutdown hooks that call exit() under the
  // harness's feet. The JVM keeps the signals it needs internally (SEGV, ...).
  bool reduce_signals = true;
  std::vector<std::string> extra;  // passed verbatim: -Dkey=value, -X..., -XX:...

  // The option strings handed to JNI_CreateJavaVM, in order.
  std::vector<std::string> ToArgs() const;

  bool operator==(const JvmOptions& o) const { return java_home == o.java_home && ToArgs() == o.ToArgs(); }
  bool operator!=(const JvmOptions& o) const { return !(*this == o); }
};

}  // namespace dsconform

#endif  // DSCONFORM_JAVA_BRIDGE_JVM_OPTIONS_H_
