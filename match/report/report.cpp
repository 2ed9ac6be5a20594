// Report: fixed-width text tables with std::format-free iostream formatting.
#include "match/report/report.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include "match/stats/ratings.h"

namespace othello {

namespace {

std::string percent(long part, long whole) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", whole ? 100.0 * part / whole : 0.0);
    return buf;
}

void tally_row(std::ostream& out, int width, const std::string& label, const WinDrawLoss& r) {
    out << "  " << std::left << std::setw(width) << label << std::right << std::setw(7) << r.games()
        << std::setw(7) << r.wins << std::setw(7) << r.losses << std::setw(7) << r.draws
        << std::setw(8) << percent(r.wins, r.games()) << std::setw(8)
        << percent(r.losses, r.games()) << std::setw(8) << percent(r.draws, r.games());
}

// `samples`: what the estimate counts ("game", "pair"), for when they all scored alike.
std::string interval(const EloEstimate& e, const char* samples) {
    std::ostringstream s;
    s << format_elo(e.elo);
    // No spread among the samples is no error bar, not a bar of zero width.
    if (e.standard_error == 0) {
        s << " (no error bar yet: every " << samples << " scored alike)";
        return s.str();
    }
    if (std::isfinite(e.elo) && std::isfinite(e.lower) && std::isfinite(e.upper)) {
        char buf[32];
        std::snprintf(buf, sizeof buf, " +/- %.1f", (e.upper - e.lower) / 2);
        s << buf;
    }
    s << " [" << format_elo(e.lower) << ", " << format_elo(e.upper) << "]";
    return s.str();
}

void print_pair(std::ostream& out, const Standings& st, int a, int b,
                const std::optional<SprtParameters>& sprt) {
    const WinDrawLoss r = st.head_to_head(a, b);
    const Pentanomial p = st.pentanomial(a, b);
    char buf[64];
    out << st.names()[a] << " vs " << st.names()[b] << ": " << r.games() << " games, +" << r.wins
        << " -" << r.losses << " =" << r.draws;
    std::snprintf(buf, sizeof buf, ", score %.1f%%", 100 * r.score());
    out << buf << "\n";
    if (const long repeated = st.repeated_games(a, b); repeated > 0) {
        out << "  Warning: " << repeated << " of these " << r.games()
            << " games repeat an earlier game move for move; the figures below count them as "
               "independent, which they are not (use more openings, e.g. --openings balanced)\n";
    }
    out << "  Elo difference " << interval(trinomial_elo(r), "game");
    std::snprintf(buf, sizeof buf, ", LOS %.1f%%", 100 * likelihood_of_superiority(r));
    out << buf << "\n";
    if (p.pairs() > 0) {
        out << "  Pentanomial [0, 0.5, 1, 1.5, 2]: [" << p.counts[0] << ", " << p.counts[1] << ", "
            << p.counts[2] << ", " << p.counts[3] << ", " << p.counts[4] << "] (" << p.pairs()
            << " pairs), Elo " << interval(pentanomial_elo(p), "pair") << "\n";
    }
    if (sprt) {
        const double llr = p.pairs() > 0 ? sprt_llr(p, *sprt) : sprt_llr(r, *sprt);
        const SprtDecision d = sprt_decide(llr, *sprt);
        char sprt_line[256];
        std::snprintf(sprt_line, sizeof sprt_line,
                      "  SPRT (elo0 %g, elo1 %g%s): LLR %.2f [%.2f, %.2f] ", sprt->elo0, sprt->elo1,
                      sprt->model == SprtModel::Normalized ? ", normalized Elo" : "", llr,
                      sprt->lower_bound(), sprt->upper_bound());
        out << sprt_line
            << (d == SprtDecision::AcceptH1   ? "H1 accepted"
                : d == SprtDecision::AcceptH0 ? "H0 accepted"
                                              : "undecided")
            << "\n";
    }
}

void print_ratings(std::ostream& out, const RatingList& list, int width) {
    out << "\nRatings (joint maximum likelihood over all games, mean 0, 95% error):\n  "
        << std::left << std::setw(6) << "Rank" << std::setw(width) << "Engine" << std::right
        << std::setw(9) << "Elo" << std::setw(9) << "Error" << std::setw(8) << "Games"
        << std::setw(9) << "Score"
        << "\n";
    for (std::size_t i = 0; i < list.ratings.size(); ++i) {
        const Rating& r = list.ratings[i];
        char buf[64];
        std::snprintf(buf, sizeof buf, "%9s%9.1f%8ld%8.1f%%", format_elo(r.elo).c_str(), r.error,
                      r.games, 100 * r.score);
        out << "  " << std::left << std::setw(6) << (i + 1) << std::setw(width) << r.engine
            << std::right << buf << "\n";
    }
    if (list.virtual_draws) {
        out << "  (an engine won or lost every game against the rest: one virtual draw was added "
               "between each pair of engines that met, to keep the ratings finite)\n";
    }
}

}  // namespace

