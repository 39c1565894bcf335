// The project's known differences (sketches/<family>/known_differences.jsonl) as data a reviewer
// holds against the findings: they load, each family's file holds that family's rules, one rule
// per finding, and each names a section of docs/findings*.md that exists.
#include <cctype>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

#include "gtest/gtest.h"
#include "harness/expect/known_differences.h"

namespace dsconform {
namespace {

const std::string kRoot = DSCONFORM_SOURCE_DIR;

// The anchors of a findings page: "## F2. The ..." -> f2, "## CPC-F1" -> cpc-f1, "{#k3}" -> k3.
std::set<std::string> Anchors(const std::string& path) {
  std::set<std::string> anchors;
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) != 0) continue;
    if (size_t at = line.find("{#"); at != std::string::npos)
      anchors.insert(line.substr(at + 2, line.find('}', at) - at - 2));
    std::string word;
    for (size_t i = 3; i < line.size() && (std::isalnum(static_cast<unsigned char>(line[i])) || line[i] == '-'); ++i)
      word += static_cast<char>(std::tolower(static_cast<unsigned char>(line[i])));
    anchors.insert(word);
  }
  return anchors;
}

KnownDifferences ProjectRules() {
  auto known = LoadKnownDifferences({kRoot + "/sketches"});
  EXPECT_TRUE(known.ok()) << known.status();
  return known.ok() ? *known : KnownDifferences();
}

// A rule of one family lives in its folder; a rule of every family ("*") in sketches/ itself.
TEST(ProjectKnownDifferences, EachFamilyFolderHoldsItsOwnRules) {
  const KnownDifferences known = ProjectRules();
  ASSERT_FALSE(known.rules.empty());
  for (const Rule& r : known.rules) {
    const std::string file = r.family == "*" ? kRoot + "/sketches/known_differences.jsonl"
                                             : kRoot + "/sketches/" + r.family + "/known_differences.jsonl";
    EXPECT_EQ(r.file, file) << r.Where() << ": family " << r.family;
  }
}

TEST(ProjectKnownDifferences, OneRulePerFinding) {
  const KnownDifferences known = ProjectRules();
  std::map<std::string, std::string> seen;
  for (const Rule& r : known.rules) {
    auto [it, fresh] = seen.emplace(r.finding, r.Where());
    EXPECT_TRUE(fresh) << r.Where() << " states " << r.finding << " again (first " << it->second << ")";
  }
}

TEST(ProjectKnownDifferences, EachNamesASectionOfTheFindings) {
  const KnownDifferences known = ProjectRules();
  std::map<std::string, std::set<std::string>> pages;
  for (const Rule& r : known.rules) {
    const size_t hash = r.doc.find('#');
    ASSERT_NE(hash, std::string::npos) << r.Where() << ": doc " << r.doc << " names no section";
    const std::string page = r.doc.substr(0, hash), anchor = r.doc.substr(hash + 1);
    ASSERT_TRUE(std::ifstream(kRoot + "/" + page).good()) << r.Where() << ": no page " << page;
    if (!pages.count(page)) pages[page] = Anchors(kRoot + "/" + page);
    EXPECT_TRUE(pages[page].count(anchor)) << r.Where() << ": " << page << " has no section " << anchor;
  }
}

}  // namespace
}  // namespace dsconform
