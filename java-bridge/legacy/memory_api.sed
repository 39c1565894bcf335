# The java-bridge's 9.x families, said in the datasketches-java 6.x/7.x API: the datasketches-memory
# Memory and WritableMemory for java.lang.foreign.MemorySegment, and the class names before 9.0's
# renames. sed -E, applied by translate_families.cmake to each class the legacy engine takes from the 9.x bridge; the
# legacy tests (java_legacy_engine_test) compile and run the result. Order matters: specific first.

1i // Generated from the java-bridge class of the same name by java-bridge/legacy/memory_api.sed: edit those.
# Imports: the memory API (and ThetaUtil's seed) for the MemorySegment API.
s/^import java\.lang\.foreign\.MemorySegment;$/import java.nio.ByteOrder;\nimport org.apache.datasketches.memory.DefaultMemoryRequestServer;\nimport org.apache.datasketches.memory.Memory;\nimport org.apache.datasketches.memory.WritableMemory;\nimport org.apache.datasketches.thetacommon.ThetaUtil;/
/^import org\.apache\.datasketches\.common\.MemorySegmentRequest;$/d

# A writable wrap that may grow: 9.x takes a null request (its default); a WritableMemory over an
# array has no request server in datasketches-memory 3.x/4.x, so it gets the default one.
s/UpdatableThetaSketch\.wrap\(MemorySegment\.ofArray\(([A-Za-z_]+)\), null, /UpdateSketch.wrap(WritableMemory.writableWrap(\1, 0, \1.length, ByteOrder.LITTLE_ENDIAN, new DefaultMemoryRequestServer()), /g
s/\bMemorySegmentRequest\.DEFAULT\b/new DefaultMemoryRequestServer()/g

# Segments over arrays: read-only ones are Memory, the others WritableMemory (one level of nested
# parentheses inside the array expression).
s/\bMemorySegment ([A-Za-z_]+) = MemorySegment\.ofArray\((([^()]|\([^()]*\))*)\)\.asReadOnly\(\)/Memory \1 = Memory.wrap(\2)/g
s/\bMemorySegment\.ofArray\((([^()]|\([^()]*\))*)\)\.asReadOnly\(\)/Memory.wrap(\1)/g
s/\bMemorySegment\.ofArray\(/WritableMemory.writableWrap(/g
s/\bMemorySegment\b/WritableMemory/g

# Class and method names before 9.0.
s/\bHllUnion\b/Union/g
s/\bCompactThetaSketch\b/CompactSketch/g
s/\bThetaIntersection\b/Intersection/g
s/\bThetaSetOperationBuilder\b/SetOperationBuilder/g
s/\bThetaSetOperation\b/SetOperation/g
s/\bUpdatableThetaSketchBuilder\b/UpdateSketchBuilder/g
s/\bUpdatableThetaSketch\b/UpdateSketch/g
s/\bThetaUnion\b/Union/g
s/\bThetaSketch\b/Sketch/g
# 9.x sizes an update sketch by lgK, 6.x/7.x by its nominal entries.
s/\bgetUpdateSketchMaxBytes\(([^()]*)\)/getMaxUpdateSketchBytes(1 << (\1))/g
s/\bUtil\.DEFAULT_UPDATE_SEED\b/ThetaUtil.DEFAULT_UPDATE_SEED/g
s/\bKLL_(DOUBLES|FLOATS|LONGS|ITEMS)_SKETCH\b/\1_SKETCH/g
s/\bFrequentItemsSketch\b/ItemsSketch/g
s/\bFrequentLongsSketch\b/LongsSketch/g
