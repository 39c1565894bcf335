#ifndef DSCONFORM_JAVA_BRIDGE_JVM_H_
#define DSCONFORM_JAVA_BRIDGE_JVM_H_

#include <jni.h>

#include <string>

#include "absl/status/statusor.h"
#include "java-bridge/jvm_options.h"

namespace dsconform {

// The process's one JVM, created on first use with `options` (options.java_home must be set).
//
// libjvm.so is loaded with dlopen from options.java_home rather than linked, so a binary holding
// the Java engine still starts, and runs its other engines, on a machine whose JDK is gone; the
// Java engine then fails here with a Status naming the missing path.
//
// A later call with different options fails: the JVM cannot be restarted to honour them. A rejected
// option fails with the JVM's own words ("Unrecognized option: ..."). Class path entries are checked
// here first, because the JVM silently accepts entries that do not exist.
//
// The JVM is never destroyed: DestroyJavaVM waits for every non-daemon thread (and hangs on one that
// attached and never detached), and a destroyed JVM cannot be created again in the process. It
// ends with the process.
absl::StatusOr<JavaVM*> GetOrCreateJvm(const JvmOptions& options);

// True once GetOrCreateJvm has succeeded in this process.
bool JvmExists();

// The calling thread's JNIEnv. A thread not yet known to the JVM is attached (as a daemon, named
// "dsconform-worker") and detached again when the thread exits. Fails if no JVM exists yet.
absl::StatusOr<JNIEnv*> CurrentThreadEnv();

// System.getProperty("java.version") of the running JVM, e.g. "25.0.3".
absl::StatusOr<std::string> JavaRuntimeVersion();

}  // namespace dsconform

#endif  // DSCONFORM_JAVA_BRIDGE_JVM_H_
