#ifndef DSCONFORM_HARNESS_ENGINE_ITEM_TAPE_H_
#define DSCONFORM_HARNESS_ENGINE_ITEM_TAPE_H_

#include <memory>
#include <string>
#include <string_view>

namespace dsconform {

// A shared handle to the item tape of one update step (harness/case/item_stream.h): the bytes
// it views may be a prefix of a longer tape of the same stream, which other stages share
// (harness/engine/tape_cache.h). Read like a pointer to the bytes: *tape, tape->size().
class ItemTape {
 public:
  ItemTape() = default;
  // The whole of `bytes`.
  explicit ItemTape(std::shared_ptr<const std::string> bytes)
      : owner_(std::move(bytes)), view_(owner_ ? std::string_view(*owner_) : std::string_view()) {}
  // The first `size` bytes of `owner` (size <= owner->size()).
  ItemTape(std::shared_ptr<const std::string> owner, size_t size)
      : owner_(std::move(owner)), view_(owner_->data(), size) {}

  explicit operator bool() const { return owner_ != nullptr; }
  const std::string_view& operator*() const { return view_; }
  const std::string_view* operator->() const { return &view_; }

 private:
  std::shared_ptr<const std::string> owner_;
  std::string_view view_;
};

}  // namespace dsconform

#endif  // DSCONFORM_HARNESS_ENGINE_ITEM_TAPE_H_
