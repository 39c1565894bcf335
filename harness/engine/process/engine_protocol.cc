#include "harness/engine/process/engine_protocol.h"

#include <limits>

#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/case/json_text.h"
#include "harness/case/slot_lifetimes.h"

namespace dsconform {
namespace {

using Json = nlohmann::json;
using OrderedJson = nlohmann::ordered_json;


// What is wrong, without the prefix: the public decoders add it once.
absl::Status Bad(absl::string_view what) { return absl::InvalidArgumentError(what); }

template <typename T>
absl::StatusOr<T> Prefixed(absl::StatusOr<T> r) {
  if (r.ok()) return r;
  return ProtocolError(r.status().message());
}

// Typed member access that names the member in its error.
absl::StatusOr<std::string> StringMember(const Json& obj, const char* key, absl::string_view where) {
  auto it = obj.find(key);
  if (it == obj.end() || !it->is_string()) return Bad(absl::StrCat(where, ": member \"", key, "\" must be a string"));
  return it->get<std::string>();
}

absl::StatusOr<uint64_t> IndexMember(const Json& obj, const char* key, absl::string_view where) {
  auto it = obj.find(key);
  if (it == obj.end() || !it->is_number_unsigned())
    return Bad(absl::StrCat(where, ": member \"", key, "\" must be a non-negative integer"));
  return it->get<uint64_t>();
}

absl::Status ExpectType(const Frame& frame, absl::string_view type) {
  const std::string got = frame.type();
  if (got == type) return absl::OkStatus();
  if (got == "error") return Bad(absl::StrCat("the other side reported: ", ErrorMessageOf(frame)));
  return Bad(absl::StrCat("expected a \"", type, "\" message, got \"", got, "\""));
}

bool IsHex16(const std::string& s) {
  return s.size() == 16 && s.find_first_not_of("0123456789abcdefABCDEF") == std::string::npos;
}

// Where a stage's ops sit in its case decides how it is named on the wire.
bool IsCrossStage(const PreparedStage& s) {
  return s.source != nullptr && s.source->cross && s.ops == &s.source->cross->ops;
}

OrderedJson OpsJson(const std::vector<Op>& ops) {
  Case tmp;
  tmp.ops = ops;
  return CaseToJson(tmp)["ops"];
}

absl::StatusOr<Observations> FieldsFromWire(const Json& fields, const std::vector<std::string>& payloads,
                                            absl::string_view where) {
  if (!fields.is_array()) return Bad(absl::StrCat(where, ": \"fields\" must be an array"));
  Observations obs;
  for (size_t i = 0; i < fields.size(); ++i) {
    const std::string fwhere = absl::StrCat(where, " field ", i);
    if (!fields[i].is_object()) return Bad(absl::StrCat(fwhere, ": must be an object"));
    auto name = StringMember(fields[i], "name", fwhere);
    if (!name.ok()) return name.status();
    auto value = ValueFromWire(fields[i], payloads);
    if (!value.ok()) return Bad(absl::StrCat(fwhere, " (", *name, "): ", value.status().message()));
    obs.Add(std::move(*name), std::move(*value));
  }
  return obs;
}

}  // namespace

// --- hello

std::string EncodeHelloRequest(int protocol) {
  OrderedJson h;
  h["type"] = "hello";
  h["protocol"] = protocol;
  return EncodeFrame(std::move(h), {});
}

namespace {
absl::StatusOr<int> DecodeHelloRequestImpl(const Frame& frame) {
  if (auto st = ExpectType(frame, "hello"); !st.ok()) return st;
  auto it = frame.header.find("protocol");
  if (it == frame.header.end() || !it->is_number_integer()) return Bad("hello: \"protocol\" must be an integer");
  return it->get<int>();
}
}  // namespace

absl::StatusOr<int> DecodeHelloRequest(const Frame& frame) { return Prefixed(DecodeHelloRequestImpl(frame)); }

OrderedJson EngineHelloJson(const EngineHello& hello) {
  OrderedJson h;
  h["type"] = "hello";
  h["protocol"] = hello.protocol;
  h["engine"] = hello.engine;
  h["families"] = CapabilitiesToJson(hello.families);
  if (!hello.lacks.empty()) h["lacks"] = hello.lacks;
  return h;
}

std::string EncodeEngineHello(const EngineHello& hello) { return EncodeFrame(EngineHelloJson(hello), {}); }

namespace {
absl::StatusOr<EngineHello> DecodeEngineHelloImpl(const Frame& frame) {
  auto protocol = DecodeHelloRequestImpl(frame);
  if (!protocol.ok()) return protocol.status();
  EngineHello hello;
  hello.protocol = *protocol;
  if (hello.protocol != kEngineProtocolVersion)
    return Bad(absl::StrCat("the engine speaks protocol ", hello.protocol, ", the harness ",
                                      kEngineProtocolVersion));
  auto engine = StringMember(frame.header, "engine", "hello");
  if (!engine.ok()) return engine.status();
  const size_t at = engine->find('@');
  if (at == std::string::npos || at == 0 || at + 1 == engine->size())
    return Bad(absl::StrCat("hello: engine name '", *engine, "' is not kind@version"));
  hello.engine = *engine;
  auto families = frame.header.find("families");
  if (families == frame.header.end()) return Bad("hello: \"families\" must be an object");
  std::string error;
  if (!CapabilitiesFromJson(*families, &hello.families, &error)) return Bad("hello: " + error);
  if (auto lacks = frame.header.find("lacks"); lacks != frame.header.end()) {
    const auto bad = Bad("hello: \"lacks\" must be an object of family -> [strings]");
    if (!lacks->is_object()) return bad;
    for (const auto& [family, lines] : lacks->items()) {
      if (!lines.is_array()) return bad;
      for (const auto& line : lines) {
        if (!line.is_string()) return bad;
        hello.lacks[family].push_back(line.get<std::string>());
      }
    }
  }
  return hello;
}
}  // namespace

absl::StatusOr<EngineHello> DecodeEngineHello(const Frame& frame) { return Prefixed(DecodeEngineHelloImpl(frame)); }

// --- values

void WriteValueToWire(const Value& v, std::vector<absl::string_view>* payloads, JsonText& out) {
  // The corpus form of a value, except that an image travels as a raw payload.
  if (v.kind != Value::Kind::kBytes) return WriteValueMembers(v, out);
  out.Key("kind").String(ValueKindName(v.kind)).Key("payload").Uint(payloads->size());
  payloads->push_back(v.bytes);
}

absl::StatusOr<Value> ValueFromWire(const Json& j, const std::vector<std::string>& payloads) {
  auto kind = StringMember(j, "kind", "value");
  if (!kind.ok()) return kind.status();
  if (*kind == "bytes") {
    auto index = IndexMember(j, "payload", "bytes");
    if (!index.ok()) return index.status();
    if (*index >= payloads.size())
      return Bad(absl::StrCat("bytes: payload ", *index, " does not exist (the message has ", payloads.size(), ")"));
    return Value::Bytes(payloads[*index]);
  }
  if (*kind == "double") {
    auto bits = StringMember(j, "bits", "double");
    if (!bits.ok()) return bits.status();
    if (!IsHex16(*bits)) return Bad(absl::StrCat("double: bits '", *bits, "' are not 16 hex digits"));
    return Value::DoubleBits(std::stoull(*bits, nullptr, 16));
  }
  if (*kind == "int") {
    auto it = j.find("value");
    // Integers above INT64_MAX parse as unsigned: they are out of range.
    if (it == j.end() || !it->is_number_integer() ||
        (it->is_number_unsigned() && it->get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())))
      return Bad("int: \"value\" must be an integer in the signed 64-bit range");
    return Value::Int(it->get<int64_t>());
  }
  if (*kind == "bool") {
    auto it = j.find("value");
    if (it == j.end() || !it->is_boolean()) return Bad("bool: \"value\" must be true or false");
    return Value::Bool(it->get<bool>());
  }
  if (*kind == "string" || *kind == "unsupported") {
    auto text = StringMember(j, "text", *kind);
    if (!text.ok()) return text.status();
    return *kind == "string" ? Value::String(std::move(*text)) : Value::Unsupported(std::move(*text));
  }
  if (*kind == "error") {
    auto cls = StringMember(j, "class", "error");
    auto message = StringMember(j, "message", "error");
    if (!cls.ok()) return cls.status();
    if (!message.ok()) return message.status();
    std::string stack;
    if (auto it = j.find("stack"); it != j.end() && it->is_string()) stack = it->get<std::string>();
    return Value::Error(std::move(*cls), std::move(*message), std::move(stack));
  }
  return Bad(absl::StrCat("unknown value kind '", *kind, "'"));
}

