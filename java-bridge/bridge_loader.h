#ifndef DSCONFORM_JAVA_BRIDGE_BRIDGE_LOADER_H_
#define DSCONFORM_JAVA_BRIDGE_BRIDGE_LOADER_H_

#include <jni.h>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "absl/functional/function_ref.h"
#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "harness/engine/capabilities.h"
#include "java-bridge/jni_handles.h"

namespace dsconform {

// One datasketches-java version loaded into the process JVM: a URLClassLoader of its own over the
// bridge jar and that version's jars, whose parent is the platform class loader (so two versions
// never see each other's classes), and the static methods of its dev.dsconform.bridge.BatchRunner.
// Loaded once per class path and kept until the process ends; usable from any attached thread.
class BridgeRuntime {
 public:
  // Loads (on first use) the runtime for `jars`, the bridge jar first. `label` names the engine in
  // messages ("java@8.0.0"). The JVM must exist. Fails, naming the label and the reason, when a jar
  // is missing, no jar holds datasketches-java, or the version cannot run in this JVM (checked by
  // BatchRunner.probe(), which touches every library path the bridge uses).
  static absl::StatusOr<const BridgeRuntime*> Load(const std::string& label, const std::vector<std::string>& jars);

  // BatchRunner.libraryVersion(): the datasketches-java version this loader sees.
  const std::string& library_version() const { return library_version_; }
  // BatchRunner.capabilities(direct): the families the bridge executes and the steps of each, on
  // the heap (java) or with sketches in a MemorySegment (java-direct).
  const Capabilities& capabilities(bool direct) const { return direct ? direct_capabilities_ : capabilities_; }

  // One BatchRunner.runBatch call. Java reads each of `blobs` in place through a read-only direct
  // ByteBuffer, so they must not change during the call. An exception escaping runBatch (a bridge
  // bug, or a JVM error such as OutOfMemoryError) becomes an error Status. When `library_nanos` is
  // given, it receives what the batch's steps took inside Java (BatchRunner.lastBatchLibraryNanos,
  // one more JNI call). `read` is given the result bytes in place, in the order of the Java arrays
  // that hold them (ResultWriter's chunks, pinned: it must not call into Java); its status is
  // RunBatch's. Copying them out first cost as much as
  // decoding them: the result holds every image the batch wrote.
  absl::Status RunBatch(JNIEnv* env, const std::string& program, absl::Span<const std::string_view> blobs,
                        bool direct, int64_t* library_nanos,
                        absl::FunctionRef<absl::Status(absl::Span<const std::string_view> result)> read) const;

 private:
  BridgeRuntime() = default;
  static absl::StatusOr<BridgeRuntime*> Create(JNIEnv* env, const std::string& label, const std::vector<std::string>& jars);

  std::string label_;
  GlobalRef loader_;
  GlobalRef runner_;  // the BatchRunner class
  GlobalRef byte_buffer_class_;  // java.nio.ByteBuffer, the element type of runBatch's blobs
  jmethodID run_batch_ = nullptr;
  jmethodID last_batch_library_nanos_ = nullptr;
  std::string library_version_;
  Capabilities capabilities_, direct_capabilities_;
};

}  // namespace dsconform

#endif  // DSCONFORM_JAVA_BRIDGE_BRIDGE_LOADER_H_
