// Admission in process: the limits per address and per network, which unproven connection gives
// way within a network (IPv4 and IPv6 levels), the random early drop between START and FULL,
// failed connections giving way first when the server is full, and the failures that earn
// penalties (a wrong token, a hang-up, a timeout, coming back while refused; not the server's own
// faults) with the refusals they bring and the time they tell.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "protocol/admission.h"

using namespace othello;
using boost::asio::ip::make_address;

namespace {

struct HeldPlace {
    std::shared_ptr<ConnectionPlace> place;
    bool evicted = false;
};

// A limit of `per_network` unproven places a network, no random drop, no penalties.
AdmissionLimits places_only(std::size_t per_network, std::size_t per_address = 0) {
    AdmissionLimits limits;
    limits.max_clients = 1000;
    limits.max_per_address = per_address;
    limits.startups = MaxStartups{1000, 30, 1000};
    limits.per_source_startups = per_network;
    limits.penalties.enabled = false;
    return limits;
}

// Admits a connection from `address` into `held` (giving way marks it); returns the refusal.
std::string admit_into(Admission& admission, const std::string& address, HeldPlace& held) {
    auto ticket = admission.admit(make_address(address));
    if (!ticket.place) return ticket.refusal;
    held.place = std::move(ticket.place);
    held.place->on_evicted([&held] { held.evicted = true; });
    if (ticket.evict) ticket.evict();
    return "";
}

}  // namespace

TEST_CASE("Admission: the address limit counts every connection, the network limit unproven ones") {
    Admission admission(places_only(2, 3));
    HeldPlace a, b, c, d, e;
    CHECK(admit_into(admission, "10.0.0.1", a) == "");
    CHECK(admit_into(admission, "10.0.0.1", b) == "");
    // The network holds 2 unproven, both of this address: it holds the most, so it is refused.
    CHECK(admit_into(admission, "10.0.0.1", c) ==
          "2 connections from 10.0.0.0/24 not yet past their first line, the most of them from "
          "this address");
    a.place->prove();
    a.place->prove();  // twice changes nothing
    CHECK(admission.unproven() == 1);
    CHECK(admit_into(admission, "10.0.0.1", c) == "");
    b.place->prove();
    c.place->prove();
    CHECK(admit_into(admission, "10.0.0.1", d) == "3 connections already open from this address");
    CHECK(admit_into(admission, "10.0.0.2", d) == "");  // another address of the /24
    CHECK(admission.open() == 4);
    a.place.reset();  // the connection ended: its place is free
    CHECK(admission.open() == 3);
    CHECK(admit_into(admission, "10.0.1.1", e) == "");  // another network: its own limit
    CHECK(admission.unproven() == 2);
}

TEST_CASE("Admission: within a network the address holding the most gives way, its oldest first") {
    Admission admission(places_only(4));
    std::vector<HeldPlace> seven(3);
    HeldPlace eight, other;
    for (auto& held : seven) REQUIRE(admit_into(admission, "10.0.0.7", held) == "");
    REQUIRE(admit_into(admission, "10.0.0.8", eight) == "");
    REQUIRE(admit_into(admission, "10.0.1.1", other) == "");  // another network
    // 10.0.0.0/24 is at its limit: a newcomer of it takes 10.0.0.7's oldest place.
    HeldPlace nine, ten, eleven;
    CHECK(admit_into(admission, "10.0.0.9", nine) == "");
    CHECK(seven[0].evicted);
    CHECK_FALSE(seven[1].evicted);
    CHECK(admit_into(admission, "10.0.0.10", ten) == "");
    CHECK(seven[1].evicted);
    // Every address holds one now: the oldest place gives way (10.0.0.7's last).
    CHECK(admit_into(admission, "10.0.0.11", eleven) == "");
    CHECK(seven[2].evicted);
    CHECK_FALSE(eight.evicted);
    // An address that holds as many as any other is itself refused.
    HeldPlace again;
    CHECK(admit_into(admission, "10.0.0.9", again) ==
          "4 connections from 10.0.0.0/24 not yet past their first line, the most of them from "
          "this address");
    // A proven place never gives way, and no other network's place does.
    eight.place->prove();
    nine.place->prove();
    ten.place->prove();
    eleven.place->prove();
    CHECK(admission.unproven() == 1);
    CHECK_FALSE(other.evicted);
    CHECK(admission.open() == 5);
    // The place that gave way ends later: nothing is freed twice.
    seven.clear();
    CHECK(admission.open() == 5);
}

