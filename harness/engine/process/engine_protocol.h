#ifndef DSCONFORM_HARNESS_ENGINE_PROCESS_ENGINE_PROTOCOL_H_
#define DSCONFORM_HARNESS_ENGINE_PROCESS_ENGINE_PROTOCOL_H_

// The messages of the out-of-process engine protocol (docs/engine-protocol.md),
// shared by the harness's client and by engine servers.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "absl/strings/string_view.h"
#include "absl/types/span.h"
#include "harness/case/case_program.h"
#include "harness/engine/engine.h"
#include "harness/engine/observation.h"
#include "harness/engine/process/engine_frame.h"
#include "nlohmann/json.hpp"

namespace dsconform {

inline constexpr int kEngineProtocolVersion = 1;

// --- hello: the harness opens, the engine answers with what it is.

std::string EncodeHelloRequest(int protocol = kEngineProtocolVersion);
// The protocol version the harness asks for.
absl::StatusOr<int> DecodeHelloRequest(const Frame& frame);

struct EngineHello {
  int protocol = kEngineProtocolVersion;
  std::string engine;  // kind@version
  // Family -> the steps of its vocabulary the engine executes (empty: not stated).
  Capabilities families;
  // Family -> what its library lacks of those steps, one line each (variants it
  // answers "unsupported"); for people: the harness does not act on it. Sent
  // only when not empty.
  std::map<std::string, std::vector<std::string>> lacks;
};
// The hello's JSON header, as sent (dsconform-engine --hello prints it).
nlohmann::ordered_json EngineHelloJson(const EngineHello& hello);
std::string EncodeEngineHello(const EngineHello& hello);
absl::StatusOr<EngineHello> DecodeEngineHello(const Frame& frame);

// --- run: a batch of stages; result: their observations.

std::string EncodeRunRequest(uint64_t id, absl::Span<const PreparedStage> stages);

// A decoded run request owns the cases its stages point into.
struct RunRequest {
  uint64_t id = 0;
  std::vector<std::unique_ptr<Case>> cases;
  std::vector<PreparedStage> stages;
};
absl::StatusOr<RunRequest> DecodeRunRequest(Frame frame);

// What an engine answers for one stage: its observations, or why it refused
// the stage as malformed (the in-process engines' error Status).
struct StageResult {
  Observations observations;
  std::string rejected;  // non-empty: refused; observations are then empty
};
std::string EncodeRunResult(uint64_t id, const std::vector<StageResult>& results);
// Checks the answer belongs to request `id` and has one result per stage. An
// `error` message from the engine is an error status carrying its text.
absl::StatusOr<std::vector<StageResult>> DecodeRunResult(Frame frame, uint64_t id, size_t stages);

// --- error and bye.

std::string EncodeError(absl::string_view message);
std::string EncodeBye();
// The text of an `error` message (empty when absent).
std::string ErrorMessageOf(const Frame& frame);

// One value's members as the protocol writes them, into the object `out` has open (a field's,
// after its name); bytes go to `payloads` and the JSON names their index.
class JsonText;  // harness/case/json_text.h
void WriteValueToWire(const Value& v, std::vector<absl::string_view>* payloads, JsonText& out);
absl::StatusOr<Value> ValueFromWire(const nlohmann::json& j, const std::vector<std::string>& payloads);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_PROCESS_ENGINE_PROTOCOL_H_
