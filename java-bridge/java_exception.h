#ifndef DSCONFORM_JAVA_BRIDGE_JAVA_EXCEPTION_H_
#define DSCONFORM_JAVA_BRIDGE_JAVA_EXCEPTION_H_

#include <jni.h>

#include <optional>
#include <string>
#include <vector>

#include "absl/status/status.h"
#include "absl/strings/string_view.h"

namespace dsconform {

// A Java exception, described for people and for classifying failures.
struct JavaException {
  struct Link {
    std::string class_name;  // e.g. java.lang.UnsupportedClassVersionError
    std::string message;
  };
  std::string class_name;
  std::string message;
  std::string stack;         // the first frames, one "at ..." per line
  std::vector<Link> causes;  // getCause(), getCause().getCause(), ...

  // "class: message", then "caused by: class: message" per cause, then the frames.
  std::string ToString() const;
};

// Number of stack frames kept, on both sides of the bridge.
inline constexpr int kJavaStackFrames = 5;

// If a Java exception is pending on `env`, clears it and describes it. Java exceptions stay
// pending until checked, and any further JNI call but a few is undefined while one is pending:
// check after every call that can throw.
std::optional<JavaException> TakePendingException(JNIEnv* env);

// OkStatus if nothing is pending; otherwise clears the exception and returns `code` with
// "<context>: <class>: <message> ..." (see JavaException::ToString).
absl::Status CheckJava(JNIEnv* env, absl::string_view context, absl::StatusCode code = absl::StatusCode::kInternal);

}  // namespace dsconform

#endif  // DSCONFORM_JAVA_BRIDGE_JAVA_EXCEPTION_H_
