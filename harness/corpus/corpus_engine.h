#ifndef DSCONFORM_HARNESS_CORPUS_CORPUS_ENGINE_H_
#define DSCONFORM_HARNESS_CORPUS_CORPUS_ENGINE_H_

#include <memory>
#include <string>

#include "harness/corpus/corpus_file.h"
#include "harness/engine/engine.h"

namespace dsconform {

// The suffix that tells a recorded engine from a live one in reports:
// "cpp@5.2.0+corpus" replays what cpp@5.2.0 observed when it was recorded.
inline constexpr char kCorpusEngineSuffix[] = "+corpus";
// The engine spec that names a corpus file: "corpus:<path>".
inline constexpr char kCorpusSpecPrefix[] = "corpus:";

// An engine that answers from a corpus instead of running a library: the first
// stage of a recorded case gives the recorded observations; a cross stage gives
// the recorded engine's reading of its own images when the images offered are
// those it wrote, and is unsupported otherwise (it never read anyone else's).
// Cases the corpus does not hold are unsupported.
std::unique_ptr<EngineFactory> MakeCorpusEngineFactory(std::shared_ptr<const Corpus> corpus);

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_CORPUS_CORPUS_ENGINE_H_
