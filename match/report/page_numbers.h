// How the report page writes its numbers: rounded to the decimals it shows (a short page), and an
// unbounded Elo end as null, as JSON has no infinity.
#pragma once

#include <cmath>
#include <nlohmann/json.hpp>

namespace othello {

// Rounded to `decimals` places; dividing by an exact power of ten keeps the printed form short.
inline nlohmann::json rounded(double x, int decimals) {
    const double scale = std::pow(10.0, decimals);
    return std::round(x * scale) / scale;
}

// An Elo value to a tenth, or null when unbounded (drawn as an open end).
inline nlohmann::json finite_or_null(double x) {
    return std::isfinite(x) ? nlohmann::json(std::round(x * 10) / 10.0) : nlohmann::json(nullptr);
}

}  // namespace othello
