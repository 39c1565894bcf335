#include "harness/engine/engine.h"

#include "harness/case/slot_lifetimes.h"

namespace dsconform {

PreparedStage PrepareStage(const Case& c, const std::vector<Op>& ops, TapeCache* tapes) {
  PreparedStage s;
  s.source = &c;
  s.ops = &ops;
  if (&ops == &c.ops) s.images = c.inputs;
  s.done_after = SlotsDoneAfter(ops);
  for (const auto& op : ops)
    if (op.items)
      s.tapes.push_back(tapes != nullptr ? tapes->TapeOf(*op.items)
                                         : ItemTape(std::make_shared<const std::string>(EncodeItemTape(*op.items))));
  return s;
}

}  // namespace dsconform
