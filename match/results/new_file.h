// A new file of this process beside an output: a temporary to rename over it, merge's spool.
// Its name carries 64 random bits and it is created with O_CREAT | O_EXCL | O_NOFOLLOW, so it is
// never a file or link that was there before: no one who can write to the folder can make the
// runner write through a link planted at a name it could guess.
#pragma once

#include <string>

namespace othello {

struct NewFile {
    int fd = -1;       // open for reading and writing, close-on-exec; the caller closes it
    std::string path;  // `stem` + 16 random hex digits + `suffix`
};

// Creates `stem`XXXXXXXXXXXXXXXX`suffix` (mode 0644 less the umask), drawing another name when
// one is taken. Throws std::runtime_error with the system's reason when none can be made.
NewFile create_new_file(const std::string& stem, const std::string& suffix = "");
// As create_new_file, but a file that cannot be made is a NewFile whose fd is -1, errno saying
// why.
NewFile try_create_new_file(const std::string& stem, const std::string& suffix = "");

}  // namespace othello
