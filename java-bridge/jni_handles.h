#ifndef DSCONFORM_JAVA_BRIDGE_JNI_HANDLES_H_
#define DSCONFORM_JAVA_BRIDGE_JNI_HANDLES_H_

#include <jni.h>

#include <string>

namespace dsconform {

// A local reference frame for one scope. A host thread that never returns to Java keeps every
// local reference it makes until the heap runs out; a frame frees them all at scope end.
class LocalFrame {
 public:
  LocalFrame(JNIEnv* env, jint capacity) : env_(env), pushed_(env->PushLocalFrame(capacity) == 0) {}
  ~LocalFrame() {
    if (pushed_) env_->PopLocalFrame(nullptr);
  }
  LocalFrame(const LocalFrame&) = delete;
  LocalFrame& operator=(const LocalFrame&) = delete;

  // False when the JVM could not make room; an OutOfMemoryError is then pending.
  bool ok() const { return pushed_; }

 private:
  JNIEnv* env_;
  bool pushed_;
};

// Owns a JNI global reference (a class, a class loader) that outlives the local frame it came from.
class GlobalRef {
 public:
  GlobalRef() = default;
  GlobalRef(JNIEnv* env, jobject local) : ref_(local ? env->NewGlobalRef(local) : nullptr) {}
  ~GlobalRef();
  GlobalRef(GlobalRef&& o) noexcept : ref_(o.ref_) { o.ref_ = nullptr; }
  GlobalRef& operator=(GlobalRef&& o) noexcept;
  GlobalRef(const GlobalRef&) = delete;
  GlobalRef& operator=(const GlobalRef&) = delete;

  jobject get() const { return ref_; }
  explicit operator bool() const { return ref_ != nullptr; }

 private:
  jobject ref_ = nullptr;
};

// A Java string as UTF-8. (GetStringUTFChars would give "modified" UTF-8, which differs for NUL
// and for characters outside the BMP.) Null gives "".
std::string ToUtf8(JNIEnv* env, jstring s);

// A new Java string from UTF-8 (a path may hold any character); null with an exception pending on failure.
jstring NewJavaString(JNIEnv* env, const std::string& utf8);

}  // namespace dsconform

#endif  // DSCONFORM_JAVA_BRIDGE_JNI_HANDLES_H_
