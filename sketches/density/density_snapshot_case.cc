// The case of one density image read alone (no TCK names density snapshots; the differential
// fuzzing reads its mutants through it): read, written again, queried, and, for an image of a
// few dimensions, the estimate at the origin.
#include <cstdint>

#include "harness/case/case_builder.h"
#include "sketches/density/density_family.h"
#include "sketches/density/density_suites.h"

namespace dsconform {
namespace {

// Dimensions up to which the case asks for an estimate: an image's dimension is its own claim.
constexpr uint32_t kMaxQueriedDim = 8;

}  // namespace

Case DensitySnapshotCase(const std::string& id, const std::string& image) {
  CaseBuilder b(id, "tck", "density");
  b.Input("image", image);
  b.Step("deserialize", "heapify", {{"image", "image"}}).Step("serialize", "heapify", {{"form", "compact"}});
  b.Step("query", "heapify", {{"queries", DensityScalarQueries()}});
  uint32_t dim = 0;  // bytes 8-11 of the preamble, little-endian
  for (size_t i = 0; i < 4 && image.size() >= 12; ++i) dim |= uint32_t{static_cast<uint8_t>(image[8 + i])} << (8 * i);
  const bool empty = image.size() < 4 || (image[3] & 4) != 0;  // flags bit 2: EMPTY
  if (!empty && dim >= 1 && dim <= kMaxQueriedDim)
    b.Step("query", "heapify", {{"queries", {"estimates"}}, {"as", "origin"}, {"points", std::vector<std::string>(dim, "0")}});
  return b.Build();
}

}  // namespace dsconform
