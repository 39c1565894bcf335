#include "java-bridge/bridge_loader.h"

#include <filesystem>
#include <map>
#include <mutex>
#include <vector>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "java-bridge/java_exception.h"
#include "java-bridge/jvm.h"
#include "nlohmann/json.hpp"

namespace dsconform {
namespace {

constexpr char kRunnerClass[] = "dev.dsconform.bridge.BatchRunner";
constexpr char kRunnerResource[] = "dev/dsconform/bridge/BatchRunner.class";
constexpr char kLibraryResource[] = "org/apache/datasketches/hll/HllSketch.class";

// Why a version cannot run in this JVM, in plain words, from the error its probe raised.
std::string CannotRunReason(const JavaException& e, const std::string& jvm_version) {
  std::vector<JavaException::Link> chain = {{e.class_name, e.message}};
  chain.insert(chain.end(), e.causes.begin(), e.causes.end());
  for (const auto& link : chain) {
    if (link.class_name != "java.lang.UnsupportedClassVersionError") continue;
    if (absl::StrContains(link.message, "preview features")) {
      return absl::StrCat(
          "its classes were compiled with the preview features of an older Java release, and a Java ", jvm_version,
          " JVM accepts preview class files of its own release only (datasketches-java 8.x and datasketches-memory "
          "6.x were built for Java 21 with --enable-preview, when java.lang.foreign was a preview API). Run it in a "
          "JVM of the release it was built for, as an out-of-process engine. The JVM said: ",
          link.class_name, ": ", link.message);
    }
    return absl::StrCat("its classes were compiled for a newer Java than this Java ", jvm_version,
                        " JVM. The JVM said: ", link.class_name, ": ", link.message);
  }
  for (const auto& link : chain) {
    if (link.class_name == "java.lang.ClassFormatError") {
      return absl::StrCat("its class files are not valid for this Java ", jvm_version, " JVM: ", link.message);
    }
  }
  for (const auto& link : chain) {
    for (const char* api : {"java.lang.NoSuchMethodError", "java.lang.NoSuchFieldError", "java.lang.NoClassDefFoundError",
                            "java.lang.AbstractMethodError", "java.lang.IncompatibleClassChangeError"}) {
      if (link.class_name == api) {
        return absl::StrCat("its API is not the datasketches-java 9.x API the bridge is compiled against (",
                            link.class_name, ": ", link.message, ")");
      }
    }
  }
  return absl::StrCat("a probe of its HLL classes failed: ", e.ToString());
}

// After each JNI step of Create: a pending exception returns its Status, naming the step. Keeps
// the long sequence of calls below readable while checking every one of them.
#define DSC_CHECK_JAVA(env, what)                                                      \
  do {                                                                                 \
    if (auto st = CheckJava(env, absl::StrCat(label, ": ", what)); !st.ok()) return st; \
  } while (0)

}  // namespace

absl::StatusOr<BridgeRuntime*> BridgeRuntime::Create(JNIEnv* env, const std::string& label,
                                                     const std::vector<std::string>& jars) {
  for (const auto& jar : jars) {
    if (!std::filesystem::is_regular_file(jar)) {
      return absl::NotFoundError(absl::StrCat(label, ": jar ", jar, " does not exist"));
    }
  }
  LocalFrame frame(env, 64);
  DSC_CHECK_JAVA(env, "PushLocalFrame");

  // URL[] of the jars: new File(path).toURI().toURL().
  jclass file_class = env->FindClass("java/io/File");
  DSC_CHECK_JAVA(env, "FindClass java.io.File");
  jmethodID file_init = env->GetMethodID(file_class, "<init>", "(Ljava/lang/String;)V");
  DSC_CHECK_JAVA(env, "File(String)");
  jmethodID to_uri = env->GetMethodID(file_class, "toURI", "()Ljava/net/URI;");
  DSC_CHECK_JAVA(env, "File.toURI");
  jclass uri_class = env->FindClass("java/net/URI");
  DSC_CHECK_JAVA(env, "FindClass java.net.URI");
  jmethodID to_url = env->GetMethodID(uri_class, "toURL", "()Ljava/net/URL;");
  DSC_CHECK_JAVA(env, "URI.toURL");
  jclass url_class = env->FindClass("java/net/URL");
  DSC_CHECK_JAVA(env, "FindClass java.net.URL");
  jobjectArray urls = env->NewObjectArray(static_cast<jsize>(jars.size()), url_class, nullptr);
  DSC_CHECK_JAVA(env, "NewObjectArray");
  for (size_t i = 0; i < jars.size(); ++i) {
    jstring path = NewJavaString(env, jars[i]);
    DSC_CHECK_JAVA(env, "NewString");
    jobject file = env->NewObject(file_class, file_init, path);
    DSC_CHECK_JAVA(env, "new File");
    jobject uri = env->CallObjectMethod(file, to_uri);
    DSC_CHECK_JAVA(env, "File.toURI");
    jobject url = env->CallObjectMethod(uri, to_url);
    DSC_CHECK_JAVA(env, "URI.toURL");
    env->SetObjectArrayElement(urls, static_cast<jsize>(i), url);
    DSC_CHECK_JAVA(env, "SetObjectArrayElement");
    for (jobject local : {static_cast<jobject>(path), file, uri, url}) env->DeleteLocalRef(local);
  }

  // new URLClassLoader(name, urls, ClassLoader.getPlatformClassLoader())
  jclass class_loader_class = env->FindClass("java/lang/ClassLoader");
  DSC_CHECK_JAVA(env, "FindClass java.lang.ClassLoader");
  jmethodID platform = env->GetStaticMethodID(class_loader_class, "getPlatformClassLoader", "()Ljava/lang/ClassLoader;");
  DSC_CHECK_JAVA(env, "ClassLoader.getPlatformClassLoader");
  jobject parent = env->CallStaticObjectMethod(class_loader_class, platform);
  DSC_CHECK_JAVA(env, "ClassLoader.getPlatformClassLoader()");
  jclass url_loader_class = env->FindClass("java/net/URLClassLoader");
  DSC_CHECK_JAVA(env, "FindClass java.net.URLClassLoader");
  jmethodID loader_init = env->GetMethodID(url_loader_class, "<init>",
                                           "(Ljava/lang/String;[Ljava/net/URL;Ljava/lang/ClassLoader;)V");
  DSC_CHECK_JAVA(env, "URLClassLoader(String, URL[], ClassLoader)");
  jstring loader_name = NewJavaString(env, "dsconform " + label);
  DSC_CHECK_JAVA(env, "NewString");
  jobject loader = env->NewObject(url_loader_class, loader_init, loader_name, urls, parent);
  DSC_CHECK_JAVA(env, "new URLClassLoader");

  // Both halves present? (A missing class would otherwise surface as a NoClassDefFoundError mid-run.)
  jmethodID find_resource = env->GetMethodID(url_loader_class, "findResource", "(Ljava/lang/String;)Ljava/net/URL;");
  DSC_CHECK_JAVA(env, "URLClassLoader.findResource");
  const auto has = [&](const char* resource) -> absl::StatusOr<bool> {
    jstring name = env->NewStringUTF(resource);
    DSC_CHECK_JAVA(env, "NewStringUTF");
    jobject url = env->CallObjectMethod(loader, find_resource, name);
    DSC_CHECK_JAVA(env, absl::StrCat("findResource(", resource, ")"));
    return url != nullptr;
  };
  auto has_library = has(kLibraryResource);
  if (!has_library.ok()) return has_library.status();
  if (!*has_library) {
    return absl::FailedPreconditionError(absl::StrCat(label, ": no datasketches-java classes in [",
                                                      absl::StrJoin(jars.begin() + 1, jars.end(), ", "), "] (no ",
                                                      kLibraryResource, ")"));
  }
  auto has_bridge = has(kRunnerResource);
  if (!has_bridge.ok()) return has_bridge.status();
  if (!*has_bridge) {
    return absl::FailedPreconditionError(absl::StrCat(label, ": the bridge jar ", jars.front(), " has no ", kRunnerResource,
                                                      " (rebuild the target dsconform_java_bridge_jar)"));
  }

  // Class.forName("dev.dsconform.bridge.BatchRunner", true, loader) and its methods.
  jclass class_class = env->FindClass("java/lang/Class");
  DSC_CHECK_JAVA(env, "FindClass java.lang.Class");
  jmethodID for_name = env->GetStaticMethodID(class_class, "forName",
                                              "(Ljava/lang/String;ZLjava/lang/ClassLoader;)Ljava/lang/Class;");
  DSC_CHECK_JAVA(env, "Class.forName");
  jstring runner_name = env->NewStringUTF(kRunnerClass);
  DSC_CHECK_JAVA(env, "NewStringUTF");
  auto runner = static_cast<jclass>(env->CallStaticObjectMethod(class_class, for_name, runner_name, JNI_TRUE, loader));
  DSC_CHECK_JAVA(env, absl::StrCat("loading ", kRunnerClass));
  jmethodID run_batch = env->GetStaticMethodID(runner, "runBatch", "(Ljava/lang/String;[Ljava/nio/ByteBuffer;Z)[[B");
  DSC_CHECK_JAVA(env, "BatchRunner.runBatch");
  jmethodID last_batch_library_nanos = env->GetStaticMethodID(runner, "lastBatchLibraryNanos", "()J");
  DSC_CHECK_JAVA(env, "BatchRunner.lastBatchLibraryNanos");
  jmethodID library_version = env->GetStaticMethodID(runner, "libraryVersion", "()Ljava/lang/String;");
  DSC_CHECK_JAVA(env, "BatchRunner.libraryVersion");
  jmethodID capabilities = env->GetStaticMethodID(runner, "capabilities", "(Z)Ljava/lang/String;");
  DSC_CHECK_JAVA(env, "BatchRunner.capabilities");
  jmethodID probe = env->GetStaticMethodID(runner, "probe", "()Ljava/lang/String;");
  DSC_CHECK_JAVA(env, "BatchRunner.probe");

  auto version = static_cast<jstring>(env->CallStaticObjectMethod(runner, library_version));
  DSC_CHECK_JAVA(env, "BatchRunner.libraryVersion()");
  auto heap_json = static_cast<jstring>(env->CallStaticObjectMethod(runner, capabilities, JNI_FALSE));
  DSC_CHECK_JAVA(env, "BatchRunner.capabilities(false)");
  auto direct_json = static_cast<jstring>(env->CallStaticObjectMethod(runner, capabilities, JNI_TRUE));
  DSC_CHECK_JAVA(env, "BatchRunner.capabilities(true)");
  env->CallStaticObjectMethod(runner, probe);
  if (auto e = TakePendingException(env)) {
    // "java@8.0.0", and where it came from when the label says something else (a jar path).
    const size_t at = label.find('@');
    const std::string name = absl::StrCat(label.substr(0, at), "@", ToUtf8(env, version));
    const std::string from = at == std::string::npos ? label : label.substr(at + 1);
    auto jvm_version = JavaRuntimeVersion();
    return absl::FailedPreconditionError(absl::StrCat(
        name, name == label ? "" : absl::StrCat(" (from ", from, ")"), " cannot run in this JVM because ",
        CannotRunReason(*e, jvm_version.ok() ? *jvm_version : "?")));
  }

  Capabilities heap, direct;
  std::string error;
  if (!CapabilitiesFromJson(nlohmann::json::parse(ToUtf8(env, heap_json), nullptr, false), &heap, &error) ||
      !CapabilitiesFromJson(nlohmann::json::parse(ToUtf8(env, direct_json), nullptr, false), &direct, &error))
    return absl::InternalError(absl::StrCat(label, ": BatchRunner.capabilities(): ", error));

  jclass byte_buffer = env->FindClass("java/nio/ByteBuffer");
  DSC_CHECK_JAVA(env, "FindClass java.nio.ByteBuffer");

  auto* rt = new BridgeRuntime;
  rt->label_ = label;
  rt->loader_ = GlobalRef(env, loader);
  rt->runner_ = GlobalRef(env, runner);
  rt->byte_buffer_class_ = GlobalRef(env, byte_buffer);
  rt->run_batch_ = run_batch;
  rt->last_batch_library_nanos_ = last_batch_library_nanos;
  rt->library_version_ = ToUtf8(env, version);
  rt->capabilities_ = std::move(heap);
  rt->direct_capabilities_ = std::move(direct);
  return rt;
}

#undef DSC_CHECK_JAVA

absl::StatusOr<const BridgeRuntime*> BridgeRuntime::Load(const std::string& label, const std::vector<std::string>& jars) {
  // Runtimes are never freed: their classes stay loaded for the life of the JVM anyway.
  static auto* mu = new std::mutex;
  static auto* loaded = new std::map<std::string, const BridgeRuntime*>;
  std::lock_guard<std::mutex> lock(*mu);
  const std::string key = absl::StrJoin(jars, "\n");
  if (auto it = loaded->find(key); it != loaded->end()) return it->second;
  auto env = CurrentThreadEnv();
  if (!env.ok()) return env.status();
  auto rt = Create(*env, label, jars);
  if (!rt.ok()) return rt.status();
  loaded->emplace(key, *rt);
  return *rt;
}

absl::Status BridgeRuntime::RunBatch(JNIEnv* env, const std::string& program, absl::Span<const std::string_view> blobs,
                                     bool direct, int64_t* library_nanos,
                                     absl::FunctionRef<absl::Status(absl::Span<const std::string_view> result)> read) const {
  LocalFrame frame(env, 8);
  if (auto st = CheckJava(env, label_ + ": PushLocalFrame", absl::StatusCode::kResourceExhausted); !st.ok()) return st;
  // The program is printable ASCII (batch_codec.cc), where modified UTF-8 and UTF-8 agree.
  jstring text = env->NewStringUTF(program.c_str());
  if (auto st = CheckJava(env, label_ + ": NewStringUTF", absl::StatusCode::kResourceExhausted); !st.ok()) return st;
  auto buffers = static_cast<jobjectArray>(
      env->NewObjectArray(static_cast<jsize>(blobs.size()), static_cast<jclass>(byte_buffer_class_.get()), nullptr));
  if (auto st = CheckJava(env, label_ + ": NewObjectArray", absl::StatusCode::kResourceExhausted); !st.ok()) return st;
  static char empty_blob;
  for (size_t i = 0; i < blobs.size(); ++i) {
    // Java only reads them (BatchRunner makes them read-only first); JNI wants a non-const address.
    void* address = blobs[i].empty() ? &empty_blob : const_cast<char*>(blobs[i].data());
    jobject buffer = env->NewDirectByteBuffer(address, static_cast<jlong>(blobs[i].size()));
    if (auto st = CheckJava(env, label_ + ": NewDirectByteBuffer"); !st.ok()) return st;
    if (buffer == nullptr) return absl::InternalError(label_ + ": this JVM does not support direct buffers from JNI");
    env->SetObjectArrayElement(buffers, static_cast<jsize>(i), buffer);
    if (auto st = CheckJava(env, label_ + ": SetObjectArrayElement"); !st.ok()) return st;
    env->DeleteLocalRef(buffer);
  }
  auto result = static_cast<jobjectArray>(env->CallStaticObjectMethod(static_cast<jclass>(runner_.get()), run_batch_,
                                                                      text, buffers, direct ? JNI_TRUE : JNI_FALSE));
  if (auto st = CheckJava(env, label_ + ": BatchRunner.runBatch threw"); !st.ok()) return st;
  if (result == nullptr) return absl::InternalError(label_ + ": BatchRunner.runBatch returned null");
  if (library_nanos != nullptr) {
    *library_nanos = env->CallStaticLongMethod(static_cast<jclass>(runner_.get()), last_batch_library_nanos_);
    if (auto st = CheckJava(env, label_ + ": BatchRunner.lastBatchLibraryNanos threw"); !st.ok()) return st;
  }
  // The result's chunks (ResultWriter.finish): each a u32 length, that part of the result, then
  // unused room. Every reference first, since no JNI call may come while the arrays are pinned.
  const jsize count = env->GetArrayLength(result);
  LocalFrame chunk_frame(env, count + 1);
  if (auto st = CheckJava(env, label_ + ": PushLocalFrame", absl::StatusCode::kResourceExhausted); !st.ok()) return st;
  std::vector<jbyteArray> chunks(static_cast<size_t>(count));
  std::vector<jsize> capacities(chunks.size());
  for (jsize i = 0; i < count; ++i) {
    chunks[i] = static_cast<jbyteArray>(env->GetObjectArrayElement(result, i));
    if (auto st = CheckJava(env, label_ + ": GetObjectArrayElement"); !st.ok()) return st;
    if (chunks[i] == nullptr) return absl::InternalError(absl::StrCat(label_, ": BatchRunner.runBatch's chunk ", i, " is null"));
    capacities[i] = env->GetArrayLength(chunks[i]);
  }
  std::vector<const unsigned char*> pinned;
  std::vector<std::string_view> parts;
  pinned.reserve(chunks.size());
  parts.reserve(chunks.size());
  absl::Status st;
  for (size_t i = 0; i < chunks.size() && st.ok(); ++i) {
    auto* bytes = static_cast<const unsigned char*>(env->GetPrimitiveArrayCritical(chunks[i], nullptr));
    if (bytes == nullptr) {
      st = absl::ResourceExhaustedError(label_ + ": GetPrimitiveArrayCritical gave no result bytes");
      break;
    }
    pinned.push_back(bytes);
    const uint32_t n = capacities[i] < 4 ? 0 : bytes[0] | bytes[1] << 8 | bytes[2] << 16 | uint32_t{bytes[3]} << 24;
    if (capacities[i] < 4 || n > static_cast<uint32_t>(capacities[i]) - 4) {
      st = absl::InternalError(absl::StrCat(label_, ": BatchRunner.runBatch's chunk ", i, " of ", capacities[i],
                                            " bytes does not hold the length it announces (", n, ")"));
    }
    parts.emplace_back(reinterpret_cast<const char*>(bytes) + 4, n);
  }
  if (st.ok()) st = read(parts);
  for (size_t i = pinned.size(); i-- > 0;) {
    env->ReleasePrimitiveArrayCritical(chunks[i], const_cast<unsigned char*>(pinned[i]), JNI_ABORT);
  }
  // A pin that failed may leave an exception pending, which only now may be looked at.
  if (auto java = CheckJava(env, label_ + ": GetPrimitiveArrayCritical", absl::StatusCode::kResourceExhausted);
      !java.ok())
    return java;
  return st;
}

}  // namespace dsconform
