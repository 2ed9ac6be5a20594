// SigningKey: the key of --sign-key FILE, which every machine of a sharded match holds, so that
// the records it signs (match/results/record_signature.h) are known to come from a runner that
// played the game. Part of a match's configuration; never printed.
#pragma once

#include <string>

namespace othello {

// The key: the bytes of a regular file, 16 to 4096 of them, used as they are (a trailing newline
// included).
class SigningKey {
  public:
    // Throws std::runtime_error naming the file (never its content) when it is missing, not a
    // regular file, unreadable, empty, shorter than 16 bytes or over 4 KiB.
    static SigningKey load(const std::string& path);

    const std::string& bytes() const { return bytes_; }

  private:
    std::string bytes_;
};

}  // namespace othello
