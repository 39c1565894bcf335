#ifndef DSCONFORM_HARNESS_RUN_RECORD_LANE_H_
#define DSCONFORM_HARNESS_RUN_RECORD_LANE_H_

#include <condition_variable>
#include <cstddef>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "harness/run/batch_execution.h"

namespace dsconform {

// A worker's records, made beside its engines' calls: while one engine runs a batch, the lane
// diffs the answers that came before it, checks their invariants and hands finished batches to
// the sink. One worker's engines run one after another, so without it a core the workers leave
// idle stayed idle through the records (a fifth of Frequent items' wall time with one worker).
//
// Tasks run one at a time in the order given (a worker's batches reach the sink in its order).
// What bounds the lane's memory is the engines' answers: an answer is held (Hold) by the worker
// and by the tasks it is given to, and a worker waits (RoomForAnswer) before an engine makes the
// next one while as many are held as its batch may keep (case_memory.h). Inline, tasks run at
// once on the caller's thread: with as many workers as cores (RunOptions::records_beside), and in
// the serial pass of `dsconform bench`, which times its steps.
class RecordLane {
 public:
  using Answer = std::shared_ptr<const std::vector<StageOutcome>>;
  enum class Mode { kBeside, kInline };

  explicit RecordLane(Mode mode);
  ~RecordLane();  // waits for every task given
  RecordLane(const RecordLane&) = delete;
  RecordLane& operator=(const RecordLane&) = delete;

  // Runs `task` after the tasks given before it, without waiting for it (beside).
  void Run(std::function<void()> task);
  // Returns once every task given has run.
  void Wait();

  // Returns once fewer than `most` answers are held, so that an engine may make another.
  void RoomForAnswer(int most);
  // An engine's answer, counted as held until the last copy of the pointer is gone.
  Answer Hold(std::vector<StageOutcome> answer);

 private:
  void Loop();
  void Released();

  const Mode mode_;
  std::mutex mu_;
  std::condition_variable changed_;
  std::deque<std::function<void()>> queue_;
  bool busy_ = false;  // a task is running
  bool stop_ = false;
  int answers_ = 0;
  std::thread thread_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_RECORD_LANE_H_
