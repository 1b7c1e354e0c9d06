#include "arbiter/server/connection_limiter.hpp"

#include <algorithm>

namespace arbiter::server {

ConnectionSlot::ConnectionSlot(ConnectionSlot&& other) noexcept
    : owner_(std::move(other.owner_)), address_(std::move(other.address_)) {
  other.owner_.reset();
}

ConnectionSlot& ConnectionSlot::operator=(ConnectionSlot&& other) noexcept {
  if (this != &other) {
    release();
    owner_ = std::move(other.owner_);
    address_ = std::move(other.address_);
    other.owner_.reset();
  }
  return *this;
}

ConnectionSlot::~ConnectionSlot() { release(); }

void ConnectionSlot::release() noexcept {
  if (owner_) owner_->leave(address_);
  owner_.reset();
}

std::optional<ConnectionSlot> ConnectionLimiter::enter() {
  std::lock_guard lock{mutex_};
  if (total_ >= caps_.total) return std::nullopt;
  ++total_;
  return ConnectionSlot{shared_from_this(), {}};
}

std::optional<ConnectionSlot> ConnectionLimiter::enter(const std::string& address) {
  std::lock_guard lock{mutex_};
  std::size_t& n = per_address_[address];
  if (n >= caps_.per_address) {
    if (n == 0) per_address_.erase(address);
    return std::nullopt;
  }
  ++n;
  return ConnectionSlot{shared_from_this(), address};
}

void ConnectionLimiter::leave(const std::string& address) noexcept {
  std::lock_guard lock{mutex_};
  if (address.empty()) {
    if (total_ > 0) --total_;
    return;
  }
  auto it = per_address_.find(address);
  if (it == per_address_.end()) return;
  if (--it->second == 0) per_address_.erase(it);
}

bool ConnectionLimiter::allow_upgrade(const std::string& address) {
  std::lock_guard lock{mutex_};
  return upgrades_.take(address, time_.now());
}

std::size_t ConnectionLimiter::total() const {
  std::lock_guard lock{mutex_};
  return total_;
}

std::size_t ConnectionLimiter::count(const std::string& address) const {
  std::lock_guard lock{mutex_};
  auto it = per_address_.find(address);
  return it == per_address_.end() ? 0 : it->second;
}

}  // namespace arbiter::server
