// The Boost includes of the server module, in one place. With C++20, <utility> must come
// before <boost/asio.hpp> (design.md, known facts about Boost 1.74).
#pragma once

#include <utility>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>

namespace arbiter::server {
namespace net = boost::asio;
namespace beast = boost::beast;
namespace http = boost::beast::http;
namespace websocket = boost::beast::websocket;
using tcp = boost::asio::ip::tcp;
}  // namespace arbiter::server
