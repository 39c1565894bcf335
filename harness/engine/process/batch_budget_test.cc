#include "harness/engine/process/batch_budget.h"

#include "gtest/gtest.h"

namespace dsconform {
namespace {

TEST(BatchBudget, BeforeAnyAnswerABatchHasOneCaseTimeout) {
  const BatchBudget budget(absl::Seconds(30));
  EXPECT_EQ(budget.For(1), absl::Seconds(30));
  EXPECT_EQ(budget.For(64), absl::Seconds(30));
}

TEST(BatchBudget, ABatchHasOneCaseTimeoutPastItsTimeAtTheSlowestPaceWithMargin) {
  BatchBudget budget(absl::Seconds(30));
  budget.Answered(64, absl::Milliseconds(640));  // 10 ms a stage
  EXPECT_EQ(budget.For(64), absl::Seconds(30) + absl::Milliseconds(BatchBudget::kMargin * 640));
  budget.Answered(10, absl::Seconds(2));  // 200 ms a stage: slower, so it counts
  EXPECT_EQ(budget.For(64), absl::Seconds(30) + absl::Milliseconds(BatchBudget::kMargin * 64 * 200));
  budget.Answered(64, absl::Milliseconds(64));  // faster batches do not shrink it
  EXPECT_EQ(budget.For(64), absl::Seconds(30) + absl::Milliseconds(BatchBudget::kMargin * 64 * 200));
}

TEST(BatchBudget, NeverMoreThanACaseTimeoutPerStage) {
  BatchBudget budget(absl::Seconds(30));
  budget.Answered(1, absl::Seconds(29));
  EXPECT_EQ(budget.For(1), absl::Seconds(30));
  EXPECT_EQ(budget.For(64), absl::Seconds(30) * 64);
}

TEST(BatchBudget, AnEmptyAnswerTeachesNothing) {
  BatchBudget budget(absl::Seconds(5));
  budget.Answered(0, absl::Seconds(3));
  EXPECT_EQ(budget.For(8), absl::Seconds(5));
}

}  // namespace
}  // namespace dsconform