// --- run

std::string EncodeRunRequest(uint64_t id, absl::Span<const PreparedStage> stages) {
  std::vector<absl::string_view> payloads;
  // Cross stages of one case share their tapes (one copy per writer): send each once.
  // By place and length: tapes of one stream may be prefixes of one buffer (harness/engine/tape_cache.h).
  std::map<std::pair<const char*, size_t>, size_t> tape_index;
  OrderedJson jstages = OrderedJson::array();
  for (const PreparedStage& s : stages) {
    OrderedJson js;
    js["case"] = s.source->id;
    js["suite"] = s.source->suite;
    js["family"] = s.source->family;
    js["stage"] = IsCrossStage(s) ? "cross" : "first";
    js["ops"] = OpsJson(*s.ops);
    OrderedJson tapes = OrderedJson::array();
    for (const auto& tape : s.tapes) {
      auto [it, added] = tape_index.emplace(std::make_pair(tape->data(), tape->size()), payloads.size());
      if (added) payloads.emplace_back(tape->data(), tape->size());
      tapes.push_back(it->second);
    }
    js["tapes"] = std::move(tapes);
    OrderedJson images = OrderedJson::object();
    for (const auto& [name, bytes] : s.images) {
      images[name] = payloads.size();
      payloads.push_back(bytes);
    }
    js["images"] = std::move(images);
    js["drops"] = s.done_after;
    jstages.push_back(std::move(js));
  }
  OrderedJson h;
  h["type"] = "run";
  h["id"] = id;
  h["stages"] = std::move(jstages);
  return EncodeFrame(std::move(h), payloads);
}

