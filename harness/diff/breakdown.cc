#include "harness/diff/breakdown.h"

#include "absl/strings/match.h"

namespace dsconform {

bool IsBreakdown(const Value& error) {
  if (error.kind != Value::Kind::kError) return false;
  const std::string& cls = error.error_class;
  if (cls == "panic") return true;
  if (!absl::StartsWith(cls, "java.")) return false;
  for (const char* deliberate : {"java.lang.IllegalArgumentException", "java.lang.IllegalStateException",
                                 "java.lang.UnsupportedOperationException"})
    if (cls == deliberate) return false;
  return true;
}

}  // namespace dsconform
