#ifndef DSCONFORM_JAVA_BRIDGE_BATCH_CODEC_H_
#define DSCONFORM_JAVA_BRIDGE_BATCH_CODEC_H_

#include <string>
#include <string_view>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/types/span.h"
#include "harness/engine/engine.h"
#include "harness/engine/observation.h"

namespace dsconform {

// The arguments of one BatchRunner.runBatch call (docs/java-bridge.md).
struct EncodedBatch {
  std::string program;  // one line per record
  // Every item tape and input image of the batch, where the stages hold them: Java reads each
  // through a direct ByteBuffer, so nothing is copied, and they must outlive the call. Program
  // lines name them by index; a tape that several stages share is here once.
  std::vector<std::string_view> blobs;
};

// Encodes stages for the Java bridge. Fails, naming the case and the step, on a name or value the
// line format cannot carry (a space, a non-ASCII byte) and on a tape or image of 2 GiB or more
// (Java buffers are int-indexed).
absl::StatusOr<EncodedBatch> EncodeBatch(absl::Span<const PreparedStage> stages);

// Decodes runBatch's result, given in the chunks that hold it: one Observations per stage. Fails
// on any malformed byte (a field that straddles two chunks is one), since that means the bridge
// and this decoder disagree about the format.
absl::StatusOr<std::vector<Observations>> DecodeBatchResult(absl::Span<const std::string_view> chunks,
                                                             size_t stage_count);

}  // namespace dsconform

#endif  // DSCONFORM_JAVA_BRIDGE_BATCH_CODEC_H_
