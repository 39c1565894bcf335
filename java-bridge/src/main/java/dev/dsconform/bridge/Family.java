package dev.dsconform.bridge;

/**
 * One sketch family's vocabulary of steps (docs/case-format.md). Adding a family to the Java
 * engine is one class implementing this, registered in {@link BatchRunner}.
 */
interface Family {
  /** Starts one stage; the returned executor owns that stage's slots. */
  StageExecutor begin(StageContext context);

  interface StageExecutor {
    /**
     * Executes one step and writes its observations through the context. Returns false when the
     * family has no such step (reported as "not supported by this engine"). Anything the library
     * throws propagates: BatchRunner turns it into {@code error@op<index>} and ends the stage.
     */
    boolean execute(ProgramReader.Op op) throws Exception;
  }
}
