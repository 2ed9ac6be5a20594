// Token secrets: how strong a --token is, and fresh ones for othello-token. A token of kTokenBits
// random bits cannot be guessed online (2^127 connections on average), so the server needs no
// budget of guesses that a flood could spend; a shorter one gets a warning.
#pragma once

#include <string>
#include <string_view>

namespace othello {

inline constexpr int kTokenBits = 128;

// About how many bits of secret `token` holds, from its length alone: 4 a character when every
// character is a hexadecimal digit, 6 otherwise (as if base64). Exact for what othello-token
// prints, generous for words; meant only to warn about short tokens (under kTokenBits: fewer than
// 32 hexadecimal digits, or fewer than 22 other characters).
int token_bits(std::string_view token);

// `bits` (a positive multiple of 4) of the kernel's randomness (getrandom(2)), as lowercase
// hexadecimal digits. Throws std::runtime_error if the kernel gives none.
std::string random_token(int bits = kTokenBits);

}  // namespace othello
