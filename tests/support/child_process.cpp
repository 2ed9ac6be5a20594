#include "tests/support/child_process.h"

#include <signal.h>
#include <sys/wait.h>

#include <csignal>
#include <fstream>
#include <iterator>
#include <optional>
#include <thread>
#include <utility>  // before Boost.Process: Boost 1.74's Asio needs std::exchange declared

// clang-format off
#include <boost/process.hpp>
// clang-format on

namespace bp = boost::process;

namespace othello::testing {

struct ChildProcess::Impl {
    std::optional<bp::opstream> in;
    std::optional<bp::ipstream> out;
    std::optional<bp::ipstream> err;
    bp::child child;
    int status = 0;
    bool waited = false;

    int finish() {
        if (!waited) {
            child.wait();
            status = child.native_exit_code();
            waited = true;
        }
        return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : WEXITSTATUS(status);
    }
};

namespace {

// Boost.Process takes its redirections as separate arguments: each stream's choice is made here,
// one at a time, and the child started with all three.
template <typename In, typename Out, typename Err>
bp::child start(const std::string& program, const std::vector<std::string>& args, In&& in,
                Out&& out, Err&& err) {
    return bp::child(bp::exe = program, bp::args = args, std::forward<In>(in),
                     std::forward<Out>(out), std::forward<Err>(err));
}

template <typename In, typename Out>
bp::child with_stderr(ChildProcess::Streams const& s, std::optional<bp::ipstream>& err,
                      const std::string& program, const std::vector<std::string>& args, In&& in,
                      Out&& out) {
    if (s.err_pipe) {
        err.emplace();
        return start(program, args, std::forward<In>(in), std::forward<Out>(out),
                     bp::std_err > *err);
    }
    if (!s.err_file.empty())
        return start(program, args, std::forward<In>(in), std::forward<Out>(out),
                     bp::std_err > s.err_file);
    return start(program, args, std::forward<In>(in), std::forward<Out>(out),
                 bp::std_err > bp::null);
}

template <typename In>
bp::child with_stdout(ChildProcess::Streams const& s, ChildProcess::Streams const& all,
                      std::optional<bp::ipstream>& out, std::optional<bp::ipstream>& err,
                      const std::string& program, const std::vector<std::string>& args, In&& in) {
    if (s.out_pipe) {
        out.emplace();
        return with_stderr(all, err, program, args, std::forward<In>(in), bp::std_out > *out);
    }
    if (!s.out_file.empty())
        return with_stderr(all, err, program, args, std::forward<In>(in), bp::std_out > s.out_file);
    return with_stderr(all, err, program, args, std::forward<In>(in), bp::std_out > bp::null);
}

}  // namespace

ChildProcess::ChildProcess(const std::string& program, const std::vector<std::string>& args,
                           const Streams& streams)
    : impl_(std::make_unique<Impl>()) {
    std::signal(SIGPIPE, SIG_IGN);  // a child that stops reading must not end the test
    Impl& i = *impl_;
    if (streams.in_pipe) {
        i.in.emplace();
        i.child = with_stdout(streams, streams, i.out, i.err, program, args, bp::std_in < *i.in);
    } else {
        i.child = with_stdout(streams, streams, i.out, i.err, program, args, bp::std_in < bp::null);
    }
}

ChildProcess::~ChildProcess() {
    if (!impl_->waited) {
        if (impl_->child.running()) ::kill(impl_->child.id(), SIGKILL);
        impl_->finish();
    }
}

int ChildProcess::pid() const {
    return impl_->child.id();
}

bool ChildProcess::running() {
    return !impl_->waited && impl_->child.running();
}

int ChildProcess::wait() {
    return impl_->finish();
}

int ChildProcess::wait_status() {
    impl_->finish();
    return impl_->status;
}

bool ChildProcess::wait_for(std::chrono::milliseconds limit) {
    const auto until = std::chrono::steady_clock::now() + limit;
    while (running()) {
        if (std::chrono::steady_clock::now() >= until) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    impl_->finish();
    return true;
}

void ChildProcess::signal(int number) {
    if (!impl_->waited) ::kill(impl_->child.id(), number);
}

bool ChildProcess::write(const std::string& text) {
    if (!impl_->in) return false;
    *impl_->in << text;
    impl_->in->flush();
    return bool(*impl_->in);
}

void ChildProcess::close_stdin() {
    if (impl_->in) impl_->in->pipe().close();
}

bool ChildProcess::read_line(std::string& line) {
    return impl_->out && bool(std::getline(*impl_->out, line));
}

bool ChildProcess::read_error_line(std::string& line) {
    return impl_->err && bool(std::getline(*impl_->err, line));
}

std::string ChildProcess::read_all() {
    if (!impl_->out) return "";
    return std::string(std::istreambuf_iterator<char>(*impl_->out),
                       std::istreambuf_iterator<char>());
}

int ChildProcess::stdout_fd() const {
    return impl_->out ? impl_->out->pipe().native_source() : -1;
}

std::string run_with_input(const std::string& program, const std::vector<std::string>& args,
                           const std::string& input) {
    ChildProcess child(program, args, ChildProcess::Streams().stdin_pipe().stdout_pipe());
    child.write(input);
    child.close_stdin();
    std::string all = child.read_all();
    child.wait();
    return all;
}

int run_quietly(const std::string& program, const std::vector<std::string>& args) {
    ChildProcess child(program, args, {});
    return child.wait();
}

bool process_gone(int pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text;
    if (!std::getline(stat, text)) return true;
    const auto paren = text.rfind(')');
    return paren == std::string::npos || paren + 2 >= text.size() || text[paren + 2] == 'Z' ||
           text[paren + 2] == 'X';
}

}  // namespace othello::testing