std::string format_elo(double elo) {
    if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f", elo + 0.0);  // + 0.0: no "-0.0"
    return buf;
}

void print_report(std::ostream& out, const Standings& st,
                  const std::optional<SprtParameters>& sprt) {
    const int n = static_cast<int>(st.names().size());
    int width = 22;  // the engine column fits the longest name
    for (const auto& name : st.names()) width = std::max(width, static_cast<int>(name.size()) + 2);
    out << "  " << std::left << std::setw(width) << "Engine" << std::right << std::setw(7)
        << "Games" << std::setw(7) << "W" << std::setw(7) << "L" << std::setw(7) << "D"
        << std::setw(8) << "W%" << std::setw(8) << "L%" << std::setw(8) << "D%" << std::setw(9)
        << "Score" << std::setw(10) << "AvgDisc"
        << "\n";
    for (int e = 0; e < n; ++e) {
        const EngineTally& t = st.tally(e);
        char buf[64];
        tally_row(out, width, st.names()[e], t.total);
        std::snprintf(buf, sizeof buf, "%8.1f%%%+10.2f", 100 * t.total.score(),
                      t.total.games() ? double(t.disc_difference_sum) / t.total.games() : 0.0);
        out << buf << "\n";
        tally_row(out, width, "  as black (first)", t.as_black);
        out << "\n";
        tally_row(out, width, "  as white (second)", t.as_white);
        out << "\n";
    }
    out << "\n";
    for (int a = 0; a < n; ++a) {
        for (int b = a + 1; b < n; ++b) {
            if (st.head_to_head(a, b).games() > 0) print_pair(out, st, a, b, sprt);
        }
    }
    if (n > 2) {
        // Columns are numbered: full names would not fit side by side.
        // A pair that never met (a gauntlet's seeds) shows nothing: 0-0-0 would read as games.
        out << "\nCrosstable (row's wins-losses-draws against column; blank: never met):\n  "
            << std::left << std::setw(width + 4) << "";
        for (int b = 0; b < n; ++b) out << std::setw(14) << std::to_string(b + 1);
        out << "Score\n";
        for (int a = 0; a < n; ++a) {
            out << "  " << std::setw(width + 4) << (std::to_string(a + 1) + ". " + st.names()[a]);
            for (int b = 0; b < n; ++b) {
                const WinDrawLoss r = st.head_to_head(a, b);
                out << std::setw(14)
                    << (a == b           ? std::string("-")
                        : r.games() == 0 ? std::string()
                                         : std::to_string(r.wins) + "-" + std::to_string(r.losses) +
                                               "-" + std::to_string(r.draws));
            }
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.1f%%", 100 * st.tally(a).total.score());
            out << buf << "\n";
        }
        out << std::right;
    }
    if (n > 2) print_ratings(out, joint_ratings(st), width);
    out << "\nResults by reason:";
    for (const auto& [reason, count] : st.reasons()) out << " " << reason << " " << count << ";";
    out << "\n";
}

}  // namespace othello
