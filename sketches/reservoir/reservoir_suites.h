#ifndef DSCONFORM_SKETCHES_RESERVOIR_RESERVOIR_SUITES_H_
#define DSCONFORM_SKETCHES_RESERVOIR_RESERVOIR_SUITES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "harness/case/case_builder.h"
#include "harness/family/family.h"

namespace dsconform {

const Suite& ReservoirExactSuite();
const Suite& ReservoirSamplingSuite();
const Suite& ReservoirAccuracySuite();
std::vector<const Suite*> ReservoirSuites();

// How a slot is made: its item type and which Java API ("items", or "longs" for
// ReservoirLongsSketch/Union, item long only).
struct ReservoirKind {
  std::string item;
  std::string api = "items";
  // The create/deserialize members: item, and api when not the default.
  nlohmann::ordered_json Args() const;
  // The case id segments: "item=long/api=longs".
  std::string Id() const;
};

// Every kind the suites build: long, string, double through the items API, long through longs.
std::vector<ReservoirKind> ReservoirKinds();

// The items start..start+count-1 of the kind's item type: ordered longs,
// ordered doubles, non-ASCII strings (utf8_strings) when `utf8`, else ordered strings.
ItemStream ReservoirItems(const std::string& item, int64_t start, int64_t count, bool utf8 = false);

// A sketch's queries that both libraries answer; the sample itself (a field per item) only up to
// k = kReservoirListedK, as Frequent items lists its items: past it the fields multiply records
// and memory (a full run at k = 65536 held 9.8 GB), and the images say the same.
inline constexpr int kReservoirListedK = 4096;
nlohmann::ordered_json ReservoirSketchQueries(int64_t k = 0);

// The case of a TCK snapshot (reservoir_items_<item>_..., reservoir_longs_...,
// and their unions): the image read, answered and written again.
Case ReservoirSnapshotCase(const std::string& id, const std::string& image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_RESERVOIR_RESERVOIR_SUITES_H_
