#ifndef DSCONFORM_HARNESS_CORPUS_SHA256_H_
#define DSCONFORM_HARNESS_CORPUS_SHA256_H_

#include <string>
#include <string_view>

namespace dsconform {

// SHA-256 (FIPS 180-4) of `data`, as 32 raw bytes. The corpus stores large
// images as length plus this digest; a small implementation here spares the
// build a crypto library for one function.
std::string Sha256(std::string_view data);

// The same, as 64 lowercase hex digits.
std::string Sha256Hex(std::string_view data);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CORPUS_SHA256_H_
