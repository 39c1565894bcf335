#include "harness/run/record_lane.h"

#include <atomic>
#include <chrono>
#include <future>
#include <thread>
#include <vector>

#include "gtest/gtest.h"

namespace dsconform {
namespace {

using std::chrono::milliseconds;

TEST(RecordLane, RunsTasksBesideTheCallerWithoutWaitingForThem) {
  RecordLane lane(RecordLane::Mode::kBeside);
  std::promise<void> go;
  std::shared_future<void> started = go.get_future().share();
  std::atomic<bool> saw_go{false};
  std::thread::id ran_on;
  // The task waits for what the caller does after giving it: a Run that waited for its task
  // would leave it to time out.
  lane.Run([&] {
    ran_on = std::this_thread::get_id();
    saw_go = started.wait_for(std::chrono::seconds(10)) == std::future_status::ready;
  });
  go.set_value();
  lane.Wait();
  EXPECT_TRUE(saw_go.load());
  EXPECT_NE(ran_on, std::this_thread::get_id());
}

TEST(RecordLane, RunsTasksOneAtATimeInTheOrderGiven) {
  RecordLane lane(RecordLane::Mode::kBeside);
  std::vector<int> order;
  std::atomic<int> running{0};
  std::atomic<bool> overlapped{false};
  for (int i = 0; i < 200; ++i)
    lane.Run([&, i] {
      overlapped = overlapped || running.fetch_add(1) != 0;
      order.push_back(i);
      running.fetch_sub(1);
    });
  lane.Wait();
  ASSERT_EQ(order.size(), 200u);
  for (int i = 0; i < 200; ++i) EXPECT_EQ(order[static_cast<size_t>(i)], i);
  EXPECT_FALSE(overlapped.load());
}

TEST(RecordLane, InlineRunsEachTaskAtOnceOnTheCaller) {
  RecordLane lane(RecordLane::Mode::kInline);
  std::thread::id ran_on;
  bool ran = false;
  lane.Run([&] {
    ran_on = std::this_thread::get_id();
    ran = true;
  });
  EXPECT_TRUE(ran);
  EXPECT_EQ(ran_on, std::this_thread::get_id());
}

TEST(RecordLane, ItsEndWaitsForTheTasksGiven) {
  std::atomic<bool> done{false};
  {
    RecordLane lane(RecordLane::Mode::kBeside);
    lane.Run([&] {
      std::this_thread::sleep_for(milliseconds(50));
      done = true;
    });
  }
  EXPECT_TRUE(done.load());
}

TEST(RecordLane, AnEngineWaitsWhileThreeAnswersAreHeld) {
  RecordLane lane(RecordLane::Mode::kBeside);
  std::vector<RecordLane::Answer> held;
  for (int i = 0; i < 3; ++i) held.push_back(lane.Hold(std::vector<StageOutcome>(1)));
  std::atomic<bool> room{false};
  std::thread engine([&] {
    lane.RoomForAnswer(3);
    room = true;
  });
  std::this_thread::sleep_for(milliseconds(100));
  EXPECT_FALSE(room.load());
  // A task holding the last copy of one lets it go when it ends.
  RecordLane::Answer given = held.back();
  held.pop_back();
  lane.Run([given]() mutable { given.reset(); });
  given.reset();
  engine.join();
  EXPECT_TRUE(room.load());
}

}  // namespace
}  // namespace dsconform
