#include "harness/corpus/corpus_file.h"

#include <set>

#include "absl/strings/escaping.h"
#include "absl/strings/match.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_format.h"
#include "harness/case/json_access.h"
#include "harness/corpus/sha256.h"
#include "harness/family/case_validation.h"
#include "harness/record/zstd_file.h"

namespace dsconform {
namespace {

using OrderedJson = nlohmann::ordered_json;

// Every line ends with ,"sum":"<16 hex>"} where the sum covers the line's text
// before that suffix; a hand edit or damaged byte is caught at its own line.
constexpr char kSumKey[] = ",\"sum\":\"";
constexpr size_t kSumDigits = 16;
constexpr size_t kSuffixSize = sizeof(kSumKey) - 1 + kSumDigits + 2;

std::string LineSum(std::string_view body) { return Sha256Hex(body).substr(0, kSumDigits); }

std::string SealLine(const OrderedJson& j) {
  std::string text = j.dump();
  text.pop_back();  // the closing brace; the sum goes before it
  return absl::StrCat(text, kSumKey, LineSum(text), "\"}");
}

// Values in the corpus's compact form, one JSON scalar where possible, so a
// recording stays small enough to review: doubles "0x<bits>", images
// "hex:<bytes>" or "sha256:<length>:<digest>", strings "str:<text>", integers
// and flags as JSON; errors and unsupported steps as small objects.
OrderedJson CorpusValue(const Value& v, int64_t inline_limit) {
  switch (v.kind) {
    case Value::Kind::kDouble: return absl::StrFormat("0x%016x", v.bits);
    case Value::Kind::kInt: return static_cast<int64_t>(v.bits);
    case Value::Kind::kBool: return v.bits != 0;
    case Value::Kind::kString: return "str:" + v.bytes;
    case Value::Kind::kBytes:
      if (inline_limit < 0 || v.bytes.size() <= static_cast<size_t>(inline_limit))
        return "hex:" + absl::BytesToHexString(v.bytes);
      return CorpusValue(Value::DigestOf(v.bytes), inline_limit);
    case Value::Kind::kDigest: return absl::StrCat("sha256:", v.bits, ":", absl::BytesToHexString(v.bytes));
    case Value::Kind::kError: return OrderedJson{{"error", v.error_class}, {"message", v.bytes}};
    case Value::Kind::kUnsupported: return OrderedJson{{"unsupported", v.bytes}};
    case Value::Kind::kOmitted: break;  // only records hold these, never an engine's observations
  }
  return nullptr;
}

absl::StatusOr<Value> CorpusValueFromJson(const OrderedJson& j) {
  auto bad = [&] { return absl::InvalidArgumentError("not a corpus value: " + j.dump().substr(0, 80)); };
  if (j.is_boolean()) return Value::Bool(j.get<bool>());
  if (j.is_number_integer()) return Value::Int(j.get<int64_t>());
  if (j.is_object()) {
    if (j.size() == 2 && j.contains("error") && j.contains("message") && j["error"].is_string() &&
        j["message"].is_string())
      return Value::Error(j["error"].get<std::string>(), j["message"].get<std::string>());
    if (j.size() == 1 && j.contains("unsupported") && j["unsupported"].is_string())
      return Value::Unsupported(j["unsupported"].get<std::string>());
    return bad();
  }
  if (!j.is_string()) return bad();
  const std::string s = j.get<std::string>();
  auto is_hex = [](std::string_view h) { return h.find_first_not_of("0123456789abcdef") == std::string_view::npos; };
  if (absl::StartsWith(s, "str:")) return Value::String(s.substr(4));
  if (absl::StartsWith(s, "0x") && s.size() == 18 && is_hex(s.substr(2)))
    return Value::DoubleBits(std::stoull(s.substr(2), nullptr, 16));
  if (absl::StartsWith(s, "hex:") && s.size() % 2 == 0 && is_hex(s.substr(4)))
    return Value::Bytes(absl::HexStringToBytes(s.substr(4)));
  if (absl::StartsWith(s, "sha256:")) {
    const size_t colon = s.find(':', 7);
    uint64_t length = 0;
    if (colon != std::string::npos && absl::SimpleAtoi(s.substr(7, colon - 7), &length) &&
        s.size() - colon - 1 == 64 && is_hex(s.substr(colon + 1)))
      return Value::Digest(length, absl::HexStringToBytes(s.substr(colon + 1)));
  }
  return bad();
}

OrderedJson ObservationsToJson(const Observations& obs, int64_t inline_limit) {
  OrderedJson j = OrderedJson::object();
  for (const auto& f : obs.fields) j[f.name] = CorpusValue(f.value, inline_limit);
  return j;
}

absl::StatusOr<Observations> ObservationsFromJson(const OrderedJson& j, const std::string& path) {
  if (!j.is_object()) return absl::InvalidArgumentError(path + ": expected an object of field: value");
  Observations obs;
  for (auto it = j.begin(); it != j.end(); ++it) {
    auto v = CorpusValueFromJson(it.value());
    if (!v.ok()) return absl::InvalidArgumentError(absl::StrCat(path, "/", it.key(), ": ", v.status().message()));
    obs.Add(it.key(), std::move(*v));
  }
  return obs;
}

absl::Status CheckSeal(const std::string& line) {
  if (line.size() < kSuffixSize + 2 || !absl::EndsWith(line, "\"}") ||
      line.compare(line.size() - kSuffixSize, sizeof(kSumKey) - 1, kSumKey) != 0)
    return absl::DataLossError("the line has no checksum at its end (truncated or edited)");
  const std::string_view body(line.data(), line.size() - kSuffixSize);
  const std::string stored = line.substr(line.size() - kSumDigits - 2, kSumDigits);
  if (LineSum(body) != stored)
    return absl::DataLossError(absl::StrCat("checksum mismatch (stored ", stored, ", computed ", LineSum(body),
                                            "): the line was edited or damaged; record the corpus again"));
  return absl::OkStatus();
}

absl::Status ParseHeader(const OrderedJson& j, CorpusHeader& h) {
  if (!j.contains("dsconform_corpus"))
    return absl::InvalidArgumentError("not a dsconform corpus (the first line has no \"dsconform_corpus\")");
  if (!j["dsconform_corpus"].is_number_integer()) return absl::InvalidArgumentError("dsconform_corpus: expected an integer");
  h.format = j["dsconform_corpus"].get<int>();
  if (h.format > kCorpusFormat)
    return absl::FailedPreconditionError(absl::StrCat("corpus format ", h.format, " is newer than this dsconform reads (",
                                                      kCorpusFormat, "); use a newer dsconform"));
  if (h.format < 1) return absl::InvalidArgumentError(absl::StrCat("corpus format ", h.format, " does not exist"));
  if (auto st = RejectUnknownKeys(j, {"dsconform_corpus", "engine", "suites", "scale", "inline_image_bytes", "command", "sum"}, "");
      !st.ok())
    return st;
  auto engine = RequireString(j, "engine", "");
  if (!engine.ok()) return engine.status();
  h.engine = *engine;
  auto suites = OptionalStringList(j, "suites", "");
  if (!suites.ok()) return suites.status();
  h.suites = *suites;
  auto scale = OptionalString(j, "scale", "");
  if (!scale.ok()) return scale.status();
  h.scale = scale->value_or("");
  auto limit = OptionalInt(j, "inline_image_bytes", "");
  if (!limit.ok()) return limit.status();
  h.inline_image_bytes = limit->value_or(kDefaultInlineImageBytes);
  auto command = OptionalString(j, "command", "");
  if (!command.ok()) return command.status();
  h.command = command->value_or("");
  return absl::OkStatus();
}

absl::StatusOr<CorpusEntry> ParseEntry(const OrderedJson& j, const FamilyCatalog& families) {
  if (auto st = RejectUnknownKeys(j, {"case", "first", "cross", "sum"}, ""); !st.ok()) return st;
  CorpusEntry e;
  auto c = CaseFromJson(nlohmann::json(j.at("case")), "/case");
  if (!c.ok()) return c.status();
  if (auto st = ValidateCase(*c, families); !st.ok()) return st;
  e.c = std::move(*c);
  if (!j.contains("first")) return absl::InvalidArgumentError("/first: missing");
  auto first = ObservationsFromJson(j["first"], "/first");
  if (!first.ok()) return first.status();
  e.first = std::move(*first);
  if (j.contains("cross")) {
    if (!e.c.cross) return absl::InvalidArgumentError("/cross: the case has no cross stage");
    auto cross = ObservationsFromJson(j["cross"], "/cross");
    if (!cross.ok()) return cross.status();
    e.cross = std::move(*cross);
  }
  return e;
}

}  // namespace

absl::StatusOr<CorpusWriter> CorpusWriter::Open(const std::string& path, const CorpusHeader& header) {
  CorpusWriter w;
  w.path_ = path;
  w.inline_image_bytes_ = header.inline_image_bytes;
  w.out_ = std::make_unique<std::ofstream>(path, std::ios::binary | std::ios::trunc);
  if (!*w.out_) return absl::PermissionDeniedError(absl::StrCat("corpus ", path, ": cannot be written"));
  OrderedJson h;
  h["dsconform_corpus"] = kCorpusFormat;
  h["engine"] = header.engine;
  h["suites"] = header.suites;
  h["scale"] = header.scale;
  h["inline_image_bytes"] = header.inline_image_bytes;
  h["command"] = header.command;
  if (auto st = w.WriteLine(std::move(h)); !st.ok()) return st;
  return w;
}

absl::Status CorpusWriter::WriteLine(OrderedJson body) {
  *out_ << SealLine(body) << '\n';
  out_->flush();
  if (!*out_) return absl::DataLossError(absl::StrCat("corpus ", path_, ": write failed"));
  return absl::OkStatus();
}

absl::Status CorpusWriter::Add(const CorpusEntry& entry) {
  OrderedJson j;
  j["case"] = CaseToJson(entry.c);
  j["first"] = ObservationsToJson(entry.first, inline_image_bytes_);
  if (entry.cross) j["cross"] = ObservationsToJson(*entry.cross, inline_image_bytes_);
  ++cases_;
  return WriteLine(std::move(j));
}

absl::Status CorpusWriter::Finish() {
  OrderedJson end;
  end["end"] = {{"cases", cases_}};
  auto st = WriteLine(std::move(end));
  out_->close();
  return st;
}

absl::StatusOr<Corpus> ReadCorpus(const std::string& path, const FamilyCatalog& families) {
  auto plain = PlainFile::Open(path);  // FILE.zst: recorded compressed
  if (!plain.ok()) return absl::DataLossError(absl::StrCat("corpus ", path, ": ", plain.status().message()));
  std::ifstream in(plain->path(), std::ios::binary);
  if (!in) return absl::NotFoundError(absl::StrCat("corpus ", path, ": cannot be read"));
  Corpus corpus;
  corpus.path = path;
  std::string line;
  int number = 0;
  bool ended = false;
  std::set<std::string> ids;
  auto at = [&](const absl::Status& st) {
    return absl::Status(st.code(), absl::StrCat(path, ":", number, ": ", st.message()));
  };
  while (std::getline(in, line)) {
    ++number;
    if (ended) return at(absl::InvalidArgumentError("text after the end line"));
    // The header is read before its seal is checked: a newer format may seal differently.
    if (number != 1)
      if (auto st = CheckSeal(line); !st.ok()) return at(st);
    OrderedJson j;  // ordered: observations keep the order the engine produced them in
    try {
      j = OrderedJson::parse(line);
    } catch (const nlohmann::json::exception& e) {  // syntax, or a number past a double
      return at(number == 1 ? absl::InvalidArgumentError("not a dsconform corpus (the first line is not JSON)")
                            : absl::DataLossError(absl::StrCat("not JSON: ", e.what())));
    }
    if (!j.is_object()) return at(absl::InvalidArgumentError("expected a JSON object"));
    if (number == 1) {
      if (auto st = ParseHeader(j, corpus.header); !st.ok()) return at(st);
      if (auto st = CheckSeal(line); !st.ok()) return at(st);
      continue;
    }
    if (j.contains("end")) {
      const auto& end = j["end"];
      if (!end.is_object() || !end.contains("cases") || !end["cases"].is_number_integer())
        return at(absl::InvalidArgumentError("end: expected {\"cases\": N}"));
      if (end["cases"].get<int64_t>() != static_cast<int64_t>(corpus.entries.size()))
        return at(absl::DataLossError(absl::StrCat("the end line counts ", end["cases"].get<int64_t>(),
                                                   " cases, the file holds ", corpus.entries.size())));
      ended = true;
      continue;
    }
    if (!j.contains("case")) return at(absl::InvalidArgumentError("expected a case line ({\"case\": ...}) or the end line"));
    auto entry = ParseEntry(j, families);
    if (!entry.ok()) return at(entry.status());
    if (!ids.insert(entry->c.id).second) return at(absl::InvalidArgumentError("case " + entry->c.id + " appears twice"));
    corpus.entries.push_back(std::move(*entry));
  }
  if (number == 0) return absl::InvalidArgumentError(absl::StrCat(path, ": empty file, not a corpus"));
  if (!ended)
    return absl::DataLossError(absl::StrCat(path, ":", number, ": truncated: the file ends without its end line"));
  return corpus;
}

}  // namespace dsconform
