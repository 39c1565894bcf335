#ifndef DSCONFORM_SKETCHES_KLL_KLL_VOCABULARY_H_
#define DSCONFORM_SKETCHES_KLL_KLL_VOCABULARY_H_

#include <string>
#include <vector>

namespace dsconform {

// The item types of a KLL slot (`item` of create, deserialize, convert) and
// the tape kind each one is updated from: double and float from doubles
// (float: each item rounded to float, as a user's cast does), long from
// longs, string from strings.
extern const char* const kKllItemTypes[4];  // double, float, long, string
const char* KllTapeKindOf(const std::string& item_type);

// Queries whose answer is one value: `<as>.<query>`.
const std::vector<std::string>& KllScalarQueries();
// Queries answered once per grid point: `<as>.<query>[i]`. quantiles* take
// the op's `ranks`; ranks* take its `points`; pmf*/cdf* take `points` as split
// points and give points+1 values. *_excl use the exclusive search criterion.
const std::vector<std::string>& KllGridQueries();
// Observations only a native (datasketches-cpp) engine makes: its to_string()
// text and the bytes its allocator holds. The Java engine answers them
// "unsupported", so they are compared between native builds only.
const std::vector<std::string>& KllNativeOnlyQueries();
bool IsKllQuery(const std::string& q);
bool KllQueryNeedsRanks(const std::string& q);
bool KllQueryNeedsPoints(const std::string& q);

}  // namespace dsconform

#endif  // DSCONFORM_SKETCHES_KLL_KLL_VOCABULARY_H_
