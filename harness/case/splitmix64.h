#ifndef DSCONFORM_HARNESS_CASE_SPLITMIX64_H_
#define DSCONFORM_HARNESS_CASE_SPLITMIX64_H_

#include <cstdint>

namespace dsconform {

// SplitMix64 (Steele, Lea, Flood 2014; the reference C code by Vigna).
// Chosen because it is tiny, has published reference values, and any engine
// in any language can re-derive a stream from its seed when debugging.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t Next() {
    uint64_t z = (state_ += kGamma);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  // Moves past the next `n` draws as n calls of Next would: the state is a counter.
  void Skip(uint64_t n) { state_ += n * kGamma; }

 private:
  static constexpr uint64_t kGamma = 0x9e3779b97f4a7c15ULL;
  uint64_t state_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CASE_SPLITMIX64_H_
