// Engine process groups: every engine is started as the leader of a session (and process group)
// of its own, so that whatever it starts itself (the engine behind a wrapper script that does not
// `exec`, helpers) is ended with it by one kill of the group. Such a group no longer gets the
// terminal's Ctrl-C, so a program remembers the groups it started until they are ended, and
// kill_process_groups_at_exit() makes it end them itself when it exits or is interrupted.
#pragma once

#include <sys/types.h>

#include <chrono>

namespace othello {

// Remembers a group this program started, by its leader's pid (which is the group's id); forgets
// it once ended. Thread-safe. Beyond 4096 groups at once the extra ones are not remembered.
void remember_process_group(pid_t leader);
void forget_process_group(pid_t leader);

// Waits up to `grace` for `leader`, an unreaped child of this program, to exit; then kills its
// whole group, reaps the leader and forgets the group.
void end_process_group(pid_t leader, std::chrono::milliseconds grace);

// SIGKILLs every remembered group. Async-signal-safe.
void kill_remembered_process_groups();

// From now on, when the program exits normally and on SIGINT, SIGTERM and SIGHUP (those not
// ignored), every remembered group is killed; the signal then has its default effect.
void kill_process_groups_at_exit();

}  // namespace othello
