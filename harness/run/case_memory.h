#ifndef DSCONFORM_HARNESS_RUN_CASE_MEMORY_H_
#define DSCONFORM_HARNESS_RUN_CASE_MEMORY_H_

#include <cstdint>

#include "harness/case/case_program.h"
#include "harness/family/step_vocabulary.h"

namespace dsconform {

// About the most memory a case takes while it runs, told before it runs, so the runner admits
// work within a budget (RunOptions::memory_budget_bytes). An upper estimate from the case's
// steps, not a measurement. A stage's slots hold as many items as their steps' capacities allow
// (StepVocabulary::CapacityOf) and no more than the stage gives them, unless the library
// allocates them whole; a slot made from others (a result, a copy, an image read) is as large as
// the largest; so is each image written.
struct CaseMemory {
  int64_t tape_bytes = 0;     // its items, made once by the harness
  int64_t first_state = 0;    // one engine's slots in the first stage
  int64_t first_images = 0;   // the images one engine writes in it
  int64_t cross_state = 0;    // one reader's slots in the cross stage, for one writer's images
  int64_t cross_read = 0;     // the images of one writer it reads
  int64_t cross_images = 0;   // the images one reader writes from them

  // On `engines` engines: each holds the larger of its stages (its slots, the images it answers
  // and, reading, every writer's images at once), and the harness keeps every answer, and one
  // copy of each writer's images for the readers, until the case's records are made.
  int64_t Total(int engines) const;
};

// `vocabulary` is the case's family's; without one (a family this build lacks) every slot is
// taken to hold every item of its stage.
CaseMemory EstimateCaseMemory(const Case& c, const StepVocabulary* vocabulary);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_CASE_MEMORY_H_
