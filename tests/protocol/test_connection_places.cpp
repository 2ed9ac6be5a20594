// The server's places: per-address and per-network limits, and which connection loses its place
// to a newcomer when the server is full.
#include <doctest/doctest.h>

#include <vector>

#include "protocol/connection_places.h"

using namespace othello;
using boost::asio::ip::make_address;

namespace {

struct Held {
    std::shared_ptr<ConnectionPlace> place;
    bool evicted = false;
};

// Admits a connection from `address` into `held` (its eviction marks it); returns the refusal.
std::string admit(ConnectionPlaces& places, const std::string& address, Held& held) {
    auto admission = places.admit(make_address(address));
    if (!admission.place) return admission.refusal;
    held.place = std::move(admission.place);
    held.place->on_evicted([&held] { held.evicted = true; });
    if (admission.evict) admission.evict();
    return "";
}

}  // namespace

TEST_CASE("Places: the address limit counts every connection, the network limit unproven ones") {
    ConnectionPlaces places({100, 3, 2});
    Held a, b, c, d, e;
    CHECK(admit(places, "10.0.0.1", a) == "");
    CHECK(admit(places, "10.0.0.1", b) == "");
    CHECK(admit(places, "10.0.0.2", c) ==
          "2 connections from 10.0.0.0/24 not yet past their first line");
    a.place->prove();
    a.place->prove();  // twice changes nothing
    CHECK(places.unproven() == 1);
    CHECK(admit(places, "10.0.0.1", c) == "");
    b.place->prove();
    c.place->prove();
    CHECK(admit(places, "10.0.0.1", d) == "3 connections already open from this address");
    CHECK(admit(places, "10.0.0.2", d) == "");  // another address of the /24
    CHECK(admit(places, "10.0.0.2", e) == "");
    CHECK(places.open() == 5);
    a.place.reset();  // the connection ended: its place is free
    CHECK(places.open() == 4);
    CHECK(admit(places, "10.0.0.1", a) ==
          "2 connections from 10.0.0.0/24 not yet past their first line");
}

TEST_CASE("Places: an IPv6 /64 is one address and one network") {
    ConnectionPlaces places({100, 2, 1});
    Held a, b;
    CHECK(admit(places, "2001:db8:0:1::1", a) == "");
    CHECK(admit(places, "2001:db8:0:1::2", b) ==
          "1 connections from 2001:db8:0:1::/64 not yet past their first line");
    a.place->prove();
    CHECK(admit(places, "2001:db8:0:1::2", b) == "");
    b.place->prove();
    Held c;
    CHECK(admit(places, "2001:db8:0:1::ffff", c) == "2 connections already open from this address");
    CHECK(admit(places, "2001:db8:0:2::1", c) == "");
}

TEST_CASE("Places: when full, a newcomer takes the oldest unproven place of the biggest network") {
    ConnectionPlaces places({6, 0, 0});
    std::vector<Held> flood(4), other(2);
    for (auto& held : flood) REQUIRE(admit(places, "10.0.0.7", held) == "");
    for (auto& held : other) REQUIRE(admit(places, "10.0.1.7", held) == "");
    other[0].place->prove();
    Held newcomer;
    CHECK(admit(places, "10.0.2.1", newcomer) == "");
    CHECK(flood[0].evicted);  // the oldest of the network with the most (4)
    CHECK(!flood[1].evicted);
    CHECK(places.open() == 6);
    // The evicted connection ends later: its end frees nothing twice.
    flood[0].place.reset();
    CHECK(places.open() == 6);
    // The flooding network cannot take places from networks that hold fewer than it.
    Held more;
    CHECK(admit(places, "10.0.0.8", more) == "server full (6 connections)");
    // 10.0.0.0/24 holds 3 unproven, the others 1 each: newcomers take its places down to 1.
    Held second, third;
    CHECK(admit(places, "10.0.3.1", second) == "");
    CHECK(flood[1].evicted);
    CHECK(admit(places, "10.0.4.1", third) == "");
    CHECK(flood[2].evicted);
    // Every network holds 1 unproven place: a network's only one is not taken.
    Held fourth;
    CHECK(admit(places, "10.0.5.1", fourth) == "server full (6 connections)");
    CHECK(!newcomer.evicted);
    CHECK(!other[1].evicted);
    CHECK(!flood[3].evicted);
}

TEST_CASE("Places: proven places are never taken; among equal networks the oldest place goes") {
    ConnectionPlaces places({5, 0, 0});
    std::vector<Held> a(2), b(2), c(1);
    REQUIRE(admit(places, "10.0.0.1", a[0]) == "");
    REQUIRE(admit(places, "10.0.1.1", b[0]) == "");
    REQUIRE(admit(places, "10.0.0.1", a[1]) == "");
    REQUIRE(admit(places, "10.0.1.1", b[1]) == "");
    REQUIRE(admit(places, "10.0.2.1", c[0]) == "");
    Held d;
    CHECK(admit(places, "10.0.3.1", d) == "");
    CHECK(a[0].evicted);  // 10.0.0.0/24 and 10.0.1.0/24 hold 2 each; a[0] is the oldest
    CHECK(!b[0].evicted);
    Held e;
    CHECK(admit(places, "10.0.4.1", e) == "");
    CHECK(b[0].evicted);
    for (auto* held : {&a[1], &b[1], &c[0], &d, &e}) held->place->prove();
    CHECK(places.unproven() == 0);
    Held f;
    CHECK(admit(places, "10.0.5.1", f) == "server full (5 connections)");
}
