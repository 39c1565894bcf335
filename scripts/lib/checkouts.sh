# Shared by scripts/bisect and scripts/gate: reading a user's checkout without touching it, and
# the private clone its revisions are built in. Sourced; the caller defines die (message, exit 2).

# use_jdk25: JAVA_HOME as scripts/setup has it; one already set is kept only if it is a JDK 25
# or newer (datasketches-java 9.x and the bridge need Java 25). Fails when there is none.
use_jdk25() {
  local major
  major=$(sed -n 's/^JAVA_VERSION="\{0,1\}\([0-9]*\).*/\1/p' "${JAVA_HOME:-/nonexistent}/release" 2>/dev/null)
  if [[ -z ${JAVA_HOME:-} || ! -x $JAVA_HOME/bin/javac || ${major:-0} -lt 25 ]]; then
    JAVA_HOME=/usr/lib/jvm/temurin-25-jdk-amd64
  fi
  export JAVA_HOME
  [[ -x $JAVA_HOME/bin/javac ]]
}

# No git variable of a caller (a hook, say) may redirect the git commands of these scripts,
# and none of them refreshes the user's index.
unset GIT_DIR GIT_WORK_TREE GIT_INDEX_FILE GIT_OBJECT_DIRECTORY GIT_ALTERNATE_OBJECT_DIRECTORIES GIT_COMMON_DIR GIT_NAMESPACE
export GIT_OPTIONAL_LOCKS=0

# checkout_top KIND DIR: DIR's absolute path when it is the top of a checkout (or a bare
# repository) that no git variable of the caller redirects and that is no partial clone.
checkout_top() {
  local kind=$1 tree=$2 top promisors
  [[ -d $tree ]] || die "--$kind=$tree: no such directory"
  tree=$(realpath "$tree")
  if [[ $(git -C "$tree" rev-parse --is-bare-repository 2>/dev/null) == true ]]; then
    top=$(git -C "$tree" rev-parse --absolute-git-dir)
  else
    top=$(git -C "$tree" rev-parse --show-toplevel 2>/dev/null) || die "--$kind=$tree is not a git checkout (nor a bare repository)"
  fi
  [[ $(realpath "$top") == "$tree" ]] || die "--$kind=$tree is inside the git repository $top; give its top directory"
  # A partial clone lacks objects that only its promisor remote has; a private clone cannot
  # fetch them (its origin is this repository).
  promisors=$(git -C "$tree" config --get-regexp '^(extensions\.partialclone|remote\..*\.promisor)$' || true)
  [[ -z $promisors ]] || ! grep -qv ' false$' <<<"$promisors" ||
    die "--$kind=$tree is a partial clone (it has a promisor remote): clone it fully"
  echo "$tree"
}

# resolve_rev TREE FLAG REV: REV's commit in TREE.
resolve_rev() {
  git -C "$1" rev-parse --verify --quiet "$3^{commit}" || die "--$2=$3: unknown revision in $1"
}

# is_cpp_tree_at TREE SHA: whether TREE's files at SHA are datasketches-cpp's (told by the
# commit's files, not by a working tree the repository may not have).
is_cpp_tree_at() {
  { git -C "$1" cat-file -e "$2:hll/include/hll.hpp" 2>/dev/null &&
    grep -Eqi '^[[:space:]]*project[[:space:]]*\([[:space:]]*DataSketches([[:space:])]|$)' \
      <<<"$(git -C "$1" show "$2:CMakeLists.txt" 2>/dev/null)"; } ||
    die "--cpp=$1 is not a datasketches-cpp checkout (at $(git -C "$1" rev-parse --short "$2"): no hll/include/hll.hpp, or its CMakeLists.txt declares no project(DataSketches))"
}

# families_of GLOB[,GLOB...]: the families of case ids or suite names (their first word),
# ;-separated, or * for any.
families_of() {
  local glob list family=()
  IFS=, read -ra list <<<"$1"
  for glob in "${list[@]}"; do
    glob=${glob%%[/.]*}
    if [[ -z $glob || $glob == *[][*?]* ]]; then echo '*'; return; fi
    family+=("$glob")
  done
  printf '%s\n' "${family[@]}" | sort -u | paste -sd ';'
}

