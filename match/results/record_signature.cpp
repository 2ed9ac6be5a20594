// RecordSignature: OpenSSL's one-shot HMAC and a constant-time comparison.
#include "match/results/record_signature.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>

#include <algorithm>
#include <cstring>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "match/record/game_record_schema.h"

namespace othello {

namespace {

constexpr std::string_view kScheme = "hmac-sha256:";

// Compact, sorted keys (nlohmann's objects are ordered), invalid UTF-8 replaced as the writers
// replace it: the text a record reads back as is the text it was signed as.
std::string canonical(const nlohmann::json& j) {
    return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace

RecordSigner::RecordSigner(const SigningKey& key, const nlohmann::json& config)
    : key_(key.bytes()) {
    nlohmann::json bound = config;
    if (bound.is_object()) bound.erase("shard");
    config_text_ = canonical(bound);
}

std::string RecordSigner::signature_of(const GameRecord& record) const {
    nlohmann::json j = to_json(record);
    j.erase("sig");
    const std::string message = "othello-match record 1\n" + config_text_ + "\n" + canonical(j);
    unsigned char mac[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (!HMAC(EVP_sha256(), key_.data(), static_cast<int>(key_.size()),
              reinterpret_cast<const unsigned char*>(message.data()), message.size(), mac, &length))
        throw std::runtime_error("HMAC-SHA256 failed (OpenSSL)");
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out(kScheme);
    for (unsigned int i = 0; i < length; ++i) {
        out += kHex[mac[i] >> 4];
        out += kHex[mac[i] & 15];
    }
    return out;
}

nlohmann::json RecordSigner::signed_json(const GameRecord& record) const {
    nlohmann::json j = to_json(record);
    j["sig"] = signature_of(record);
    return j;
}

std::string RecordSigner::problem(const GameRecord& record) const {
    if (record.signature.empty()) return "unsigned, but --sign-key asks for signed records";
    const std::string expected = signature_of(record);
    if (record.signature.size() != expected.size() ||
        CRYPTO_memcmp(record.signature.data(), expected.data(), expected.size()) != 0) {
        return "signature does not match (the record or its match's configuration was edited, or "
               "another key signed it)";
    }
    return "";
}

GameDigest game_digest(const GameRecord& record) {
    nlohmann::json j = to_json(record);
    j.erase("sig");
    const std::string text = canonical(j);
    unsigned char sha[EVP_MAX_MD_SIZE];
    unsigned int length = 0;
    if (!EVP_Digest(text.data(), text.size(), sha, &length, EVP_sha256(), nullptr))
        throw std::runtime_error("SHA-256 failed (OpenSSL)");
    GameDigest digest;
    std::copy(sha, sha + digest.size(), digest.begin());
    return digest;
}

}  // namespace othello