namespace {
absl::StatusOr<RunRequest> DecodeRunRequestImpl(Frame frame) {
  if (auto st = ExpectType(frame, "run"); !st.ok()) return st;
  RunRequest req;
  auto id = IndexMember(frame.header, "id", "run");
  if (!id.ok()) return id.status();
  req.id = *id;
  const auto stages = frame.header.find("stages");
  if (stages == frame.header.end() || !stages->is_array()) return Bad("run: \"stages\" must be an array");
  // Payloads become shared tapes and images; one payload may serve several stages.
  std::vector<std::shared_ptr<const std::string>> shared(frame.payloads.size());
  auto payload = [&](uint64_t index) -> std::shared_ptr<const std::string> {
    if (!shared[index]) shared[index] = std::make_shared<const std::string>(std::move(frame.payloads[index]));
    return shared[index];
  };
  for (size_t i = 0; i < stages->size(); ++i) {
    const Json& js = (*stages)[i];
    const std::string where = absl::StrCat("run stage ", i);
    if (!js.is_object()) return Bad(absl::StrCat(where, ": must be an object"));
    auto case_id = StringMember(js, "case", where);
    auto family = StringMember(js, "family", where);
    auto stage = StringMember(js, "stage", where);
    if (!case_id.ok()) return case_id.status();
    if (!family.ok()) return family.status();
    if (!stage.ok()) return stage.status();
    if (*stage != "first" && *stage != "cross")
      return Bad(absl::StrCat(where, ": \"stage\" must be first or cross, got '", *stage, "'"));
    const bool cross = *stage == "cross";
    auto ops = js.find("ops");
    if (ops == js.end()) return Bad(absl::StrCat(where, ": \"ops\" missing"));
    auto images = js.find("images");
    if (images != js.end() && !images->is_object()) return Bad(absl::StrCat(where, ": \"images\" must be an object"));

    // The case form of docs/case-format.md parses and checks the ops.
    Json cj = {{"id", *case_id}, {"family", *family}};
    if (auto suite = js.find("suite"); suite != js.end() && suite->is_string()) cj["suite"] = *suite;
    if (cross) {
      Json names = Json::array();
      if (images != js.end())
        for (auto it = images->begin(); it != images->end(); ++it) names.push_back(it.key());
      cj["ops"] = Json::array();
      cj["cross"] = {{"images", names}, {"ops", *ops}};
    } else {
      cj["ops"] = *ops;
    }
    auto parsed = CaseFromJson(cj);
    if (!parsed.ok()) return Bad(absl::StrCat(where, ": ", parsed.status().message()));
    req.cases.push_back(std::make_unique<Case>(std::move(*parsed)));
    const Case& c = *req.cases.back();

    PreparedStage ps;
    ps.source = &c;
    ps.ops = cross ? &c.cross->ops : &c.ops;
    ps.done_after = SlotsDoneAfter(*ps.ops);
    auto tapes = js.find("tapes");
    if (tapes == js.end() || !tapes->is_array()) return Bad(absl::StrCat(where, ": \"tapes\" must be an array"));
    size_t with_items = 0;
    for (const auto& op : *ps.ops) with_items += op.items ? 1 : 0;
    if (tapes->size() != with_items)
      return Bad(absl::StrCat(where, ": ", tapes->size(), " tapes for ", with_items, " steps with items"));
    for (const auto& t : *tapes) {
      if (!t.is_number_unsigned() || t.get<uint64_t>() >= frame.payloads.size())
        return Bad(absl::StrCat(where, ": tape ", t.dump(), " is not a payload of the message"));
      ps.tapes.push_back(ItemTape(payload(t.get<uint64_t>())));
    }
    if (images != js.end()) {
      for (auto it = images->begin(); it != images->end(); ++it) {
        if (!it.value().is_number_unsigned() || it.value().get<uint64_t>() >= frame.payloads.size())
          return Bad(absl::StrCat(where, ": image '", it.key(), "' is not a payload of the message"));
        ps.images[it.key()] = *payload(it.value().get<uint64_t>());
      }
    }
    req.stages.push_back(std::move(ps));
  }
  return req;
}
}  // namespace

