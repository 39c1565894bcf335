#include "java-bridge/jni_handles.h"

#include <vector>

#include "java-bridge/jvm.h"

namespace dsconform {

GlobalRef::~GlobalRef() {
  if (!ref_) return;
  // The owner may be destroyed on any thread; deleting needs that thread's env.
  if (auto env = CurrentThreadEnv(); env.ok()) (*env)->DeleteGlobalRef(ref_);
}

GlobalRef& GlobalRef::operator=(GlobalRef&& o) noexcept {
  if (this != &o) {
    GlobalRef old(std::move(*this));
    ref_ = o.ref_;
    o.ref_ = nullptr;
  }
  return *this;
}

std::string ToUtf8(JNIEnv* env, jstring s) {
  if (s == nullptr) return "";
  const jsize n = env->GetStringLength(s);
  std::vector<jchar> u(static_cast<size_t>(n));
  env->GetStringRegion(s, 0, n, u.data());
  std::string out;
  out.reserve(u.size());
  for (size_t i = 0; i < u.size(); ++i) {
    uint32_t c = u[i];
    if (c >= 0xD800 && c < 0xDC00 && i + 1 < u.size() && u[i + 1] >= 0xDC00 && u[i + 1] < 0xE000) {
      c = 0x10000 + ((c - 0xD800) << 10) + (u[++i] - 0xDC00u);
    }
    if (c < 0x80) {
      out += static_cast<char>(c);
    } else if (c < 0x800) {
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
      out += static_cast<char>(0xE0 | (c >> 12));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (c >> 18));
      out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (c & 0x3F));
    }
  }
  return out;
}

jstring NewJavaString(JNIEnv* env, const std::string& utf8) {
  std::vector<jchar> u;
  u.reserve(utf8.size());
  for (size_t i = 0; i < utf8.size();) {
    const auto b = static_cast<unsigned char>(utf8[i]);
    const size_t len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
    uint32_t c = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
    for (size_t k = 1; k < len && i + k < utf8.size(); ++k) c = (c << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3F);
    i += len;
    if (c >= 0x10000) {
      c -= 0x10000;
      u.push_back(static_cast<jchar>(0xD800 + (c >> 10)));
      u.push_back(static_cast<jchar>(0xDC00 + (c & 0x3FF)));
    } else {
      u.push_back(static_cast<jchar>(c));
    }
  }
  return env->NewString(u.data(), static_cast<jsize>(u.size()));
}

}  // namespace dsconform