TEST_CASE("Admission: IPv6 sources count at /64, /56 and /48; a /56 of many /64s cannot multiply") {
    Admission admission(places_only(4));
    HeldPlace a1, a2, b, c;
    REQUIRE(admit_into(admission, "2001:db8:1:100::1", a1) == "");     // /56 ...:100, /64 a
    REQUIRE(admit_into(admission, "2001:db8:1:100::ffff", a2) == "");  // the same /64
    REQUIRE(admit_into(admission, "2001:db8:1:101::1", b) == "");      // /56 ...:100, /64 b
    REQUIRE(admit_into(admission, "2001:db8:1:200::1", c) == "");      // another /56, same /48
    // The /48 is full: a newcomer of a third /56 takes a place of the /56 that holds the most
    // (3), from its /64 that holds the most (a, 2), the oldest.
    HeldPlace d;
    CHECK(admit_into(admission, "2001:db8:1:300::1", d) == "");
    CHECK(a1.evicted);
    CHECK_FALSE(a2.evicted);
    // /64 a holds 1 as /64 b does, within the /56 that holds the most (2): a newcomer of /64 a
    // ties for the most in its own /56, so it is refused.
    HeldPlace e;
    CHECK(admit_into(admission, "2001:db8:1:100::2", e) ==
          "4 connections from 2001:db8:1::/48 not yet past their first line, the most of them "
          "from this address");
    // 256 /64s of one /56 of another /48, one connection each: the /48 holds 4 at most.
    std::vector<HeldPlace> flood(256);
    for (int i = 0; i < 256; ++i) {
        char address[64];
        std::snprintf(address, sizeof address, "2001:db8:2:5%02x::1", i);
        admit_into(admission, address, flood[static_cast<std::size_t>(i)]);
    }
    CHECK(admission.unproven() == 4 + 4);
    // Its neighbour in another /56 of that /48 gets a place; the first /48 kept its own.
    HeldPlace neighbour;
    CHECK(admit_into(admission, "2001:db8:2:600::1", neighbour) == "");
    CHECK_FALSE(a2.evicted);
    CHECK_FALSE(b.evicted);
    // An IPv4-mapped address counts as the IPv4 address.
    HeldPlace v4a, v4b;
    Admission v4(places_only(1));
    CHECK(admit_into(v4, "::ffff:10.0.0.1", v4a) == "");
    CHECK(admit_into(v4, "10.0.0.1", v4b) ==
          "1 connections from 10.0.0.0/24 not yet past their first line, the most of them from "
          "this address");
}

