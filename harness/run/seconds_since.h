#ifndef DSCONFORM_HARNESS_RUN_SECONDS_SINCE_H_
#define DSCONFORM_HARNESS_RUN_SECONDS_SINCE_H_

#include <chrono>

namespace dsconform {

// Seconds from `start` to now on the steady clock, as the runner, its steps and the bench time them.
inline double SecondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_RUN_SECONDS_SINCE_H_
