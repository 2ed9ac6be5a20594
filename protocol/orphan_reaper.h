// Orphans of the exec relay's engines: a process that leaves its process group and session
// (setsid) escapes the kill of its engine's group, and once its parent is gone it would be
// reparented to init and run on. A server that is the child subreaper of its descendants
// (PR_SET_CHILD_SUBREAPER) gets such orphans as its own children instead, where it can end them.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <functional>

namespace othello {

// Makes this process the subreaper of all its descendants. False when the kernel refuses.
bool become_subreaper();

// Kills (SIGKILL, with the process group it leads if it leads one) and reaps every child of this
// process for which `keep` is false, again until none is left or `limit` has passed: ending one
// reparents its own children here in turn. Returns how many were ended. Blocks the caller for as
// long as the killed take to die (milliseconds).
int end_orphans(const std::function<bool(pid_t)>& keep, std::chrono::milliseconds limit);

}  // namespace othello
