#ifndef DSCONFORM_HARNESS_FUZZ_FUZZ_CASES_H_
#define DSCONFORM_HARNESS_FUZZ_FUZZ_CASES_H_

#include <cstdint>
#include <vector>

#include "harness/case/case_program.h"
#include "harness/corpus/corpus_file.h"
#include "harness/family/family_catalog.h"

namespace dsconform {

// The differential fuzzing of deserializers: every distinct valid image a
// recording holds (record with --keep_images for all of them) gives up to
// `per_image` mutants (harness/fuzz/image_mutator.h), each a case of suite
// "fuzz" that every engine reads (heapify and wrap), queries and writes again,
// as for an imported snapshot. Both rejecting is agreement (the differ treats
// exceptions across languages as equal); one accepting where the other
// rejects, or both accepting and answering differently, is a difference.
// Ids: fuzz/<source case>/<image field>/<mutation>.
std::vector<Case> FuzzCases(const Corpus& seeds, const FamilyCatalog& families, uint64_t seed, size_t per_image);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_FUZZ_FUZZ_CASES_H_
