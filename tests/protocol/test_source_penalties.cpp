// Per-source penalties in process, on a clock the tests set: they grow with every failure, are
// enforced from `min` on, never run past `max`, expire; a network's penalty falls only on its
// clients that failed, never on a neighbour that did not nor on another network, and the time
// left is when the client may come back; IPv6 sources count at /64, /56 and /48; a full table
// forgets the soonest-ending penalties but never one just written; the settings' text form.
#include <doctest/doctest.h>

#include "protocol/source_penalties.h"

using namespace othello;
using boost::asio::ip::make_address;
using std::chrono::seconds;

namespace {

using Clock = SourcePenalties::Clock;

std::vector<SourceNetwork> from(const char* address) {
    return source_networks(make_address(address));
}

// Seconds left of the penalty that refuses `address` at `now`, or -1 when none does.
double left_for(SourcePenalties& penalties, const char* address, Clock::time_point now) {
    const auto in_force = penalties.in_force(from(address), now);
    return in_force ? std::chrono::duration<double>(in_force->left).count() : -1;
}

}  // namespace

TEST_CASE("Penalties grow with every failure, are enforced from min, stop at max and expire") {
    SourcePenalties penalties;  // OpenSSH's: wrong token 5 s, min 15 s, max 600 s
    const auto t0 = Clock::now();
    CHECK_FALSE(penalties.record(from("10.0.0.1"), Failure::WrongToken, t0));
    CHECK_FALSE(penalties.record(from("10.0.0.1"), Failure::WrongToken, t0));
    CHECK(left_for(penalties, "10.0.0.1", t0) == -1);  // 10 s owed, not yet enforced
    const auto enforced = penalties.record(from("10.0.0.1"), Failure::WrongToken, t0);
    REQUIRE(enforced);
    CHECK(enforced->network.text() == "10.0.0.1/32");
    CHECK(enforced->left == seconds(15));
    CHECK(enforced->last == Failure::WrongToken);
    CHECK(left_for(penalties, "10.0.0.1", t0 + seconds(14)) == doctest::Approx(1));
    CHECK(left_for(penalties, "10.0.0.1", t0 + seconds(16)) == -1);  // expired
    CHECK(penalties.tracked() == 0);                                 // and forgotten
    // Failures add up to max, from now.
    for (int i = 0; i < 1000; ++i) penalties.record(from("10.0.0.1"), Failure::Refused, t0);
    CHECK(left_for(penalties, "10.0.0.1", t0) == doctest::Approx(600));
    // Once enforced, a penalty stays enforced until it runs out, however little is left.
    CHECK(left_for(penalties, "10.0.0.1", t0 + seconds(599)) == doctest::Approx(1));
}

TEST_CASE("A network's penalty falls only on its clients that failed, never on another network") {
    SourcePenalties penalties;
    const auto t0 = Clock::now();
    // Three addresses of one /24, one wrong token each: none reaches min alone, the /24 does.
    CHECK_FALSE(penalties.record(from("10.0.0.1"), Failure::WrongToken, t0));
    CHECK_FALSE(penalties.record(from("10.0.0.2"), Failure::WrongToken, t0));
    const auto enforced = penalties.record(from("10.0.0.3"), Failure::WrongToken, t0);
    REQUIRE(enforced);
    CHECK(enforced->network.text() == "10.0.0.0/24");
    const auto in_force = penalties.in_force(from("10.0.0.1"), t0);
    REQUIRE(in_force);
    CHECK(in_force->network.text() == "10.0.0.0/24");
    // Refused until its own record runs out (5 s), not the /24's (15 s).
    CHECK(left_for(penalties, "10.0.0.2", t0) == doctest::Approx(5));
    CHECK(left_for(penalties, "10.0.0.9", t0) == -1);  // a neighbour that did not fail
    CHECK(left_for(penalties, "10.0.1.1", t0) == -1);  // another network
    // The clients that failed stay refused while they keep coming back (each time adds to their
    // own record); one that stopped is refused no more once its own record runs out.
    for (int s = 1; s <= 12; ++s) {
        penalties.record(from("10.0.0.1"), Failure::Refused, t0 + seconds(s));
        CHECK(left_for(penalties, "10.0.0.1", t0 + seconds(s)) > 0);
    }
    CHECK(left_for(penalties, "10.0.0.2", t0 + seconds(6)) == -1);  // its 5 s ran out
}

TEST_CASE("IPv6 sources count at /64, /56 and /48") {
    const auto levels = from("2001:db8:1:2345:6789::1");
    REQUIRE(levels.size() == 3);
    CHECK(levels[0].text() == "2001:db8:1:2345::/64");
    CHECK(levels[1].text() == "2001:db8:1:2300::/56");
    CHECK(levels[2].text() == "2001:db8:1::/48");
    const auto v4 = from("::ffff:192.0.2.77");
    REQUIRE(v4.size() == 2);
    CHECK(v4[0].text() == "192.0.2.77/32");
    CHECK(v4[1].text() == "192.0.2.0/24");

    SourcePenalties penalties;
    const auto t0 = Clock::now();
    // Three /64s of one /56, one wrong token each: the /56 (and its /48) reach min.
    penalties.record(from("2001:db8:1:2300::1"), Failure::WrongToken, t0);
    penalties.record(from("2001:db8:1:2301::1"), Failure::WrongToken, t0);
    const auto enforced = penalties.record(from("2001:db8:1:2302::1"), Failure::WrongToken, t0);
    REQUIRE(enforced);
    CHECK(enforced->network.text() == "2001:db8:1:2300::/56");
    CHECK(left_for(penalties, "2001:db8:1:2301::abcd", t0) > 0);  // the same /64
    CHECK(left_for(penalties, "2001:db8:1:2303::1", t0) == -1);   // a /64 that did not fail
    CHECK(left_for(penalties, "2001:db8:1:2400::1", t0) == -1);   // another /56 of the /48
    CHECK(left_for(penalties, "2001:db8:2::1", t0) == -1);        // another /48
}

