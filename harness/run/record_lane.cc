#include "harness/run/record_lane.h"

#include <utility>

namespace dsconform {

RecordLane::RecordLane(Mode mode) : mode_(mode) {
  if (mode_ == Mode::kBeside) thread_ = std::thread([this] { Loop(); });
}

RecordLane::~RecordLane() {
  if (mode_ != Mode::kBeside) return;
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void RecordLane::Run(std::function<void()> task) {
  if (mode_ == Mode::kInline) {
    task();
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    queue_.push_back(std::move(task));
  }
  changed_.notify_all();
}

void RecordLane::Wait() {
  std::unique_lock<std::mutex> lock(mu_);
  changed_.wait(lock, [this] { return queue_.empty() && !busy_; });
}

void RecordLane::Loop() {
  std::unique_lock<std::mutex> lock(mu_);
  for (;;) {
    changed_.wait(lock, [this] { return stop_ || !queue_.empty(); });
    if (queue_.empty()) return;  // stopped, every task run
    std::function<void()> task = std::move(queue_.front());
    queue_.pop_front();
    busy_ = true;
    lock.unlock();
    task();
    task = nullptr;  // its answers let go before the task counts as done
    lock.lock();
    busy_ = false;
    changed_.notify_all();
  }
}

void RecordLane::RoomForAnswer(int most) {
  std::unique_lock<std::mutex> lock(mu_);
  changed_.wait(lock, [this, most] { return answers_ < most; });
}

RecordLane::Answer RecordLane::Hold(std::vector<StageOutcome> answer) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    ++answers_;
  }
  return Answer(new std::vector<StageOutcome>(std::move(answer)), [this](const std::vector<StageOutcome>* held) {
    delete held;
    Released();
  });
}

void RecordLane::Released() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    --answers_;
  }
  changed_.notify_all();
}

}  // namespace dsconform
