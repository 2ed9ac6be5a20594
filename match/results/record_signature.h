// RecordSignature: an HMAC-SHA256 (OpenSSL's libcrypto) over each game record, keyed by a file
// every machine of a sharded match holds (--sign-key FILE), so that the claims no replay can prove
// — an engine crashed, it ran out of time — are known to come from a runner that played the game.
//
// What is signed: the text "othello-match record 1\n", the match's configuration as its file
// records it (without "shard", so a shard's records still verify once merged) and the record
// without its "sig" field, each as compact JSON with sorted keys. Editing any field of the record
// (its id, engines, moves, reason, times ...) or of the configuration it is bound to (the openings'
// hash, adjudication, the engines' specs ...) breaks the signature. It is stored in the record as
// "sig": "hmac-sha256:" and 64 hex digits.
#pragma once

#include <array>
#include <nlohmann/json_fwd.hpp>
#include <string>

#include "match/config/signing_key.h"
#include "match/record/game_record.h"

namespace othello {

// Signs and checks the records of one match: the key bound to its configuration (null when the
// file records none).
class RecordSigner {
  public:
    RecordSigner(const SigningKey& key, const nlohmann::json& config);

    // `record`'s signature ("hmac-sha256:..."), its "sig" field left out of what is signed.
    std::string signature_of(const GameRecord& record) const;
    // The record as to_json writes it, with its signature.
    nlohmann::json signed_json(const GameRecord& record) const;
    // Why `record` does not carry this key's signature for this match ("" when it does).
    std::string problem(const GameRecord& record) const;

  private:
    std::string key_;
    std::string config_text_;
};

// A digest of the game a record holds, its signature left out (SHA-256 of the same canonical
// text, cut to 128 bits): equal exactly when record_check.h's same_game holds, so that a reader
// can tell two records of one id apart without keeping the first.
using GameDigest = std::array<unsigned char, 16>;
GameDigest game_digest(const GameRecord& record);

}  // namespace othello