TEST_CASE("Penalties: the table forgets the penalties that end soonest when full") {
    PenaltySettings settings;
    settings.max_sources = 4;  // two IPv4 sources: an address and its /24 each
    SourcePenalties penalties(settings);
    const auto t0 = Clock::now();
    penalties.record(from("10.0.0.1"), Failure::Timeout, t0);
    penalties.record(from("10.0.1.1"), Failure::Timeout, t0 + seconds(1));
    CHECK(penalties.tracked() == 4);
    penalties.record(from("10.0.2.1"), Failure::Timeout, t0 + seconds(2));
    CHECK(penalties.tracked() == 4);
    CHECK(left_for(penalties, "10.0.0.1", t0 + seconds(2)) == -1);  // forgotten: refused no more
    CHECK(left_for(penalties, "10.0.2.1", t0 + seconds(2)) > 0);
}

TEST_CASE("Penalties: the time left is until the source's own record or every enforced one ends") {
    SourcePenalties penalties;
    const auto t0 = Clock::now();
    // 10.0.0.1 hangs up (1 s of its own); three wrong tokens from 10.0.0.2 enforce the /24 (16 s).
    penalties.record(from("10.0.0.1"), Failure::HangUp, t0);
    for (int i = 0; i < 3; ++i) penalties.record(from("10.0.0.2"), Failure::WrongToken, t0);
    CHECK(left_for(penalties, "10.0.0.1", t0) == doctest::Approx(1));
    // Charged to its own record alone, coming back ten times keeps it refused 11 s (under min:
    // its own is not enforced), and the /24's penalty no longer.
    for (int i = 0; i < 10; ++i) penalties.record({from("10.0.0.1").front()}, Failure::Refused, t0);
    CHECK(left_for(penalties, "10.0.0.1", t0) == doctest::Approx(11));
    CHECK(left_for(penalties, "10.0.0.1", t0 + seconds(12)) == -1);
    CHECK(left_for(penalties, "10.0.0.2", t0 + seconds(12)) == doctest::Approx(3));  // 15 s
    // An enforced penalty of its own, longer than its network's: that one.
    SourcePenalties own;
    for (int i = 0; i < 3; ++i) own.record(from("10.0.0.3"), Failure::Timeout, t0);
    for (int i = 0; i < 5; ++i) own.record({from("10.0.0.3").front()}, Failure::Timeout, t0);
    CHECK(left_for(own, "10.0.0.3", t0) == doctest::Approx(160));
}

TEST_CASE("Penalties: a full table never forgets the record it has just written") {
    PenaltySettings settings;
    settings.max_sources = 2;        // one IPv4 source: its address and its /24
    settings.hang_up = seconds(15);  // one hang-up is enforced, and ends before a timeout's 20 s
    SourcePenalties penalties(settings);
    const auto t0 = Clock::now();
    penalties.record(from("10.0.0.1"), Failure::Timeout, t0);
    CHECK(penalties.record(from("10.0.1.1"), Failure::HangUp, t0));
    CHECK(penalties.tracked() == 2);
    CHECK(left_for(penalties, "10.0.1.1", t0) == doctest::Approx(15));  // the one just written
    CHECK(left_for(penalties, "10.0.0.1", t0) == -1);  // forgotten, though it ends later
    // More levels than the table holds: all kept, for as long as they run.
    settings.max_sources = 1;
    SourcePenalties tiny(settings);
    tiny.record(from("10.0.0.1"), Failure::Timeout, t0);
    CHECK(tiny.tracked() == 2);
    CHECK(left_for(tiny, "10.0.0.1", t0) == doctest::Approx(20));
}

TEST_CASE("Penalty settings: KEY:SECONDS by commas, none, and what is refused") {
    CHECK(PenaltySettings{}.text() ==
          "wrong-token:5,hang-up:1,timeout:20,refused:1,min:15,max:600,max-sources:65536");
    const PenaltySettings s = parse_penalty_settings("wrong-token:2.5s,min:3,max:30");
    CHECK(s.wrong_token.count() == 2.5);
    CHECK(s.min.count() == 3);
    CHECK(s.max.count() == 30);
    CHECK(s.hang_up.count() == 1);  // not given: the default
    CHECK(parse_penalty_settings(s.text()).text() == s.text());
    CHECK_FALSE(parse_penalty_settings("none").enabled);
    SourcePenalties off(parse_penalty_settings("none"));
    for (int i = 0; i < 10; ++i) off.record(from("10.0.0.1"), Failure::Timeout, Clock::now());
    CHECK_FALSE(off.in_force(from("10.0.0.1"), Clock::now()));
    for (const char* bad : {"", "min", "min:", "min:-1", "min:x", "bogus:1", "max:1,min:2",
                            "max-sources:0", "timeout:100000"})
        CHECK_THROWS_AS(parse_penalty_settings(bad), std::invalid_argument);
}