TEST_CASE("Random early drop: none below START, RATE% at START rising to all at FULL") {
    const MaxStartups m{10, 30, 100};
    CHECK(m.drop_probability(0) == 0);
    CHECK(m.drop_probability(9) == 0);
    CHECK(m.drop_probability(10) == doctest::Approx(0.30));
    CHECK(m.drop_probability(55) == doctest::Approx(0.65));
    CHECK(m.drop_probability(100) == 1);
    CHECK(m.drop_probability(500) == 1);
    const MaxStartups hard = parse_max_startups("8");
    CHECK(hard.drop_probability(7) == 0);
    CHECK(hard.drop_probability(8) == 1);
    CHECK(parse_max_startups("10:30:100").text() == "10:30:100");
    for (const char* bad :
         {"", "10:30", "10:30:100:1", "20:30:10", "10:101:100", "0:30:0", "x", "0:100:1", "0"})
        CHECK_THROWS_AS(parse_max_startups(bad), std::invalid_argument);
    CHECK_THROWS_WITH(
        parse_max_startups("0:100:1"),
        "--max-startups: '0:100:1': give START from 1 to FULL and RATE from 0 to 100");
    // In process START 0 still drops no one while nothing is unproven: the first is admitted.
    AdmissionLimits from_zero = places_only(0);
    from_zero.startups = MaxStartups{0, 100, 1};
    Admission zero(from_zero);
    CHECK(zero.admit(make_address("10.0.0.1")).place);

    // Every newcomer from one address, which holds the most: the drop refuses it.
    const auto run = [](std::uint64_t seed) {
        AdmissionLimits limits = places_only(0);
        limits.startups = MaxStartups{10, 30, 20};
        limits.drop_seed = seed;
        Admission admission(limits);
        std::vector<std::shared_ptr<ConnectionPlace>> held;
        std::vector<bool> admitted;
        for (int i = 0; i < 200; ++i) {
            auto ticket = admission.admit(make_address("10.0.0.1"));
            admitted.push_back(ticket.place != nullptr);
            if (ticket.place) held.push_back(std::move(ticket.place));
            CHECK(admission.unproven() <= 20);
        }
        return admitted;
    };
    const std::vector<bool> admitted = run(7);
    for (int i = 0; i < 10; ++i) CHECK(admitted[static_cast<std::size_t>(i)]);  // below START
    const auto taken = std::count(admitted.begin(), admitted.end(), true);
    CHECK(taken == 20);  // up to FULL, then every newcomer refused
    CHECK(std::find(admitted.begin() + 10, admitted.begin() + 20, false) !=
          admitted.begin() + 20);  // some refused between START and FULL (30% or more each)
    CHECK(run(7) == admitted);     // the same seed draws the same
}

TEST_CASE("Random early drop: the network holding the most gives way, not a quiet newcomer") {
    AdmissionLimits limits = places_only(0);
    limits.startups = MaxStartups{2, 100, 4};  // from 2 on, someone goes
    Admission admission(limits);
    std::vector<HeldPlace> flood(4), quiet(3);
    CHECK(admit_into(admission, "10.0.0.1", flood[0]) == "");
    CHECK(admit_into(admission, "10.0.0.2", flood[1]) == "");
    // 10.0.0.0/24 holds 2, 10.0.1.0/24 none: its newcomer takes 10.0.0.0/24's oldest place.
    CHECK(admit_into(admission, "10.0.1.1", quiet[0]) == "");
    CHECK(flood[0].evicted);
    CHECK(admission.unproven() == 2);
    // Each network holds 1: a newcomer of a third network takes the oldest place of them.
    CHECK(admit_into(admission, "10.0.2.1", quiet[1]) == "");
    CHECK(flood[1].evicted);
    CHECK_FALSE(quiet[0].evicted);
    // A newcomer whose own network holds as many as any: the contest goes on inside it, and its
    // own address holding the most, it is refused (its failure: it holds what is full).
    CHECK(admit_into(admission, "10.0.2.1", quiet[2]) ==
          "random early drop at 2 connections not yet past their first line (--max-startups "
          "2:100:4); this address holds the most of those not yet past their first line");
    // A neighbour in that network takes its address's place instead.
    CHECK(admit_into(admission, "10.0.2.9", flood[2]) == "");
    CHECK(quiet[1].evicted);
    CHECK_FALSE(quiet[0].evicted);
}