absl::StatusOr<RunRequest> DecodeRunRequest(Frame frame) { return Prefixed(DecodeRunRequestImpl(std::move(frame))); }

std::string EncodeRunResult(uint64_t id, const std::vector<StageResult>& results) {
  // Written as text: a batch's results can list thousands of fields (Frequent items' rows).
  std::vector<absl::string_view> payloads;
  std::string header;
  JsonText out(&header);
  out.BeginObject().Key("type").String("result").Key("id").Uint(id).Key("stages").BeginArray();
  for (const StageResult& r : results) {
    out.BeginObject();
    if (!r.rejected.empty()) {
      out.Key("rejected").String(r.rejected);
    } else {
      out.Key("fields").BeginArray();
      for (const Field& f : r.observations.fields) {
        out.BeginObject().Key("name").String(f.name);
        WriteValueToWire(f.value, &payloads, out);
        out.EndObject();
      }
      out.EndArray();
    }
    out.EndObject();
  }
  out.EndArray().EndObject();
  return EncodeFrameText(std::move(header), payloads);
}

namespace {
absl::StatusOr<std::vector<StageResult>> DecodeRunResultImpl(Frame frame, uint64_t id, size_t stages) {
  if (auto st = ExpectType(frame, "result"); !st.ok()) return st;
  auto got_id = IndexMember(frame.header, "id", "result");
  if (!got_id.ok()) return got_id.status();
  if (*got_id != id) return Bad(absl::StrCat("result: answers request ", *got_id, ", expected ", id));
  auto js = frame.header.find("stages");
  if (js == frame.header.end() || !js->is_array()) return Bad("result: \"stages\" must be an array");
  if (js->size() != stages)
    return Bad(absl::StrCat("result: ", js->size(), " stage results for ", stages, " stages"));
  std::vector<StageResult> out(stages);
  for (size_t i = 0; i < stages; ++i) {
    const Json& s = (*js)[i];
    const std::string where = absl::StrCat("result stage ", i);
    if (!s.is_object()) return Bad(absl::StrCat(where, ": must be an object"));
    if (auto r = s.find("rejected"); r != s.end()) {
      if (!r->is_string() || r->get<std::string>().empty())
        return Bad(absl::StrCat(where, ": \"rejected\" must be a non-empty string"));
      out[i].rejected = r->get<std::string>();
      continue;
    }
    auto fields = s.find("fields");
    if (fields == s.end()) return Bad(absl::StrCat(where, ": neither \"fields\" nor \"rejected\""));
    auto obs = FieldsFromWire(*fields, frame.payloads, where);
    if (!obs.ok()) return obs.status();
    out[i].observations = std::move(*obs);
  }
  return out;
}
}  // namespace

absl::StatusOr<std::vector<StageResult>> DecodeRunResult(Frame frame, uint64_t id, size_t stages) {
  return Prefixed(DecodeRunResultImpl(std::move(frame), id, stages));
}

// --- error, bye

std::string EncodeError(absl::string_view message) {
  OrderedJson h;
  h["type"] = "error";
  h["message"] = std::string(message);
  return EncodeFrame(std::move(h), {});
}

std::string EncodeBye() {
  OrderedJson h;
  h["type"] = "bye";
  return EncodeFrame(std::move(h), {});
}

std::string ErrorMessageOf(const Frame& frame) {
  auto it = frame.header.find("message");
  return it != frame.header.end() && it->is_string() ? it->get<std::string>() : "";
}

}  // namespace dsconform
