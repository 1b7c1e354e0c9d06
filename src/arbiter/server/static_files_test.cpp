// resolve_static against every way out of the web root that issue #14 and the usual path
// traversal lists name: absolute paths, ".." plain and escaped, double encoding,
// backslashes, NUL bytes, symbolic links, hidden directories (docs/security.md).
#include "arbiter/server/static_files.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <string>

namespace arbiter::server {
namespace {

namespace fs = std::filesystem;

// site/            the web root
//   index.html app.js css/app.css
//   .hidden        a dot file
//   data/arbiter.db   the data directory, under the root on purpose
//   out -> ../secret.txt     a link out of the root
//   dir_out -> ..            a directory link out of the root
//   in -> app.js             a link that stays inside
// secret.txt       outside the root
class StaticFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = fs::temp_directory_path() / ("arbiter-static-test-" + std::to_string(::getpid()));
    root_ = base_ / "site";
    fs::create_directories(root_ / "css");
    fs::create_directories(root_ / "data");
    std::ofstream{root_ / "index.html"} << "index";
    std::ofstream{root_ / "app.js"} << "js";
    std::ofstream{root_ / "css" / "app.css"} << "css";
    std::ofstream{root_ / ".hidden"} << "dot";
    std::ofstream{root_ / "data" / "arbiter.db"} << "seat tokens";
    std::ofstream{base_ / "secret.txt"} << "secret";
    fs::create_symlink("../secret.txt", root_ / "out");
    fs::create_symlink("..", root_ / "dir_out");
    fs::create_symlink("app.js", root_ / "in");
  }
  void TearDown() override { fs::remove_all(base_); }

  Result<fs::path> resolve(std::string_view target) {
    return resolve_static(root_, target, {root_ / "data"});
  }
  // The target is refused as a path (not merely missing).
  void expect_refused(std::string_view target) {
    auto r = resolve(target);
    ASSERT_FALSE(r) << "served " << r->string() << " for " << target;
    EXPECT_EQ(r.error().code, ErrorCode::kInvalidArgument) << target << ": " << r.error().message;
    EXPECT_EQ(r.error().where.field, "target");
  }

  fs::path base_;
  fs::path root_;
};

TEST_F(StaticFiles, ServesFilesAndTheAppRoutesInsideTheRoot) {
  const fs::path root = fs::canonical(root_);
  EXPECT_EQ(*resolve("/"), root / "index.html");
  EXPECT_EQ(*resolve("/g/abc123"), root / "index.html");
  EXPECT_EQ(*resolve("/login"), root / "index.html");
  EXPECT_EQ(*resolve("/signup"), root / "index.html");
  EXPECT_EQ(*resolve("/account"), root / "index.html");
  EXPECT_EQ(*resolve("/@/Anna"), root / "index.html");  // a player's page
  EXPECT_EQ(*resolve("/editor"), root / "index.html");
  EXPECT_EQ(*resolve("/pgn"), root / "index.html");
  EXPECT_EQ(*resolve("/tournaments"), root / "index.html");
  EXPECT_EQ(*resolve("/tournament/Ab12Cd34"), root / "index.html");
  EXPECT_FALSE(resolve("/accounts"));  // only the app's own routes
  EXPECT_EQ(*resolve("/app.js?v=2"), root / "app.js");
  EXPECT_EQ(*resolve("/css/app.css"), root / "css" / "app.css");
  EXPECT_EQ(*resolve("/%61pp.js"), root / "app.js");  // an escaped letter is decoded once
  EXPECT_EQ(*resolve("/in"), root / "app.js");        // a link that stays inside
  EXPECT_EQ(resolve("/missing.js").error().code, ErrorCode::kIo);
  EXPECT_EQ(resolve("/css").error().code, ErrorCode::kIo);  // not a regular file
}