TEST_CASE("Admission: failures earn penalties; a penalised address is refused, its neighbour not") {
    AdmissionLimits limits = places_only(0);  // OpenSSH's penalties: 5 s a wrong token, ...
    limits.penalties = PenaltySettings{};
    Admission admission(limits);
    // Three wrong tokens in quick succession owe just under min (15 s), a fourth more.
    for (int i = 0; i < 3; ++i) {
        auto ticket = admission.admit(make_address("10.0.0.1"));
        REQUIRE(ticket.place);
        CHECK(ticket.place->fail(Failure::WrongToken) == "");
    }
    auto fourth = admission.admit(make_address("10.0.0.1"));
    REQUIRE(fourth.place);
    CHECK(fourth.place->fail(Failure::WrongToken) == "; 10.0.0.1/32 refused for 20 s");
    CHECK(fourth.place->fail(Failure::WrongToken) == "");  // only the first failure counts
    const auto refused = admission.admit(make_address("10.0.0.1"));
    CHECK_FALSE(refused.place);
    // Coming back while refused adds to the penalty (1 s each), this time included: the time
    // told is when it may come back.
    CHECK(refused.refusal == "10.0.0.1/32 penalised for 21 s more (last: wrong token)");
    CHECK(refused.answer == "penalised: failures from 10.0.0.1/32; try again in 21 s");
    CHECK(admission.admit(make_address("10.0.0.1")).refusal ==
          "10.0.0.1/32 penalised for 22 s more (last: came back while refused)");
    CHECK(admission.admit(make_address("10.0.0.2")).place);  // its neighbour did nothing
    CHECK(admission.admit(make_address("10.0.1.1")).place);  // nor did another network

    // A hang-up before the first line: an unproven place that ends without another failure.
    int hang_ups = 0;
    std::string refusal;
    for (; hang_ups < 100 && refusal.empty(); ++hang_ups)
        refusal = admission.admit(make_address("10.0.2.1")).refusal;
    CHECK(hang_ups == 17);  // 1 s each: 16 hang-ups owe over min, the 17th is refused
    CHECK(refusal.find("(last: hung up before its first line was answered)") != std::string::npos);
    // No first line in time: one is enough (20 s).
    auto silent = admission.admit(make_address("10.0.3.1"));
    CHECK(silent.place->fail(Failure::Timeout) == "; 10.0.3.1/32 refused for 20 s");
    CHECK_FALSE(admission.admit(make_address("10.0.3.1")).place);
    // A proven connection that ends is no failure.
    for (int i = 0; i < 20; ++i) admission.admit(make_address("10.0.4.1")).place->prove();
    CHECK(admission.admit(make_address("10.0.4.1")).place);
}

TEST_CASE(
    "Admission: an address over its network's share is refused and penalised; giving way is not") {
    AdmissionLimits limits = places_only(2);
    limits.penalties = PenaltySettings{};
    limits.penalties.refused = std::chrono::seconds(8);  // two refusals reach min (15 s)
    Admission admission(limits);
    HeldPlace a, b, c;
    REQUIRE(admit_into(admission, "10.0.0.1", a) == "");
    REQUIRE(admit_into(admission, "10.0.0.1", b) == "");
    CHECK(admit_into(admission, "10.0.0.1", c).find("the most of them from this address") !=
          std::string::npos);
    CHECK(admit_into(admission, "10.0.0.1", c).find("the most of them") != std::string::npos);
    CHECK(admit_into(admission, "10.0.0.1", c) ==
          "10.0.0.1/32 penalised for 24 s more (last: came back while refused)");
    // 10.0.0.2 takes 10.0.0.1's oldest place; the place that gave way earns nothing.
    CHECK(admit_into(admission, "10.0.0.2", c) == "");
    CHECK(a.evicted);
    HeldPlace d;
    CHECK(admit_into(admission, "10.0.0.3", d) == "");  // 10.0.0.1 gives way again
    CHECK(b.evicted);
    a.place.reset();
    b.place.reset();
    HeldPlace e;
    CHECK(admit_into(admission, "10.0.0.2", e).find("the most of them") != std::string::npos);
}

