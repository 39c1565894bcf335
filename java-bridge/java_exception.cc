#include "java-bridge/java_exception.h"

#include "absl/strings/str_cat.h"
#include "java-bridge/jni_handles.h"

namespace dsconform {
namespace {

constexpr int kMaxCauses = 5;

// Describing an exception can itself throw (out of memory); then we keep what we have.
bool Threw(JNIEnv* env) {
  if (!env->ExceptionCheck()) return false;
  env->ExceptionClear();
  return true;
}

struct ThrowableMethods {
  jmethodID get_class_name = nullptr;  // Class.getName
  jmethodID get_message = nullptr;     // Throwable.getMessage
  jmethodID get_cause = nullptr;       // Throwable.getCause
  jmethodID get_stack = nullptr;       // Throwable.getStackTrace
  jmethodID frame_to_string = nullptr; // StackTraceElement.toString
};

bool LookUp(JNIEnv* env, ThrowableMethods* m) {
  jclass cls = env->FindClass("java/lang/Class");
  if (Threw(env)) return false;
  m->get_class_name = env->GetMethodID(cls, "getName", "()Ljava/lang/String;");
  if (Threw(env)) return false;
  jclass throwable = env->FindClass("java/lang/Throwable");
  if (Threw(env)) return false;
  m->get_message = env->GetMethodID(throwable, "getMessage", "()Ljava/lang/String;");
  if (Threw(env)) return false;
  m->get_cause = env->GetMethodID(throwable, "getCause", "()Ljava/lang/Throwable;");
  if (Threw(env)) return false;
  m->get_stack = env->GetMethodID(throwable, "getStackTrace", "()[Ljava/lang/StackTraceElement;");
  if (Threw(env)) return false;
  jclass frame = env->FindClass("java/lang/StackTraceElement");
  if (Threw(env)) return false;
  m->frame_to_string = env->GetMethodID(frame, "toString", "()Ljava/lang/String;");
  return !Threw(env);
}

JavaException::Link Describe(JNIEnv* env, const ThrowableMethods& m, jthrowable t) {
  JavaException::Link link;
  jclass cls = env->GetObjectClass(t);
  auto name = static_cast<jstring>(env->CallObjectMethod(cls, m.get_class_name));
  if (!Threw(env)) link.class_name = ToUtf8(env, name);
  auto message = static_cast<jstring>(env->CallObjectMethod(t, m.get_message));
  if (!Threw(env)) link.message = ToUtf8(env, message);
  return link;
}

std::string Frames(JNIEnv* env, const ThrowableMethods& m, jthrowable t) {
  auto frames = static_cast<jobjectArray>(env->CallObjectMethod(t, m.get_stack));
  if (Threw(env) || frames == nullptr) return "";
  std::string out;
  const jsize n = std::min<jsize>(env->GetArrayLength(frames), kJavaStackFrames);
  for (jsize i = 0; i < n; ++i) {
    jobject frame = env->GetObjectArrayElement(frames, i);
    if (Threw(env)) break;
    auto text = static_cast<jstring>(env->CallObjectMethod(frame, m.frame_to_string));
    if (Threw(env)) break;
    absl::StrAppend(&out, out.empty() ? "" : "\n", "at ", ToUtf8(env, text));
    env->DeleteLocalRef(text);
    env->DeleteLocalRef(frame);
  }
  return out;
}

}  // namespace

std::string JavaException::ToString() const {
  std::string out = absl::StrCat(class_name, message.empty() ? "" : ": ", message);
  for (const auto& c : causes) absl::StrAppend(&out, "; caused by ", c.class_name, c.message.empty() ? "" : ": ", c.message);
  if (!stack.empty()) absl::StrAppend(&out, "\n", stack);
  return out;
}

std::optional<JavaException> TakePendingException(JNIEnv* env) {
  if (!env->ExceptionCheck()) return std::nullopt;
  jthrowable thrown = env->ExceptionOccurred();
  env->ExceptionClear();
  JavaException e;
  {
    LocalFrame frame(env, 32);
    ThrowableMethods m;
    if (!frame.ok() || !LookUp(env, &m)) {
      Threw(env);
      e.class_name = "java.lang.Throwable";
      e.message = "(the JVM could not describe this exception; it is probably out of memory)";
    } else {
      JavaException::Link top = Describe(env, m, thrown);
      e.class_name = std::move(top.class_name);
      e.message = std::move(top.message);
      e.stack = Frames(env, m, thrown);
      jthrowable cause = thrown;
      for (int i = 0; i < kMaxCauses; ++i) {
        auto next = static_cast<jthrowable>(env->CallObjectMethod(cause, m.get_cause));
        if (Threw(env) || next == nullptr || env->IsSameObject(next, cause)) break;
        e.causes.push_back(Describe(env, m, next));
        cause = next;
      }
    }
  }
  env->DeleteLocalRef(thrown);
  return e;
}

absl::Status CheckJava(JNIEnv* env, absl::string_view context, absl::StatusCode code) {
  auto e = TakePendingException(env);
  if (!e) return absl::OkStatus();
  return absl::Status(code, absl::StrCat(context, ": ", e->ToString()));
}

}  // namespace dsconform
