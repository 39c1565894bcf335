#ifndef DSCONFORM_SKETCHES_CPC_CPC_SUITES_H_
#define DSCONFORM_SKETCHES_CPC_CPC_SUITES_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/family/family.h"
#include "nlohmann/json.hpp"

namespace dsconform {

const Suite& CpcMatrixSuite();
const Suite& CpcUnionSuite();
const Suite& CpcCrossHeapifySuite();
const Suite& CpcSeedSuite();
const Suite& CpcItemsSuite();
const Suite& CpcAccuracySuite();
const Suite& CpcAccuracyUnionsSuite();
std::vector<const Suite*> CpcSuites();

// The seed every library uses when none is given (DEFAULT_UPDATE_SEED / DEFAULT_SEED),
// and the one the suites use as "a custom seed".
inline constexpr int64_t kCpcDefaultSeed = 9001;
inline constexpr int64_t kCpcCustomSeed = 123456789;

// The flavors of a CPC sketch with K = 2^lgK and C coupons, as both libraries
// define them (cpc_sketch::determine_flavor, CpcSketch.determineFlavor):
// EMPTY C = 0; SPARSE C < 3K/32; HYBRID C < K/2; PINNED C < 27K/8; SLIDING beyond.
enum class CpcFlavor { kEmpty, kSparse, kHybrid, kPinned, kSliding };
CpcFlavor CpcFlavorOf(int lg_k, int64_t coupons);
const char* CpcFlavorName(CpcFlavor flavor);

// The first coupon count of each non-empty flavor: 1, ceil(3K/32), ceil(K/2), ceil(27K/8).
std::vector<int64_t> CpcFlavorThresholds(int lg_k);

// The expected number of coupons after n distinct items: a coupon is (row,
// column) with row uniform over K and column c with probability 2^-(c+1).
double CpcExpectedCoupons(int lg_k, int64_t n);
// The least n whose expected coupon count reaches `coupons`.
int64_t CpcItemsForCoupons(int lg_k, int64_t coupons);

// Sizes for one lgK: empty, 1, 2, and n-1, n, n+1 around the item count
// expected to reach each flavor threshold, then multiples of K deep into the
// sliding flavor (where the window moves); sorted, unique, at most max_items.
std::vector<int64_t> CpcMatrixSizes(int lg_k, int64_t max_items);

// One size well inside each flavor (empty, sparse, hybrid, pinned, sliding,
// sliding after the window moved a few times).
std::vector<int64_t> CpcFlavorSizes(int lg_k);

// Every query defined on a sketch (docs/case-format.md, "CPC steps").
nlohmann::ordered_json CpcSketchQueries();
// The queries a read-only wrapped image answers.
nlohmann::ordered_json CpcWrapQueries();

// Step arguments with an optional seed: none means the library's default
// constructor or reader (the suites cover both spellings of the default).
nlohmann::ordered_json WithSeed(nlohmann::ordered_json args, std::optional<int64_t> seed);

// The case for an imported snapshot (suite "tck").
Case CpcSnapshotCase(const std::string& id, const std::string& image);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_CPC_CPC_SUITES_H_
