package dev.dsconform.bridge;

import java.util.List;

/**
 * One sketch family's steps (sketches/&lt;family&gt;/&lt;family&gt;_steps.json). Adding a family to
 * the Java engine is one class implementing this, named {@code <Something>Family} in this package:
 * {@link FamilyCatalog} finds it in the bridge jar.
 */
interface Family {
  /** The family's name, the {@code family} of its cases ("hll"). */
  String name();

  /**
   * The steps of the family's vocabulary this class executes, on the heap or with sketches in a
   * MemorySegment ({@code direct}, the java-direct engine): what the engine declares. The harness
   * sends no stage with another step; it reports that step unsupported itself.
   */
  List<String> steps(boolean direct);

  /** Starts one stage; the returned executor owns that stage's slots. */
  StageExecutor begin(StageContext context);

  interface StageExecutor {
    /**
     * Executes one step and writes its observations through the context. Returns false when the
     * family has no such step (reported as "not supported by this engine"). Anything the library
     * throws propagates: BatchRunner turns it into {@code error@op<index>} and ends the stage.
     */
    boolean execute(ProgramReader.Op op) throws Exception;

    /** Lets go of {@code slot}, which no later step of the stage names: its sketch is garbage. */
    void drop(String slot);
  }
}
