#ifndef DSCONFORM_HARNESS_RECORD_INDICES_GROUPED_H_
#define DSCONFORM_HARNESS_RECORD_INDICES_GROUPED_H_

#include <string>

namespace dsconform {

// A field's name with its indices grouped, as summaries count fields and drafted rules name them:
// "register[17]" -> "register[*]", "a.frequent_nfn[12].estimate" -> "a.frequent_nfn[*].estimate".
// Only digits between brackets are an index ("slot[x]" stays).
std::string IndicesGrouped(const std::string& name);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RECORD_INDICES_GROUPED_H_