TEST_CASE("Admission: a failed connection gives way first when the server is full") {
    AdmissionLimits limits = places_only(0);
    limits.max_clients = 3;
    Admission admission(limits);
    // A full server: one proven client, two connections that failed and linger (a wrong token
    // waits up to a second for its refusal to be read) from a flooding network.
    HeldPlace client, failed1, failed2;
    REQUIRE(admit_into(admission, "10.0.9.1", client) == "");
    client.place->prove();
    REQUIRE(admit_into(admission, "10.0.0.1", failed1) == "");
    REQUIRE(admit_into(admission, "10.0.0.2", failed2) == "");
    failed1.place->fail(Failure::WrongToken);
    failed2.place->fail(Failure::WrongToken);
    CHECK(admission.unproven() == 0);
    CHECK(admission.open() == 3);
    // A client of another network, then a neighbour of the flood: each takes a failed place, the
    // oldest first, and the proven client keeps its own.
    HeldPlace other, neighbour;
    auto ticket = admission.admit(make_address("10.0.8.1"));
    REQUIRE(ticket.place);
    CHECK(ticket.gave_way ==
          "a connection from 10.0.0.1 that had failed gave way (server full (3 connections))");
    other.place = std::move(ticket.place);
    ticket.evict();
    CHECK(failed1.evicted);
    CHECK(admit_into(admission, "10.0.0.250", neighbour) == "");
    CHECK(failed2.evicted);
    CHECK_FALSE(client.evicted);
    CHECK(admission.open() == 3);
    // No failed place left and nothing unproven but the newcomers': the server is full.
    other.place->prove();
    neighbour.place->prove();
    HeldPlace late;
    CHECK(admit_into(admission, "10.0.7.1", late) == "server full (3 connections)");
    // The failed places end later (their linger is over): nothing is freed twice.
    failed1.place.reset();
    failed2.place.reset();
    CHECK(admission.open() == 3);
}

TEST_CASE("Admission: a refusal while penalised adds to the address's own record, and says when") {
    AdmissionLimits limits = places_only(0);
    limits.penalties = PenaltySettings{};
    limits.penalties.refused = std::chrono::milliseconds(500);
    Admission admission(limits);
    // 10.0.9.2 sends four wrong tokens (20 s of its own and for 10.0.9.0/24, both enforced),
    // then 10.0.9.7 hangs up once (1 s of its own, 21 s for the /24).
    for (int i = 0; i < 4; ++i) {
        auto ticket = admission.admit(make_address("10.0.9.2"));
        REQUIRE(ticket.place);
        ticket.place->fail(Failure::WrongToken);
    }
    admission.admit(make_address("10.0.9.7"));
    const auto t0 = Admission::Clock::now();  // every failure so far is at or before t0
    // 10.0.9.7 knocks 20 times at once: each refusal adds 0.5 s to its own record (11 s, under
    // min), none to the /24's, and it is told when its own record runs out.
    std::string answer;
    for (int i = 0; i < 20; ++i) answer = admission.admit(make_address("10.0.9.7"), t0).answer;
    CHECK((answer == "penalised: failures from 10.0.9.0/24; try again in 11 s" ||
           answer == "penalised: failures from 10.0.9.0/24; try again in 10 s"));
    // Then it may: let in once its own record has run out, while the /24's still runs.
    const auto later = t0 + std::chrono::seconds(12);
    CHECK(admission.admit(make_address("10.0.9.7"), later).place);
    // 10.0.9.2 is refused by its own enforced penalty, and told so.
    CHECK(
        admission.admit(make_address("10.0.9.2"), t0).answer.find("from 10.0.9.2/32; try again") !=
        std::string::npos);
}

TEST_CASE("Admission: the server's own faults are not charged to the client as hang-ups") {
    AdmissionLimits limits = places_only(0);
    limits.penalties = PenaltySettings{};
    limits.penalties.hang_up = std::chrono::seconds(20);  // one hang-up would be enforced
    Admission admission(limits);
    // A session that cannot start, a child that cannot start or quits: ended by the server.
    for (int i = 0; i < 3; ++i) {
        auto ticket = admission.admit(make_address("10.0.0.1"));
        REQUIRE(ticket.place);
        ticket.place->ended_by_server();
        CHECK(admission.unproven() == 0);
    }
    CHECK(admission.admit(make_address("10.0.0.1")).place);
    // A true hang-up is still one.
    admission.admit(make_address("10.0.0.2"));
    CHECK(admission.admit(make_address("10.0.0.2")).answer.find("penalised") == 0);
}
