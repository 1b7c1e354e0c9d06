// The fixture of the server-run events' tests (tournament_service_test.cpp: a Swiss;
// arena_service_test.cpp: an arena): five accounts signed up, the service's routes called
// without sockets, the rooms' ending notices collected and handed over by hand, and a
// restart (the store reopened, a fresh registry and service).
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "arbiter/account/password.hpp"
#include "arbiter/account/session_token.hpp"
#include "arbiter/server/test_support.hpp"
#include "arbiter/server/tournament_service.hpp"
#include "arbiter/wire/protocol.hpp"

namespace arbiter::server::testing {

inline std::string field(const std::string& json, std::string_view pointer) {
  return wire::json_at(json, pointer).value_or("<missing>");
}

struct Browser {
  std::string name;
  std::string cookie;
  std::string csrf;
};

class TournamentServiceTest : public RoomTest {
 protected:
  void SetUp() override {
    RoomTest::SetUp();
    tournament_hook_ = [this](TournamentGameEnd end) { ended_.push_back(std::move(end)); };
    reopen();
    for (const char* name : {"Anna", "Boris", "Carl", "Dora", "Emil"}) {
      players_.push_back(sign_up(name));
    }
  }
  void TearDown() override {
    service_.reset();
    accounts_.reset();
    RoomTest::TearDown();
  }
  // A restart: the store reopened, a fresh registry and service.
  void reopen() {
    service_.reset();
    open();
    AccountOptions options;
    options.cost = account::test_cost();
    accounts_ = std::make_shared<AccountApi>(*store_, clock_, options);
    TournamentOptions events;
    events.cost = account::test_cost();
    service_ = std::make_unique<TournamentService>(*store_, *registry_, clock_, accounts_, events);
  }
  Browser sign_up(const std::string& name) {
    HttpRequest r{"POST", "/api/account/signup",
                  R"({"name":")" + name + R"(","password":"a good password"})", "10.0.0.1"};
    r.csrf = "1";
    const HttpReply reply = accounts_->handle(r);
    EXPECT_EQ(reply.status, 201u) << reply.body;
    std::string secret;
    for (const std::string& c : reply.set_cookies) {
      const std::string pair = c.substr(0, c.find(';'));
      if (auto v = cookie_value(pair, kSessionCookie)) secret = std::string(*v);
    }
    return Browser{name, std::string(kSessionCookie) + "=" + secret, field(reply.body, "/csrf")};
  }
  HttpReply call(const std::string& method, const std::string& target, const std::string& body,
                 const Browser* b) {
    HttpRequest r{method, target, body, "10.0.0.1"};
    if (b != nullptr) {
      r.cookie = b->cookie;
      r.csrf = b->csrf;
    }
    return service_->handle(r);
  }
  std::string create(const std::string& extra = "") {
    const HttpReply r = call("POST", "/api/tournaments",
                             R"({"name":"Club Swiss","time_control":"300+3","rounds":2,)"
                             R"("starts_in_s":60,"interval_s":10,"waiting_s":30)" +
                                 extra + "}",
                             &players_[0]);
    EXPECT_EQ(r.status, 201u) << r.body;
    return field(r.body, "/id");
  }
  std::string show(const std::string& id, const Browser* b = nullptr) {
    const HttpReply r = call("GET", "/api/tournaments/" + id, "", b);
    EXPECT_EQ(r.status, 200u) << r.body;
    return r.body;
  }
  // Hands the rooms' ending notices to the service, as the node's hook does.
  void deliver() {
    for (const auto& end : ended_) service_->record(end);
    ended_.clear();
  }
  // Plays a game to its end: 1. d4 d5 and White resigns.
  void white_resigns(const std::string& game) {
    auto room = registry_->find(game);
    ASSERT_TRUE(room);
    auto stored = store_->load_game(game);
    ASSERT_TRUE(stored);
    auto w = connect(*room, stored->header.white_token);
    auto b = connect(*room, stored->header.black_token);
    move(*room, w, "d2d4", 1, 1);
    move(*room, b, "d7d5", 2, 1);
    say(*room, w, R"({"t":"resign","id":2})");
    executor_.run_all();
  }
  std::vector<Browser> players_;
  std::vector<TournamentGameEnd> ended_;
  std::shared_ptr<AccountApi> accounts_;
  std::unique_ptr<TournamentService> service_;
};

}  // namespace arbiter::server::testing
