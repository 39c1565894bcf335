#include "sketches/hll/hll_image_layout.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "harness/case/splitmix64.h"
#include "harness/family/image_bytes.h"

#ifdef DSC_HAVE_CPP
#include "hll.hpp"
#endif

namespace dsconform {
namespace {

const DecodedField* Find(const std::vector<DecodedField>& fields, const std::string& name) {
  for (const auto& f : fields)
    if (f.name == name) return &f;
  return nullptr;
}

std::string ValueOf(const std::vector<DecodedField>& fields, const std::string& name) {
  const DecodedField* f = Find(fields, name);
  return f ? f->value : "<missing " + name + ">";
}

size_t CountPrefix(const std::vector<DecodedField>& fields, const std::string& prefix) {
  size_t n = 0;
  for (const auto& f : fields)
    if (f.name.compare(0, prefix.size(), prefix) == 0) ++n;
  return n;
}

// Every field lies inside the image and fields come in offset order.
void ExpectWellFormed(const std::vector<DecodedField>& fields, size_t size) {
  uint32_t last = 0;
  for (const auto& f : fields) {
    EXPECT_LE(uint64_t{f.offset} + f.size, size) << f.name;
    EXPECT_GE(f.offset, last) << f.name;
    last = f.offset;
  }
}

std::string Bytes(std::initializer_list<int> b) {
  std::string s;
  for (int x : b) s.push_back(static_cast<char>(x));
  return s;
}

void PutLe(std::string& s, size_t off, uint64_t v, int n) {
  for (int i = 0; i < n; ++i) s[off + i] = static_cast<char>(v >> (8 * i));
}

TEST(FormatImageDouble, PrintsShortestRoundTripWithTrailingZero) {
  EXPECT_EQ(FormatImageDouble(131328.0), "131328.0");
  EXPECT_EQ(FormatImageDouble(0.0), "0.0");
  EXPECT_EQ(FormatImageDouble(-0.0), "-0.0");
  EXPECT_EQ(FormatImageDouble(0.1), "0.1");
  EXPECT_EQ(FormatImageDouble(4096.5), "4096.5");
  EXPECT_EQ(FormatImageDouble(1e300), "1e+300");
  EXPECT_EQ(FormatImageDouble(1.0 / 3), "0.3333333333333333");
  EXPECT_EQ(FormatImageDouble(std::nan("")), "NaN");
  EXPECT_EQ(FormatImageDouble(-1.0 / 0.0), "-Infinity");
}

TEST(HllImageLayout, DecodesHandWrittenEmptyCompactList) {
  // lgK 12, lgArr 3, flags EMPTY|COMPACT, listCount 0, mode LIST/HLL_8.
  const std::string img = Bytes({2, 1, 7, 12, 3, 0x0c, 0, 0x08});
  const auto f = DecodeHllImage(img);
  ExpectWellFormed(f, img.size());
  EXPECT_EQ(ValueOf(f, "preInts"), "2");
  EXPECT_EQ(ValueOf(f, "serVer"), "1");
  EXPECT_EQ(ValueOf(f, "family"), "7");
  EXPECT_EQ(ValueOf(f, "lgK"), "12");
  EXPECT_EQ(ValueOf(f, "lgArr"), "3");
  EXPECT_EQ(ValueOf(f, "flags"), "0x0c (EMPTY|COMPACT)");
  EXPECT_EQ(ValueOf(f, "flags.EMPTY"), "true");
  EXPECT_EQ(ValueOf(f, "flags.COMPACT"), "true");
  EXPECT_EQ(ValueOf(f, "flags.OUT_OF_ORDER"), "false");
  EXPECT_EQ(ValueOf(f, "listCount"), "0");
  EXPECT_EQ(ValueOf(f, "mode.curMode"), "LIST");
  EXPECT_EQ(ValueOf(f, "mode.tgtType"), "HLL_8");
  EXPECT_EQ(Find(f, "curMin"), nullptr);
  EXPECT_EQ(CountPrefix(f, "coupon["), 0u);
  EXPECT_EQ(Find(f, "undecoded"), nullptr);
  EXPECT_EQ(Find(f, "truncated"), nullptr);
}

TEST(HllImageLayout, DecodesHandWrittenListCoupons) {
  std::string img = Bytes({2, 1, 7, 12, 3, 0x08, 2, 0x00});
  img.resize(16);
  PutLe(img, 8, (uint32_t{5} << 26) | 4097, 4);  // address 4097 -> slot 1 at lgK 12
  PutLe(img, 12, (uint32_t{63} << 26) | 7, 4);
  const auto f = DecodeHllImage(img);
  EXPECT_EQ(ValueOf(f, "coupon[0]"), "slot 1 value 5 (0x14001001)");
  EXPECT_EQ(ValueOf(f, "coupon[1]"), "slot 7 value 63 (0xfc000007)");
  EXPECT_EQ(Find(f, "coupon[0]")->offset, 8u);
  EXPECT_EQ(Find(f, "coupon[1]")->size, 4u);
}

TEST(HllImageLayout, DecodesHandWrittenHll6PackingAndPadding) {
  // lgK 4: 16 six-bit registers in 13 bytes (12 + 1 padding byte).
  std::string img = Bytes({10, 1, 7, 4, 0, 0x00, 0, 0x06});
  img.resize(40 + 13);
  PutLe(img, 8, 0x40b0000000000000ull, 8);  // hipAccum 4096.0
  PutLe(img, 32, 14, 4);
  // register[1] = 0b101011 = 43: bits 6..11, straddling bytes 40 and 41.
  const uint32_t reg1 = 43u << 6;
  img[40] = static_cast<char>(reg1 & 0xff);
  img[41] = static_cast<char>(reg1 >> 8);
  img[40 + 12] = static_cast<char>(0xab);
  const auto f = DecodeHllImage(img);
  ExpectWellFormed(f, img.size());
  EXPECT_EQ(ValueOf(f, "mode.curMode"), "HLL");
  EXPECT_EQ(ValueOf(f, "mode.tgtType"), "HLL_6");
  EXPECT_EQ(ValueOf(f, "hipAccum"), "4096.0");
  EXPECT_EQ(ValueOf(f, "kxq0"), "0.0");
  EXPECT_EQ(ValueOf(f, "numAtCurMin"), "14");
  EXPECT_EQ(ValueOf(f, "register[0]"), "0");
  EXPECT_EQ(ValueOf(f, "register[1]"), "43");
  EXPECT_EQ(Find(f, "register[1]")->offset, 40u);
  EXPECT_EQ(Find(f, "register[1]")->size, 2u);
  EXPECT_EQ(Find(f, "register[4]")->offset, 43u);
  EXPECT_EQ(Find(f, "register[4]")->size, 1u);
  EXPECT_EQ(CountPrefix(f, "register["), 16u);
  EXPECT_EQ(ValueOf(f, "padding"), "0xab");
  EXPECT_EQ(Find(f, "undecoded"), nullptr);
}

TEST(HllImageLayout, DecodesHll4NibblesRelativeToCurMinAndTheAuxToken) {
  // lgK 4 compact HLL_4, curMin 2, one aux entry for slot 3.
  std::string img = Bytes({10, 1, 7, 4, 0, 0x08, 2, 0x02});
  img.resize(40 + 8 + 4);
  PutLe(img, 36, 1, 4);
  img[40] = static_cast<char>(0x31);  // slot 0 nibble 1, slot 1 nibble 3
  img[41] = static_cast<char>(0xf0);  // slot 2 nibble 0, slot 3 AUX
  PutLe(img, 48, (uint32_t{40} << 26) | 3, 4);
  const auto f = DecodeHllImage(img);
  ExpectWellFormed(f, img.size());
  EXPECT_EQ(ValueOf(f, "curMin"), "2");
  EXPECT_EQ(ValueOf(f, "register[0]"), "3 (nibble 1)");
  EXPECT_EQ(ValueOf(f, "register[1]"), "5 (nibble 3)");
  EXPECT_EQ(ValueOf(f, "register[2]"), "2 (nibble 0)");
  EXPECT_EQ(ValueOf(f, "register[3]"), "AUX (nibble 15)");
  EXPECT_EQ(ValueOf(f, "aux[0]"), "slot 3 value 40");
  EXPECT_EQ(Find(f, "aux[0]")->offset, 48u);

  const HllRegisterValues r = ReadHllRegisterValues(img);
  EXPECT_EQ(r.problem, "");
  ASSERT_TRUE(r.hll_mode && r.hll4);
  EXPECT_EQ(r.cur_min, 2);
  ASSERT_EQ(r.registers.size(), 16u);
  EXPECT_EQ(std::vector<int>(r.registers.begin(), r.registers.begin() + 5), (std::vector<int>{3, 5, 2, 40, 2}));
}

TEST(HllImageLayout, RegisterValuesNameWhyAnImageDoesNotDecode) {
  std::string img = Bytes({10, 1, 7, 4, 0, 0x08, 2, 0x02});
  img.resize(44);  // the registers of lgK 4 need 8 bytes from offset 40
  EXPECT_EQ(ReadHllRegisterValues(img).problem, ValueOf(DecodeHllImage(img), "truncated"));
  EXPECT_NE(ReadHllRegisterValues(img).problem, "");
  EXPECT_TRUE(ReadHllRegisterValues(img).registers.empty());
  const HllRegisterValues list = ReadHllRegisterValues(Bytes({2, 1, 7, 12, 3, 0x0c, 0, 0x00}));
  EXPECT_EQ(list.problem, "");
  EXPECT_FALSE(list.hll_mode);
}

TEST(HllImageLayout, ReportsBytesPastTheEndAsUndecoded) {
  std::string img = Bytes({2, 1, 7, 12, 3, 0x0c, 0, 0x00});
  img += "xyz";
  const auto f = DecodeHllImage(img);
  const DecodedField* u = Find(f, "undecoded");
  ASSERT_NE(u, nullptr);
  EXPECT_EQ(u->offset, 8u);
  EXPECT_EQ(u->size, 3u);
}

TEST(HllImageLayout, StopsAtAnUnknownSerVerOrMode) {
  const auto v2 = DecodeHllImage(Bytes({2, 2, 7, 12, 3, 0x0c, 0, 0x00}));
  EXPECT_EQ(ValueOf(v2, "serVer"), "2");
  EXPECT_EQ(Find(v2, "lgK"), nullptr);
  ASSERT_NE(Find(v2, "undecoded"), nullptr);
  EXPECT_EQ(Find(v2, "undecoded")->offset, 3u);

  const auto bad_mode = DecodeHllImage(Bytes({2, 1, 7, 12, 3, 0x0c, 0, 0x03, 1, 2, 3, 4}));
  EXPECT_EQ(ValueOf(bad_mode, "mode.curMode"), "3 (invalid)");
  EXPECT_EQ(ValueOf(bad_mode, "byte6"), "0");
  ASSERT_NE(Find(bad_mode, "undecoded"), nullptr);
  EXPECT_EQ(Find(bad_mode, "undecoded")->offset, 8u);
}

TEST(HllImageLayout, EmptyAndTinyInputsDecodeToTruncated) {
  const auto empty = DecodeHllImage("");
  ASSERT_EQ(empty.size(), 1u);
  EXPECT_EQ(empty[0].name, "truncated");

  const auto three = DecodeHllImage(Bytes({10, 1, 7}));
  EXPECT_EQ(ValueOf(three, "family"), "7");
  ASSERT_NE(Find(three, "truncated"), nullptr);
  EXPECT_EQ(Find(three, "truncated")->offset, 3u);
  EXPECT_EQ(Find(three, "truncated")->size, 0u);
}

// The fields of a whole decode that a range decode of [begin, end) must give.
std::vector<DecodedField> Overlapping(const std::vector<DecodedField>& all, uint32_t begin, uint32_t end) {
  std::vector<DecodedField> out;
  for (const auto& f : all) {
    const bool in = f.size == 0 ? f.offset >= begin && f.offset <= end
                                : f.offset < end && uint64_t{f.offset} + f.size > begin;
    if (in) out.push_back(f);
  }
  return out;
}

// A range decode visits only the fields near its range; it must still find
// exactly what the whole decode finds there, truncation included.
void ExpectRangesMatchTheWholeDecode(const std::string& img, SplitMix64& rng, int ranges) {
  const auto all = DecodeHllImage(img);
  for (int i = 0; i < ranges; ++i) {
    const uint32_t span = static_cast<uint32_t>(img.size()) + 8;
    uint32_t b = static_cast<uint32_t>(rng.Next() % span), e = static_cast<uint32_t>(rng.Next() % span);
    if (b > e) std::swap(b, e);
    const auto want = Overlapping(all, b, e);
    const auto got = DecodeHllImageRange(img, b, e);
    ASSERT_EQ(got.size(), want.size()) << "range " << b << ".." << e << " of " << img.size() << " bytes";
    for (size_t j = 0; j < got.size(); ++j) {
      EXPECT_EQ(got[j].name, want[j].name);
      EXPECT_EQ(got[j].offset, want[j].offset);
      EXPECT_EQ(got[j].value, want[j].value);
    }
  }
}

TEST(HllImageLayout, GarbageNeverReadsOutOfBounds) {
  SplitMix64 rng(42);
  for (int round = 0; round < 2000; ++round) {
    std::string img(rng.Next() % 96, '\0');
    for (auto& c : img) c = static_cast<char>(rng.Next());
    if (img.size() > 1 && round % 2 == 0) img[1] = 1;            // let half reach the body
    if (img.size() > 3 && round % 4 == 0) img[3] = 4 + round % 3;  // and some have a small lgK
    const auto f = DecodeHllImage(img);
    ASSERT_FALSE(f.empty());
    ExpectWellFormed(f, img.size());
    ExpectRangesMatchTheWholeDecode(img, rng, 3);
  }
}

TEST(HllImageLayout, RangeDecodeKeepsOnlyOverlappingFields) {
  std::string img = Bytes({10, 1, 7, 4, 0, 0x00, 0, 0x0a});
  img.resize(40 + 16);
  const auto f = DecodeHllImageRange(img, 41, 43);
  ASSERT_EQ(f.size(), 2u);
  EXPECT_EQ(f[0].name, "register[1]");
  EXPECT_EQ(f[1].name, "register[2]");
  const auto header = DecodeHllImageRange(img, 5, 6);
  EXPECT_EQ(header.front().name, "flags");
  EXPECT_EQ(header.back().name, "flags.bit7");
}

#ifdef DSC_HAVE_CPP

std::string Image(const datasketches::hll_sketch::vector_bytes& v) { return std::string(v.begin(), v.end()); }

datasketches::hll_sketch Sketch(int lg_k, datasketches::target_hll_type type, int64_t n) {
  datasketches::hll_sketch sk(static_cast<uint8_t>(lg_k), type);
  for (int64_t i = 0; i < n; ++i) sk.update(i);
  return sk;
}

int LeadingInt(const std::string& s) { return std::atoi(s.c_str()); }

TEST(HllImageLayoutCpp, DecodesCompactHll4ImageOfLgK12) {
  const auto sk = Sketch(12, datasketches::HLL_4, 20000);
  const std::string img = Image(sk.serialize_compact());
  const auto f = DecodeHllImage(img);
  ExpectWellFormed(f, img.size());
  EXPECT_EQ(ValueOf(f, "preInts"), "10");
  EXPECT_EQ(ValueOf(f, "family"), "7");
  EXPECT_EQ(ValueOf(f, "lgK"), "12");
  EXPECT_EQ(ValueOf(f, "mode.curMode"), "HLL");
  EXPECT_EQ(ValueOf(f, "mode.tgtType"), "HLL_4");
  EXPECT_EQ(ValueOf(f, "flags.COMPACT"), "true");
  EXPECT_EQ(ValueOf(f, "hipAccum"), FormatImageDouble(sk.get_estimate()));
  EXPECT_EQ(CountPrefix(f, "register["), 4096u);
  // curMin and numAtCurMin agree with the registers.
  const int cur_min = LeadingInt(ValueOf(f, "curMin"));
  int at_min = 0, min_seen = 99;
  for (const auto& x : f) {
    if (x.name.rfind("register[", 0) != 0 || x.value.rfind("AUX", 0) == 0) continue;
    const int v = LeadingInt(x.value);
    min_seen = std::min(min_seen, v);
    at_min += v == cur_min;
  }
  EXPECT_EQ(min_seen, cur_min);
  EXPECT_EQ(std::to_string(at_min), ValueOf(f, "numAtCurMin"));
  EXPECT_EQ(Find(f, "undecoded"), nullptr);
  EXPECT_EQ(Find(f, "truncated"), nullptr);
}

// The same stream in HLL_4 (aux table resolved), HLL_6 and HLL_8 must decode
// to the same register values: checks all three packings against the library.
TEST(HllImageLayoutCpp, RegisterValuesAgreeAcrossTypes) {
  // Early in HLL mode curMin is still 0, so every register above 14 goes to
  // HLL_4's aux table: about n / 2^14 of them.
  const int lg_k = 16;
  const int64_t n = 200000;
  std::map<std::string, std::vector<int>> regs;
  for (auto [name, type] : {std::pair{"HLL_4", datasketches::HLL_4}, std::pair{"HLL_6", datasketches::HLL_6},
                            std::pair{"HLL_8", datasketches::HLL_8}}) {
    for (bool compact : {true, false}) {
      const auto sk = Sketch(lg_k, type, n);
      const std::string img = Image(compact ? sk.serialize_compact() : sk.serialize_updatable());
      const auto f = DecodeHllImage(img);
      ExpectWellFormed(f, img.size());
      ASSERT_EQ(Find(f, "undecoded"), nullptr) << name;
      ASSERT_EQ(Find(f, "truncated"), nullptr) << name;
      std::map<int, int> aux;
      for (const auto& x : f) {
        if (x.name.rfind("aux[", 0) != 0 || x.value == "EMPTY") continue;
        int slot, value;
        ASSERT_EQ(std::sscanf(x.value.c_str(), "slot %d value %d", &slot, &value), 2) << x.value;
        aux[slot] = value;
      }
      std::vector<int> values(1 << lg_k, -1);
      for (const auto& x : f) {
        int slot;
        if (std::sscanf(x.name.c_str(), "register[%d]", &slot) != 1) continue;
        ASSERT_TRUE(slot >= 0 && slot < (1 << lg_k)) << x.name;
        values[slot] = x.value.rfind("AUX", 0) == 0 ? aux.at(slot) : LeadingInt(x.value);
      }
      if (type == datasketches::HLL_4) {
        EXPECT_GT(aux.size(), 0u) << "no aux entries: the test does not exercise the aux table";
        EXPECT_EQ(std::to_string(aux.size()), ValueOf(f, "auxCount"));
        if (compact) EXPECT_EQ(CountPrefix(f, "aux["), aux.size());
        else EXPECT_EQ(CountPrefix(f, "aux["), size_t{1} << LeadingInt(ValueOf(f, "lgArr")));
      }
      regs[std::string(name) + (compact ? "/compact" : "/updatable")] = values;
      const HllRegisterValues typed = ReadHllRegisterValues(img);
      EXPECT_EQ(std::vector<int>(typed.registers.begin(), typed.registers.end()), values) << name;
    }
  }
  for (const auto& [name, values] : regs) EXPECT_EQ(values, regs["HLL_8/compact"]) << name;
}

TEST(HllImageLayoutCpp, DecodesListAndSetCoupons) {
  const auto list = Sketch(12, datasketches::HLL_4, 5);
  const auto lc = DecodeHllImage(Image(list.serialize_compact()));
  EXPECT_EQ(ValueOf(lc, "mode.curMode"), "LIST");
  EXPECT_EQ(ValueOf(lc, "listCount"), "5");
  EXPECT_EQ(CountPrefix(lc, "coupon["), 5u);
  const auto lu = DecodeHllImage(Image(list.serialize_updatable()));
  EXPECT_EQ(ValueOf(lu, "flags.COMPACT"), "false");
  EXPECT_EQ(CountPrefix(lu, "coupon["), 8u);
  EXPECT_EQ(ValueOf(lu, "coupon[7]"), "EMPTY");

  const auto set = Sketch(12, datasketches::HLL_6, 100);
  const std::string set_compact = Image(set.serialize_compact());
  const auto sc = DecodeHllImage(set_compact);
  ExpectWellFormed(sc, set_compact.size());
  EXPECT_EQ(ValueOf(sc, "preInts"), "3");
  EXPECT_EQ(ValueOf(sc, "mode.curMode"), "SET");
  EXPECT_EQ(ValueOf(sc, "setCount"), "100");
  EXPECT_EQ(CountPrefix(sc, "coupon["), 100u);
  const std::string set_updatable = Image(set.serialize_updatable());
  const auto su = DecodeHllImage(set_updatable);
  EXPECT_EQ(CountPrefix(su, "coupon["), size_t{1} << LeadingInt(ValueOf(su, "lgArr")));
  EXPECT_EQ(Find(su, "undecoded"), nullptr);
}

TEST(HllImageLayoutCpp, EveryPrefixOfARealImageDecodesWithoutReadingPastIt) {
  SplitMix64 rng(7);
  const auto sk = Sketch(6, datasketches::HLL_4, 5000);
  for (const std::string& img : {Image(sk.serialize_compact()), Image(sk.serialize_updatable()),
                                 Image(Sketch(12, datasketches::HLL_8, 3).serialize_updatable())}) {
    for (size_t len = 0; len < img.size(); ++len) {
      const std::string cut = img.substr(0, len);
      const auto f = DecodeHllImage(cut);
      ExpectWellFormed(f, cut.size());
      ASSERT_FALSE(f.empty());
      EXPECT_EQ(f.back().name, "truncated") << "length " << len;
      EXPECT_EQ(uint64_t{f.back().offset} + f.back().size, len);
      if (len % 7 == 0) ExpectRangesMatchTheWholeDecode(cut, rng, 4);
    }
    ExpectRangesMatchTheWholeDecode(img, rng, 50);
  }
}

#endif  // DSC_HAVE_CPP

}  // namespace
}  // namespace dsconform
