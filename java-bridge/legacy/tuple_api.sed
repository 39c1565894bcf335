# The java-bridge's TupleFamily said in the datasketches-java 6.x/7.x tuple API, before
# memory_api.sed does the rest. sed -E, applied by translate_families.cmake to TupleFamily only.
# 6.x/7.x name the theta and the tuple sketch both `Sketch`, and their generic tuple sketch and set
# operations take no seed (9.1.0 added it): a seeded call becomes `lacking(...)`, which throws the
# NoSuchMethodError the family answers unsupported, as it does on 9.0.0.

# The theta sketch by its full name, so that the tuple sketch may be `Sketch`.
/^import org\.apache\.datasketches\.theta\.ThetaSketch;$/d
s/\bThetaSketch\b/org.apache.datasketches.theta.Sketch/g

# Seeded calls that 6.x/7.x do not have.
s/\b(new ArrayOfStringsTupleSketch|new TupleUnion|new TupleIntersection|TupleAnotB\.aNotB|JaccardSimilarity\.jaccard|TupleSketch\.heapifySketch)\(([^;]*), seed(\(op\))?\)/lacking("a seeded \1")/g
s/\bb\.setSeed\(seed\(op\)\);/lacking("UpdatableSketchBuilder.setSeed");/
$i\
\
  /** A call of the seeded 9.1.0 tuple API, which this release lacks. */\
  private static <T> T lacking(String call) {\
    throw new NoSuchMethodError(call + " (datasketches-java 9.1.0 on)");\
  }

# Static heapify lived in Sketches.
s/^import org\.apache\.datasketches\.tuple\.TupleSketch;$/import org.apache.datasketches.tuple.Sketch;\nimport org.apache.datasketches.tuple.Sketches;/
s/\bTupleSketch\.(heapifySketch|heapifyUpdatableSketch)\b/Sketches.\1/g

# Class names before 9.0.
s/\bUpdatableTupleSketchBuilder\b/UpdatableSketchBuilder/g
s/\bUpdatableTupleSketch\b/UpdatableSketch/g
s/\bArrayOfStringsTupleSketch\b/ArrayOfStringsSketch/g
s/\bTupleSketch\b/Sketch/g
s/\bTupleUnion\b/Union/g
s/\bTupleIntersection\b/Intersection/g
s/\bTupleAnotB\b/AnotB/g

# A read-only view of a writable memory is the memory itself (a Memory).
s/\bseg\.asReadOnly\(\)/seg/g
