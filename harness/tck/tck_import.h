#ifndef DSCONFORM_HARNESS_TCK_TCK_IMPORT_H_
#define DSCONFORM_HARNESS_TCK_TCK_IMPORT_H_

#include <map>
#include <string>
#include <vector>

#include "absl/status/statusor.h"
#include "harness/case/case_program.h"
#include "harness/family/family_catalog.h"

namespace dsconform {

// The serialization snapshots of the DataSketches TCK, as cases: every .sk
// file of a family dsconform supports becomes a case (id tck/<language>/<file
// stem>) that each engine reads, queries and writes again; files of other
// families are listed by family.
struct TckImport {
  std::vector<Case> cases;
  std::map<std::string, std::vector<std::string>> skipped;  // family key (e.g. "cpc") -> file names
  int files = 0;
};

// `dir` is a TCK checkout, its serialization_test_data directory, or one
// <language>_generated_files directory. Files are taken in name order.
absl::StatusOr<TckImport> ImportTckSnapshots(const std::string& dir, const FamilyCatalog& families);

// The family key of a snapshot file name: the name up to its first '_',
// without trailing digits ("hll4_n10_java.sk" -> "hll", "bf_n0_h3_cpp.sk" -> "bf").
std::string SnapshotFamilyKey(const std::string& file_name);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_TCK_TCK_IMPORT_H_
