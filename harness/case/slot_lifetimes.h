#ifndef DSCONFORM_HARNESS_CASE_SLOT_LIFETIMES_H_
#define DSCONFORM_HARNESS_CASE_SLOT_LIFETIMES_H_

#include <string>
#include <vector>

#include "harness/case/case_program.h"

namespace dsconform {

// The slots an engine may let go of after each step of a stage: element i lists, in order of
// first appearance, the slots that no step after ops[i] names, so that a case of many sketches
// (a union per trial, a copy per image read) holds only those still to be read. A step names a
// slot as the one it acts on or makes, or by any string of its members (a merge's `from`, an
// a-not-b's `a` and `b`, a list of sources) equal to a slot's name: an image or field named like
// a slot only keeps that slot longer. A slot made anew keeps its name's last step.
std::vector<std::vector<std::string>> SlotsDoneAfter(const std::vector<Op>& ops);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CASE_SLOT_LIFETIMES_H_
