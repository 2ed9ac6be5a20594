// Interruption: how a program that runs engines stops on SIGINT, SIGTERM or SIGHUP without
// losing what it finished. The first such signal is only recorded: every wait on an engine
// (EngineProcess, TcpClient) looks for it at least every kInterruptionCheck and ends with a
// ChannelError, so the program can stop its engines, keep its finished work and say so. A second
// signal ends the program at once, its engines' process groups killed first.
#pragma once

#include <chrono>
#include <string>

namespace othello {

constexpr std::chrono::milliseconds kInterruptionCheck(100);

// Installs the handlers for the signals not ignored when it is called (nohup, a background job).
void stop_on_first_signal();

// The signal that interrupted the program, or 0.
int interrupting_signal();

// "SIGINT", "SIGTERM", ...; "signal N" for one without a name.
std::string signal_name(int signal);

// Kills the remembered process groups and ends the program by `signal` with its default effect,
// as if it had not been caught (a shell then sees 128 + signal, and a script stops).
[[noreturn]] void end_by_signal(int signal);

}  // namespace othello