TEST_F(StaticFiles, AbsolutePathsAreRefused) {
  expect_refused("//etc/passwd");
  expect_refused("//proc/self/cwd/data/arbiter.db-wal");
  expect_refused("/%2fetc/passwd");
  expect_refused("/css//app.css");
  expect_refused("relative");
  expect_refused("");
  expect_refused("http://example.com/app.js");
}

TEST_F(StaticFiles, ParentDirectoriesInEveryEncodingAreRefused) {
  for (const char* target :
       {"/../secret.txt", "/css/../../secret.txt", "/%2e%2e/secret.txt", "/%2E%2E/secret.txt",
        "/.%2e/secret.txt", "/%2e./secret.txt", "/css/..%2fsecret.txt", "/%252e%252e/secret.txt",
        "/css/%2e%2e%2f%2e%2e%2fsecret.txt", "/./app.js", "/css/."}) {
    SCOPED_TRACE(target);
    expect_refused(target);
  }
}

TEST_F(StaticFiles, BackslashesNulBytesAndBadEscapesAreRefused) {
  using namespace std::string_view_literals;
  expect_refused("/..\\secret.txt");
  expect_refused("/css%5c..%5c..%5csecret.txt");
  expect_refused("/app.js\0.html"sv);
  expect_refused("/app.js%00.html");
  expect_refused("/app.js%0a");
  expect_refused("/app.js%");
  expect_refused("/app.js%2");
  expect_refused("/app.js%zz");
  expect_refused("/" + std::string(kStaticPathMax, 'a'));
}

TEST_F(StaticFiles, SymbolicLinksOutOfTheRootAreRefused) {
  expect_refused("/out");
  expect_refused("/dir_out/secret.txt");
  // Through a link out and back in, the file itself is inside the root: served.
  EXPECT_EQ(*resolve("/dir_out/site/app.js"), fs::canonical(root_ / "app.js"));
}

TEST_F(StaticFiles, TheDataDirectoryAndDotFilesAreNeverServed) {
  expect_refused("/data/arbiter.db");
  expect_refused("/.hidden");
  expect_refused("/%2ehidden");
  // Also when the hidden directory is reached through a link.
  fs::create_symlink("data", root_ / "d");
  expect_refused("/d/arbiter.db");
}

TEST_F(StaticFiles, ErrorsNameTheColumnOfTheFault) {
  auto r = resolve("/css/%2e%2e/x");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().where.column, 6);  // the segment "%2e%2e" starts at column 6
  EXPECT_NE(r.error().message.find("starting with '.'"), std::string::npos);
}

TEST(StaticPath, PathWithinComparesWholeComponents) {
  EXPECT_TRUE(path_within("/srv/web/app.js", "/srv/web"));
  EXPECT_TRUE(path_within("/srv/web", "/srv/web"));
  EXPECT_TRUE(path_within("/srv/web/app.js", "/srv/web/"));
  EXPECT_FALSE(path_within("/srv/webdata/app.js", "/srv/web"));
  EXPECT_FALSE(path_within("/srv", "/srv/web"));
}

TEST(StaticPath, MimeTypes) {
  EXPECT_EQ(mime_type("/x/app.js"), "text/javascript; charset=utf-8");
  EXPECT_EQ(mime_type("index.html"), "text/html; charset=utf-8");
  EXPECT_EQ(mime_type("blob"), "application/octet-stream");
}

TEST(StaticPages, AMissingPathWithoutAnExtensionIsAPageOfTheApp) {
  EXPECT_TRUE(is_page_path("/nonsense"));
  EXPECT_TRUE(is_page_path("/g/abc/moves"));
  EXPECT_TRUE(is_page_path("/profile/anna?tab=games"));
  EXPECT_FALSE(is_page_path("/app.js"));
  EXPECT_FALSE(is_page_path("/missing.css?v=1"));
  EXPECT_FALSE(is_page_path("/api/nothing"));
  EXPECT_FALSE(is_page_path("/api"));
  EXPECT_FALSE(is_page_path(""));
}

}  // namespace
}  // namespace arbiter::server