# native_families_of ROOT SUITE CASES: the families the native engine needs for the cases of
# those suites (-DDSCONFORM_NATIVE_FAMILIES), "" for every family; only families with a native
# adapter (engines/native/<family>_adapter.cc).
native_families_of() {
  local root=$1 of_suite of_cases asked family out=""
  of_suite=$(families_of "$2") of_cases=$(families_of "$3")
  if [[ $of_cases == '*' ]]; then asked=${of_suite#\*}
  elif [[ $of_suite == '*' ]]; then asked=$of_cases
  else  # the cases of those suites: both lists' families
    asked=$(comm -12 <(tr ';' '\n' <<<"$of_cases") <(tr ';' '\n' <<<"$of_suite") | paste -sd ';')
  fi
  [[ $of_cases$of_suite == "**" ]] && { echo ""; return; }
  for family in ${asked//;/ }; do
    [[ -f $root/engines/native/${family}_adapter.cc ]] && out+=${out:+;}$family
  done
  [[ -n $out ]] ||
    die "the cases' families (${asked:-none: --cases and --suite name different ones}) have no native adapter (engines/native/<family>_adapter.cc)"
  echo "$out"
}

# private_clone TREE DEST LOG SHA: DEST a clone of TREE's repository with SHA checked out: git
# clone --shared (its objects through objects/info/alternates, nothing copied, nothing
# registered in the repository as a worktree would be), no hook of the user's run in it. An
# earlier clone there is reused when it is of the same repository.
private_clone() {
  local tree=$1 dest=$2 log=$3 sha=$4 source_git
  source_git=$(git -C "$tree" rev-parse --path-format=absolute --git-common-dir)
  if [[ ! -d $dest/.git || $(cat "$dest/.git/objects/info/alternates" 2>/dev/null) != "$source_git/objects" ]]; then
    rm -rf "$dest"
    git clone --quiet --shared --no-checkout "$source_git" "$dest" >"$log" 2>&1 ||
      die "cannot clone $tree into $dest:$(echo; tail -n 5 "$log")"
    git -C "$dest" config core.hooksPath /dev/null
  fi
  # By force: a file that git reports modified in any fresh checkout (datasketches-cpp's .sk
  # files, which its .gitattributes normalizes) must not stop it.
  git -C "$dest" checkout -q -f --detach "$sha" >>"$log" 2>&1 ||
    die "cannot check out $sha in $dest:$(echo; tail -n 5 "$log")"
}

# is_java_tree_at TREE SHA, is_rust_tree_at TREE SHA, is_go_tree_at TREE SHA: as is_cpp_tree_at,
# for datasketches-java (its pom.xml), datasketches-rust (the package "datasketches", at the top
# or in datasketches/ of a workspace) and datasketches-go (its go.mod).
is_java_tree_at() {
  grep -q '<artifactId>datasketches-java</artifactId>' <<<"$(git -C "$1" show "$2:pom.xml" 2>/dev/null)" ||
    die "--java=$1 is not a datasketches-java checkout (at $(git -C "$1" rev-parse --short "$2"): no pom.xml with <artifactId>datasketches-java</artifactId>)"
}
is_rust_tree_at() {
  { grep -Eq '^name *= *"datasketches"' <<<"$(git -C "$1" show "$2:datasketches/Cargo.toml" 2>/dev/null)" ||
    grep -Eq '^name *= *"datasketches"' <<<"$(git -C "$1" show "$2:Cargo.toml" 2>/dev/null)"; } ||
    die "--rust=$1 is not a datasketches-rust checkout (at $(git -C "$1" rev-parse --short "$2"): no Cargo.toml or datasketches/Cargo.toml of the package \"datasketches\")"
}
is_go_tree_at() {
  grep -Eq '^module +github.com/apache/datasketches-go' <<<"$(git -C "$1" show "$2:go.mod" 2>/dev/null)" ||
    die "--go=$1 is not a datasketches-go checkout (at $(git -C "$1" rev-parse --short "$2"): no go.mod of github.com/apache/datasketches-go)"
}

# maven_package TREE STATE: builds the datasketches-java jar of the checkout TREE (mvn clean
# package: classes of deleted sources never linger); built_jar TREE finds it. datasketches-java asks
# Maven's toolchains for its JDK; STATE/toolchains.xml names ours, without touching ~/.m2. The
# enforcer's rules (a Maven newer than Debian's, banned dependencies) do not change the jar.
# Offline first (a populated ~/.m2 needs no network), online only when something is missing.
maven_package() {
  local tree=$1 state=$2 major mvn
  major=$(sed -n 's/^JAVA_VERSION="\{0,1\}\([0-9]*\).*/\1/p' "$JAVA_HOME/release")
  cat >"$state/toolchains.xml" <<XML
<toolchains><toolchain><type>jdk</type><provides><version>$major</version></provides>
<configuration><jdkHome>$JAVA_HOME</jdkHome></configuration></toolchain></toolchains>
XML
  mvn=(nice env "MAVEN_OPTS=${MAVEN_OPTS:-} --sun-misc-unsafe-memory-access=allow" mvn -f "$tree/pom.xml"
       -B -q -Dstyle.color=never -t "$state/toolchains.xml" -DskipTests -Dmaven.javadoc.skip=true
       -Drat.skip=true -Dcheckstyle.skip=true -Denforcer.skip=true -Dgpg.skip=true -Dspotbugs.skip=true
       -Djacoco.skip=true clean package)
  "${mvn[@]}" -o || { echo "offline build failed; trying online"; "${mvn[@]}"; }
}
built_jar() {
  find "$1/target" -maxdepth 1 -name 'datasketches-java-*.jar' ! -name '*-sources.jar' ! -name '*-javadoc.jar' \
    ! -name '*-tests.jar' ! -name '*-test-sources.jar' 2>/dev/null | head -1 || true
}

# relabel_jar BUILT OUT LABEL: a copy of the jar BUILT at OUT whose pom.properties says
# version=LABEL. The Java engine is named after that version (java@LABEL): a label keeps it
# apart from a staged release and steady across revisions.
relabel_jar() {
  local built=$1 out=$2 label=$3 meta props=META-INF/maven/org.apache.datasketches/datasketches-java/pom.properties
  meta=$(dirname "$out")/jar-meta
  cp "$built" "$out"
  mkdir -p "$meta/${props%/*}"
  printf 'groupId=org.apache.datasketches\nartifactId=datasketches-java\nversion=%s\n' "$label" >"$meta/$props"
  "$JAVA_HOME/bin/jar" --update --file "$out" -C "$meta" "$props"
}
