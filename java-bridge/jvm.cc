#include "java-bridge/jvm.h"

#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <filesystem>
#include <mutex>
#include <thread>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/strip.h"
#include "java-bridge/java_exception.h"
#include "java-bridge/jni_handles.h"

namespace dsconform {

std::vector<std::string> JvmOptions::ToArgs() const {
  std::vector<std::string> args;
  if (!class_path.empty()) args.push_back("-Djava.class.path=" + absl::StrJoin(class_path, ":"));
  if (!max_heap.empty()) args.push_back("-Xmx" + max_heap);
  if (!thread_stack.empty()) args.push_back("-Xss" + thread_stack);
  if (check_jni) args.push_back("-Xcheck:jni");
  if (reduce_signals) args.push_back("-Xrs");
  // Compiled code otherwise rethrows a hot NullPointerException preallocated, without its message:
  // an error's words would depend on how warm the JVM is (java@9.1.0 "" vs java@9.0.0's text).
  args.push_back("-XX:-OmitStackTraceInFastThrow");
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

namespace {

constexpr jint kJniVersion = JNI_VERSION_10;

struct ProcessJvm {
  std::mutex mu;  // serializes creation
  std::atomic<JavaVM*> vm{nullptr};
  JvmOptions options;  // those it was created with
  // What the JVM prints while JNI_CreateJavaVM runs is kept for the error message.
  std::mutex capture_mu;
  bool capturing = false;
  std::string captured;
};

// Never destroyed: the JVM, and threads attached to it, outlive static destructors.
ProcessJvm& State() {
  static auto* state = new ProcessJvm;
  return *state;
}

// The JVM's "vfprintf" option: all of its console output passes through here.
jint JNICALL VfprintfHook(FILE* stream, const char* format, va_list args) {
  ProcessJvm& s = State();
  {
    std::lock_guard<std::mutex> lock(s.capture_mu);
    if (s.capturing) {
      va_list copy;
      va_copy(copy, args);
      char buf[2048];
      int n = std::vsnprintf(buf, sizeof buf, format, copy);
      va_end(copy);
      if (n > 0) s.captured.append(buf, std::min<size_t>(static_cast<size_t>(n), sizeof buf - 1));
      return n;
    }
  }
  return std::vfprintf(stream, format, args);
}

const char* JniErrorName(jint rc) {
  switch (rc) {
    case JNI_ERR: return "JNI_ERR";
    case JNI_EDETACHED: return "JNI_EDETACHED";
    case JNI_EVERSION: return "JNI_EVERSION";
    case JNI_ENOMEM: return "JNI_ENOMEM";
    case JNI_EEXIST: return "JNI_EEXIST";
    case JNI_EINVAL: return "JNI_EINVAL";
  }
  return "unknown error";
}

using CreateJavaVmFn = jint (*)(JavaVM**, void**, void*);

absl::StatusOr<CreateJavaVmFn> LoadLibJvm(const std::string& java_home) {
  if (java_home.empty()) return absl::InvalidArgumentError("JvmOptions.java_home is empty: no JDK to load");
  const std::string lib = java_home + "/lib/server/libjvm.so";
  if (!std::filesystem::exists(lib)) {
    return absl::FailedPreconditionError(absl::StrCat(
        "no JDK at ", java_home, " (", lib, " does not exist); install the JDK the build was configured with, "
        "or reconfigure dsconform with -DJAVA_HOME=<jdk>"));
  }
  // RTLD_GLOBAL, as the java launcher does: libjvm's own libraries resolve symbols against it.
  void* handle = dlopen(lib.c_str(), RTLD_NOW | RTLD_GLOBAL);
  if (handle == nullptr) return absl::FailedPreconditionError(absl::StrCat("cannot load ", lib, ": ", dlerror()));
  void* create = dlsym(handle, "JNI_CreateJavaVM");
  if (create == nullptr) return absl::FailedPreconditionError(absl::StrCat(lib, " has no JNI_CreateJavaVM"));
  return reinterpret_cast<CreateJavaVmFn>(create);
}

// Detaches the thread at its exit if this module attached it: a thread that exits attached would
// make DestroyJavaVM hang, and leaks its Java thread object.
class ThreadAttachment {
 public:
  ~ThreadAttachment() {
    if (vm_ != nullptr) vm_->DetachCurrentThread();
  }
  JNIEnv* env = nullptr;

  void Attached(JavaVM* vm, JNIEnv* e) {
    vm_ = vm;
    env = e;
  }

 private:
  JavaVM* vm_ = nullptr;
};

thread_local ThreadAttachment t_attachment;

}  // namespace

absl::StatusOr<JavaVM*> GetOrCreateJvm(const JvmOptions& options) {
  ProcessJvm& s = State();
  std::lock_guard<std::mutex> lock(s.mu);
  const std::vector<std::string> args = options.ToArgs();
  if (JavaVM* vm = s.vm.load()) {
    if (options != s.options) {
      return absl::FailedPreconditionError(absl::StrCat(
          "the process JVM already runs (JDK ", s.options.java_home, ", options [", absl::StrJoin(s.options.ToArgs(), " "),
          "]); JNI allows one JVM per process, so JDK ", options.java_home, " with options [", absl::StrJoin(args, " "),
          "] cannot take effect"));
    }
    return vm;
  }
  for (const auto& entry : options.class_path) {
    if (!std::filesystem::exists(entry)) {
      return absl::NotFoundError(absl::StrCat("JVM class path entry ", entry, " does not exist"));
    }
  }
  auto create = LoadLibJvm(options.java_home);
  if (!create.ok()) return create.status();

  // The hook first: the JVM reads options in order, and reports a bad one through the hook only
  // if it has seen the hook already.
  std::vector<JavaVMOption> jvm_options;
  jvm_options.push_back({const_cast<char*>("vfprintf"), reinterpret_cast<void*>(&VfprintfHook)});
  for (const auto& a : args) jvm_options.push_back({const_cast<char*>(a.c_str()), nullptr});
  JavaVMInitArgs init;
  init.version = kJniVersion;
  init.nOptions = static_cast<jint>(jvm_options.size());
  init.options = jvm_options.data();
  init.ignoreUnrecognized = JNI_FALSE;

  {
    std::lock_guard<std::mutex> capture(s.capture_mu);
    s.capturing = true;
    s.captured.clear();
  }
  // On a helper thread: the creating thread has its stack limited to -Xss, and the JVM treats a
  // process's primordial thread specially; neither should happen to the caller's thread.
  JavaVM* vm = nullptr;
  jint rc = JNI_ERR;
  std::thread creator([&] {
    JNIEnv* env = nullptr;
    rc = (*create)(&vm, reinterpret_cast<void**>(&env), &init);
    if (rc == JNI_OK) vm->DetachCurrentThread();
  });
  creator.join();
  std::string said;
  {
    std::lock_guard<std::mutex> capture(s.capture_mu);
    s.capturing = false;
    said.swap(s.captured);
  }
  if (rc != JNI_OK) {
    return absl::InvalidArgumentError(absl::StrCat(
        "cannot create the JVM of ", options.java_home, " with options [", absl::StrJoin(args, " "),
        "]: JNI_CreateJavaVM returned ", JniErrorName(rc),
        said.empty() ? "" : absl::StrCat("; the JVM said: ", absl::StripTrailingAsciiWhitespace(said))));
  }
  if (!said.empty()) std::fputs(said.c_str(), stderr);  // warnings of a JVM that did start
  s.options = options;
  s.vm.store(vm);
  return vm;
}

bool JvmExists() { return State().vm.load() != nullptr; }

absl::StatusOr<JNIEnv*> CurrentThreadEnv() {
  if (t_attachment.env != nullptr) return t_attachment.env;
  JavaVM* vm = State().vm.load();
  if (vm == nullptr) return absl::FailedPreconditionError("no JVM in this process yet (GetOrCreateJvm creates it)");
  JNIEnv* env = nullptr;
  jint rc = vm->GetEnv(reinterpret_cast<void**>(&env), kJniVersion);
  if (rc == JNI_OK) return env;  // attached by its owner, who will detach it: not cached
  if (rc != JNI_EDETACHED) return absl::InternalError(absl::StrCat("JavaVM::GetEnv failed: ", JniErrorName(rc)));
  JavaVMAttachArgs attach;
  attach.version = kJniVersion;
  attach.name = const_cast<char*>("dsconform-worker");
  attach.group = nullptr;
  // As a daemon, so that the JVM never waits for a host thread.
  rc = vm->AttachCurrentThreadAsDaemon(reinterpret_cast<void**>(&env), &attach);
  if (rc != JNI_OK) return absl::InternalError(absl::StrCat("cannot attach a thread to the JVM: ", JniErrorName(rc)));
  t_attachment.Attached(vm, env);
  return env;
}

absl::StatusOr<std::string> JavaRuntimeVersion() {
  auto env_or = CurrentThreadEnv();
  if (!env_or.ok()) return env_or.status();
  JNIEnv* env = *env_or;
  LocalFrame frame(env, 8);
  if (!frame.ok()) return CheckJava(env, "JavaRuntimeVersion: PushLocalFrame", absl::StatusCode::kResourceExhausted);
  jclass system = env->FindClass("java/lang/System");
  if (auto st = CheckJava(env, "FindClass java.lang.System"); !st.ok()) return st;
  jmethodID get = env->GetStaticMethodID(system, "getProperty", "(Ljava/lang/String;)Ljava/lang/String;");
  if (auto st = CheckJava(env, "System.getProperty"); !st.ok()) return st;
  jstring key = env->NewStringUTF("java.version");
  if (auto st = CheckJava(env, "NewStringUTF"); !st.ok()) return st;
  auto value = static_cast<jstring>(env->CallStaticObjectMethod(system, get, key));
  if (auto st = CheckJava(env, "System.getProperty(\"java.version\")"); !st.ok()) return st;
  return ToUtf8(env, value);
}

}  // namespace dsconform
