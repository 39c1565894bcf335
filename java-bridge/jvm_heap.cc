#include "java-bridge/jvm_heap.h"

#include "java-bridge/java_exception.h"
#include "java-bridge/jni_handles.h"
#include "java-bridge/jvm.h"

namespace dsconform {

// Checks the JNI step before it: a pending exception returns its Status, naming the step.
#define DSC_HEAP_CHECK(what)                                               \
  do {                                                                     \
    if (auto st = CheckJava(env, "reading the JVM heap: " what); !st.ok()) \
      return st;                                                           \
  } while (0)

absl::StatusOr<JvmHeapUsage> ReadJvmHeapUsage(bool reset_peaks) {
  if (!JvmExists()) return absl::FailedPreconditionError("no JVM runs in this process");
  auto attached = CurrentThreadEnv();
  if (!attached.ok()) return attached.status();
  JNIEnv* env = *attached;
  LocalFrame frame(env, 64);
  DSC_HEAP_CHECK("PushLocalFrame");

  // ManagementFactory.getMemoryPoolMXBeans(), then per pool of type HEAP its usage and peak.
  jclass factory = env->FindClass("java/lang/management/ManagementFactory");
  DSC_HEAP_CHECK("FindClass ManagementFactory");
  jmethodID get_pools = env->GetStaticMethodID(factory, "getMemoryPoolMXBeans", "()Ljava/util/List;");
  DSC_HEAP_CHECK("ManagementFactory.getMemoryPoolMXBeans");
  jclass list_class = env->FindClass("java/util/List");
  DSC_HEAP_CHECK("FindClass List");
  jmethodID size = env->GetMethodID(list_class, "size", "()I");
  DSC_HEAP_CHECK("List.size");
  jmethodID get = env->GetMethodID(list_class, "get", "(I)Ljava/lang/Object;");
  DSC_HEAP_CHECK("List.get");
  jclass pool_class = env->FindClass("java/lang/management/MemoryPoolMXBean");
  DSC_HEAP_CHECK("FindClass MemoryPoolMXBean");
  jmethodID get_type = env->GetMethodID(pool_class, "getType", "()Ljava/lang/management/MemoryType;");
  DSC_HEAP_CHECK("MemoryPoolMXBean.getType");
  jmethodID get_usage = env->GetMethodID(pool_class, "getUsage", "()Ljava/lang/management/MemoryUsage;");
  DSC_HEAP_CHECK("MemoryPoolMXBean.getUsage");
  jmethodID get_peak = env->GetMethodID(pool_class, "getPeakUsage", "()Ljava/lang/management/MemoryUsage;");
  DSC_HEAP_CHECK("MemoryPoolMXBean.getPeakUsage");
  jmethodID reset_peak = env->GetMethodID(pool_class, "resetPeakUsage", "()V");
  DSC_HEAP_CHECK("MemoryPoolMXBean.resetPeakUsage");
  jclass type_class = env->FindClass("java/lang/management/MemoryType");
  DSC_HEAP_CHECK("FindClass MemoryType");
  jfieldID heap_field = env->GetStaticFieldID(type_class, "HEAP", "Ljava/lang/management/MemoryType;");
  DSC_HEAP_CHECK("MemoryType.HEAP");
  jobject heap_type = env->GetStaticObjectField(type_class, heap_field);
  DSC_HEAP_CHECK("MemoryType.HEAP");
  jclass usage_class = env->FindClass("java/lang/management/MemoryUsage");
  DSC_HEAP_CHECK("FindClass MemoryUsage");
  jmethodID used = env->GetMethodID(usage_class, "getUsed", "()J");
  DSC_HEAP_CHECK("MemoryUsage.getUsed");
  jmethodID committed = env->GetMethodID(usage_class, "getCommitted", "()J");
  DSC_HEAP_CHECK("MemoryUsage.getCommitted");
  jmethodID max = env->GetMethodID(usage_class, "getMax", "()J");
  DSC_HEAP_CHECK("MemoryUsage.getMax");

  jobject pools = env->CallStaticObjectMethod(factory, get_pools);
  DSC_HEAP_CHECK("getMemoryPoolMXBeans()");
  const jint n = env->CallIntMethod(pools, size);
  DSC_HEAP_CHECK("List.size()");
  JvmHeapUsage out;
  for (jint i = 0; i < n; ++i) {
    LocalFrame pool_frame(env, 8);
    DSC_HEAP_CHECK("PushLocalFrame");
    jobject pool = env->CallObjectMethod(pools, get, i);
    DSC_HEAP_CHECK("List.get()");
    jobject type = env->CallObjectMethod(pool, get_type);
    DSC_HEAP_CHECK("getType()");
    if (!env->IsSameObject(type, heap_type)) continue;
    jobject now = env->CallObjectMethod(pool, get_usage);
    DSC_HEAP_CHECK("getUsage()");
    jobject peak = env->CallObjectMethod(pool, get_peak);
    DSC_HEAP_CHECK("getPeakUsage()");
    if (now == nullptr || peak == nullptr) continue;  // a pool no longer valid
    out.used_bytes += env->CallLongMethod(now, used);
    out.committed_bytes += env->CallLongMethod(now, committed);
    const jlong pool_max = env->CallLongMethod(now, max);
    if (pool_max > 0) out.max_bytes += pool_max;  // -1: undefined for this pool
    out.peak_used_bytes += env->CallLongMethod(peak, used);
    DSC_HEAP_CHECK("MemoryUsage getters");
    if (reset_peaks) {
      env->CallVoidMethod(pool, reset_peak);
      DSC_HEAP_CHECK("resetPeakUsage()");
    }
  }
  return out;
}

#undef DSC_HEAP_CHECK

}  // namespace dsconform
