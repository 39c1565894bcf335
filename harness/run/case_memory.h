#ifndef DSCONFORM_HARNESS_RUN_CASE_MEMORY_H_
#define DSCONFORM_HARNESS_RUN_CASE_MEMORY_H_

#include <cstdint>
#include <string>

#include "harness/case/case_program.h"
#include "harness/family/step_vocabulary.h"

namespace dsconform {

// How many of a run's engines keep their sketches where (harness/engine/engine.h, MemoryHome).
struct EngineMix {
  int here = 0;       // in this process
  int java = 0;       // in the JVM's heap
  int elsewhere = 0;  // in their own processes
  int total() const { return here + java + elsewhere; }
};

// The engines' answers the harness keeps at a time: the two a record is being made of and the one
// an engine is making (a worker's records are made beside its engines: record_lane.h), or, where
// a budget leaves no room for three, the two alone (the engines then wait for the records).
inline constexpr int kMostAnswersKept = 3;
inline constexpr int kFewestAnswersKept = 2;

// What a case holds at once: in this process's heap (its items, the sketches of the engines
// compiled in, and every answer the harness keeps) and in the Java engines' shared heap.
struct CaseHeld {
  int64_t native = 0;
  int64_t java = 0;

  CaseHeld& operator+=(const CaseHeld& o) {
    native += o.native;
    java += o.java;
    return *this;
  }
  CaseHeld& operator-=(const CaseHeld& o) {
    native -= o.native;
    java -= o.java;
    return *this;
  }
};

// About the most memory a case takes while it runs, told before it runs, so the runner admits
// work within a budget (RunOptions::memory_budget_bytes). An upper estimate from the case's
// steps, not a measurement, following each slot through its stage: it holds the items given to
// it and what it takes from other slots (a merge's source), up to its step's capacity
// (StepVocabulary::CapacityOf), or that capacity from the start where the library allocates it
// whole; a slot made from others (a result, a copy) holds what they hold, one read from an image
// what the largest image before it holds; each image is as large as its slot's items are in an
// image. The engines let go of a slot once no later step names it (PreparedStage::done_after), so
// a stage holds what its live slots hold at once, not every slot it made.
struct CaseMemory {
  int64_t tape_bytes = 0;     // its items, made once by the harness
  int64_t first_state = 0;    // one engine's slots in the first stage
  int64_t first_images = 0;   // the images one engine writes in it
  int64_t cross_state = 0;    // one reader's slots in the cross stage, for one writer's images
  int64_t cross_read = 0;     // the images of one writer it reads
  int64_t cross_images = 0;   // the images one reader writes from them
  int64_t largest_image = 0;  // the largest image a stage writes

  // Each engine holds the larger of its stages (its slots, the images it answers and, reading,
  // one writer's images) where it keeps its sketches; the harness keeps `answers` engines' answers
  // at a time (two, unless records are made beside the engines), and one copy of each writer's
  // images until the readers have read them. An engine in this process writes its images into its
  // answer and reads the harness's copies, so beside its slots it holds only the image it is
  // writing. A Java engine copies each image the library hands it into its answer's chunks
  // (ResultWriter), so it holds one image twice for a moment; a worker's Java engines run one
  // after another, so the Java heap holds one engine's at a time.
  CaseHeld Held(const EngineMix& engines, int answers = kFewestAnswersKept) const;
  // Held's parts in MiB, for a message: "items 128, the native engine's slots 32, ...".
  std::string Parts(const EngineMix& engines, int answers = kFewestAnswersKept) const;
};

// `vocabulary` is the case's family's; without one (a family this build lacks) every slot is
// taken to hold every item of its stage.
CaseMemory EstimateCaseMemory(const Case& c, const StepVocabulary* vocabulary);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_CASE_MEMORY_H_
