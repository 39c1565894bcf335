#ifndef DSCONFORM_HARNESS_CASE_MSGPACK_READER_H_
#define DSCONFORM_HARNESS_CASE_MSGPACK_READER_H_

#include <cstddef>
#include <cstdint>

#include "absl/status/statusor.h"
#include "nlohmann/json.hpp"

namespace dsconform {

// The JSON value of MessagePack bytes, as nlohmann::json::from_msgpack(bytes, strict) gives it
// (the same value, the same number types, an error for trailing bytes), for the forms
// nlohmann::json::to_msgpack writes: nil, booleans, integers, floats, strings, arrays, maps with
// string keys and binary. Written because the cases of a run are unpacked once or twice each
// (harness/case/case_store.h) and nlohmann's reader takes a string a byte at a time: this one
// copies strings whole, some three times faster on a case's program.
absl::StatusOr<nlohmann::json> ReadMsgpack(const uint8_t* data, size_t size);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CASE_MSGPACK_READER_H_
