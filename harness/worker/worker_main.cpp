// castlike-plugin-worker: loads one validator plug-in and serves its calls for the validator side
// (isolated_plugin.cpp), which starts it with protocol::kWorkerFlag, the socket on fd 3 and the
// shared memfd on fd 4. Not meant to be run by hand. Layout and guards: protocol.hpp.
//
// The worker trusts the validator side and nothing the plug-in leaves behind: whatever the plug-in
// does to this process, the validator side judges from outside (exit status, canaries, the control
// block), so the code here only has to set things up and report honestly while it can.
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "plugin_library.hpp"
#include "protocol.hpp"
#include "sandbox.hpp"

namespace castlike::harness {
namespace {

namespace p = protocol;

p::ControlBlock* g_control = nullptr;

// The worker's own hard limits (sandbox.hpp): its standard output and error are the validator's
// standard error, which may be a file; a conversion needs a few descriptors, a thread pool a few more.
constexpr uint64_t kFileSizeLimit = uint64_t{1} << 30;
constexpr uint64_t kDescriptorLimit = 256;
size_t g_page = 4096;

// VmPeak of this process in KiB from /proc/self/status, with async-signal-safe calls only.
uint64_t vm_peak_kib() {
  static char buf[8192];
  const int fd = ::open("/proc/self/status", O_RDONLY | O_CLOEXEC);
  if (fd < 0) return 0;
  ssize_t n = 0, r;
  while (n < static_cast<ssize_t>(sizeof buf - 1) && (r = ::read(fd, buf + n, sizeof buf - 1 - n)) > 0) n += r;
  ::close(fd);
  buf[n < 0 ? 0 : n] = '\0';
  const char* key = "VmPeak:";
  for (char* s = buf; *s; ++s) {
    size_t k = 0;
    while (key[k] && s[k] == key[k]) ++k;
    if (key[k]) continue;
    s += k;
    while (*s == ' ' || *s == '\t') ++s;
    uint64_t v = 0;
    while (*s >= '0' && *s <= '9') v = v * 10 + static_cast<uint64_t>(*s++ - '0');
    return v;
  }
  return 0;
}

// Records the fatal signal in the control block, so the validator can say where a fault hit.
void on_fatal_signal(int signo, siginfo_t* info, void* context) {
  if (g_control) {
    g_control->signal = signo;
    g_control->signal_code = info ? info->si_code : 0;
    g_control->fault_address = info ? reinterpret_cast<uint64_t>(info->si_addr) : 0;
    g_control->access = p::Access::kUnknown;
#if defined(__x86_64__)
    // The page-fault error code: bit 1 set for a write.
    if (context && (signo == SIGSEGV || signo == SIGBUS)) {
      const auto* uc = static_cast<const ucontext_t*>(context);
      g_control->access = (uc->uc_mcontext.gregs[REG_ERR] & 2) ? p::Access::kWrite : p::Access::kRead;
      g_control->stack_pointer = static_cast<uint64_t>(uc->uc_mcontext.gregs[REG_RSP]);
    }
#else
    (void)context;
#endif
    if (signo == SIGSYS && info) {
      g_control->system_call = info->si_syscall;
      g_control->system_call_arch = info->si_arch;
#if defined(__x86_64__)
      if (context) {
        const auto* uc = static_cast<const ucontext_t*>(context);
        g_control->system_call_args[0] = static_cast<uint64_t>(uc->uc_mcontext.gregs[REG_RDI]);
        g_control->system_call_args[1] = static_cast<uint64_t>(uc->uc_mcontext.gregs[REG_RSI]);
        g_control->system_call_args[2] = static_cast<uint64_t>(uc->uc_mcontext.gregs[REG_RDX]);
      }
#elif defined(__aarch64__)
      if (context) {
        const auto* uc = static_cast<const ucontext_t*>(context);
        for (int i = 0; i < 3; ++i) g_control->system_call_args[i] = uc->uc_mcontext.regs[i];
      }
#endif
    }
    g_control->vm_peak_kib = vm_peak_kib();
  }
  // The handler is reset (SA_RESETHAND) and the signal blocked until we return: it then ends the
  // process even when it was raised (raise, kill) rather than caused by a fault.
  raise(signo);
}

void on_exit_called() {
  if (g_control && g_control->in_call) {
    g_control->exit_called = 1;
    g_control->vm_peak_kib = vm_peak_kib();
  }
}

void install_handlers() {
  // Its own stack, so a stack overflow is reported too.
  const size_t stack_size = 64 * 1024;
  void* stack = mmap(nullptr, stack_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (stack != MAP_FAILED) {
    stack_t ss{};
    ss.ss_sp = stack;
    ss.ss_size = stack_size;
    sigaltstack(&ss, nullptr);
  }
  struct sigaction sa{};
  sa.sa_sigaction = on_fatal_signal;
  sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
  sigemptyset(&sa.sa_mask);
  for (int s : {SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGSYS}) sigaction(s, &sa, nullptr);
  std::atexit(on_exit_called);
}

bool read_exact(void* buffer, size_t n) {
  auto* b = static_cast<uint8_t*>(buffer);
  while (n > 0) {
    const ssize_t r = ::read(p::kSocketFd, b, n);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    b += r;
    n -= static_cast<size_t>(r);
  }
  return true;
}

// A request header; a memfd sent with it (SCM_RIGHTS) replaces fd kMemoryFd.
bool read_header(p::RequestHeader& h) {
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))];
  iovec iov = {&h, sizeof h};
  msghdr m{};
  m.msg_iov = &iov;
  m.msg_iovlen = 1;
  m.msg_control = control;
  m.msg_controllen = sizeof control;
  ssize_t r;
  while ((r = ::recvmsg(p::kSocketFd, &m, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR) {
  }
  if (r <= 0) return false;
  int fd = -1;
  for (cmsghdr* c = CMSG_FIRSTHDR(&m); c; c = CMSG_NXTHDR(&m, c))
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) std::memcpy(&fd, CMSG_DATA(c), sizeof fd);
  if (!read_exact(reinterpret_cast<uint8_t*>(&h) + r, sizeof h - static_cast<size_t>(r))) return false;
  if (h.magic != p::kRequestMagic || (fd >= 0) != (h.memfd_attached != 0)) return false;
  if (fd >= 0) {
    const bool moved = dup3(fd, p::kMemoryFd, O_CLOEXEC) == p::kMemoryFd;
    ::close(fd);
    if (!moved) return false;
  }
  return true;
}

bool write_all(const void* buffer, size_t n) {
  const auto* b = static_cast<const uint8_t*>(buffer);
  while (n > 0) {
    const ssize_t r = ::send(p::kSocketFd, b, n, MSG_NOSIGNAL);
    if (r < 0 && errno == EINTR) continue;
    if (r <= 0) return false;
    b += r;
    n -= static_cast<size_t>(r);
  }
  return true;
}

// The validator side is gone or spoke nonsense: nothing left to serve.
[[noreturn]] void quit() { _exit(0); }

void respond(const p::ResponseHeader& header, const std::string& message,
             const std::vector<std::optional<std::string>>* texts) {
  std::string packet(reinterpret_cast<const char*>(&header), sizeof header);
  packet += message;
  if (texts) {
    for (const auto& t : *texts) {
      const uint64_t n = t ? t->size() : p::kTextNotSet;
      packet.append(reinterpret_cast<const char*>(&n), sizeof n);
    }
    for (const auto& t : *texts)
      if (t) packet += *t;
  }
  if (!write_all(packet.data(), packet.size())) quit();
}

// One area of the memfd, at its place in the worker's reservation (protocol.hpp).
struct Area {
  uint8_t* begin = nullptr;     // the area's first byte
  uint64_t capacity = 0;
  uint64_t accessible_from = 0;  // area bytes before this are PROT_NONE
  int prot = PROT_NONE;

  bool map(uint8_t* at, uint64_t memfd_offset, uint64_t bytes, int protection) {
    begin = at;
    capacity = bytes;
    accessible_from = bytes;
    prot = protection;
    return !bytes || mmap(begin, bytes, PROT_NONE, MAP_SHARED | MAP_FIXED, p::kMemoryFd,
                          static_cast<off_t>(memfd_offset)) != MAP_FAILED;
  }
  // Makes the pages from the one holding `start` to the area's end accessible, the rest not.
  void open_from(uint64_t start) {
    const uint64_t page = start / g_page * g_page;
    if (page == accessible_from) return;
    if (page > 0) mprotect(begin, page, PROT_NONE);
    if (page < capacity) mprotect(begin + page, capacity - page, prot);
    accessible_from = page;
  }
  p::BufferAddresses addresses(uint64_t start, uint64_t size) const {
    const auto base = reinterpret_cast<uint64_t>(begin);
    return {base + start, base + start + size};
  }
};

// The control block of the memfd now at kMemoryFd, in place of the previous one's.
bool map_control() {
  void* control = mmap(nullptr, g_page, PROT_READ | PROT_WRITE, MAP_SHARED, p::kMemoryFd, 0);
  if (control == MAP_FAILED) return false;
  p::ControlBlock* old = g_control;
  if (old) static_cast<p::ControlBlock*>(control)->memory_limited = old->memory_limited;  // set once, at start
  g_control = static_cast<p::ControlBlock*>(control);
  if (old) munmap(old, g_page);
  return true;
}

struct Worker {
  PluginLibrary library;
  p::Layout layout;
  uint8_t* reservation = nullptr;
  uint64_t reservation_size = 0;
  Area message, input, output;

  // A call in a shape (protocol.hpp, placed_buffer_start): its buffers fit their areas with their
  // misalignment, and in place the output buffer holds the plug-in's output.
  bool placement_fits(const p::RequestHeader& h) const {
    const auto fits = [](uint64_t size, uint32_t misalignment, uint64_t capacity) {
      return misalignment == p::kNotPlaced || (misalignment < p::kShapeBoundary && size + misalignment <= capacity);
    };
    return fits(h.input_size, h.input_misalignment, input.capacity) &&
           fits(h.output_size, h.output_misalignment, output.capacity) &&
           (!h.in_place || (h.text_output == 0 && h.from != CASTLIKE_STRING && h.in_place_data_size <= h.output_size)) &&
           (!phased(h) || (!h.in_place && h.input_phase < kMaxPhases && h.output_phase < kMaxPhases));
  }
  // A call at an element phase (protocol.hpp): the validator sends one only to a library that
  // declared CASTLIKE_VALIDATOR_CAN_ELEMENT_PHASES, and checked the phases against the types.
  static constexpr uint32_t kMaxPhases = 4;  // the most elements of a packing group
  static bool phased(const p::RequestHeader& h) { return h.input_phase != 0 || h.output_phase != 0; }
  // In place: the validator copied the input into the output buffer; the plug-in gets it as both.
  static void alias_output_to_input(const p::RequestHeader& h, castlike_validator_request& request,
                                    castlike_validator_output& output) {
    request.input = output.data;
    output.data_size = h.in_place_data_size;
  }

  // Maps the areas of `l` in one reservation: outer guard, message, guard, input, guard, output,
  // outer guard. `fresh`: a new memfd arrived, so even an equal layout is mapped anew.
  bool apply(const p::Layout& l, bool fresh) {
    if (l == layout && !fresh) return true;
    if (reservation) munmap(reservation, reservation_size);
    reservation = nullptr;
    layout = l;
    reservation_size = 2 * p::kOuterGuardBytes + 2 * p::kGuardBytes + l.message_capacity + l.input_capacity +
                       l.output_capacity;
    void* r = mmap(nullptr, reservation_size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (r == MAP_FAILED) return false;
    reservation = static_cast<uint8_t*>(r);
    uint8_t* at = reservation + p::kOuterGuardBytes;
    if (!message.map(at, l.message_offset, l.message_capacity, PROT_READ | PROT_WRITE)) return false;
    at += l.message_capacity + p::kGuardBytes;
    if (!input.map(at, l.input_offset, l.input_capacity, PROT_READ)) return false;
    at += l.input_capacity + p::kGuardBytes;
    return output.map(at, l.output_offset, l.output_capacity, PROT_READ | PROT_WRITE);
  }

  void serve_call(const p::RequestHeader& h) {
    std::string round_mode;
    if (h.round_mode_length != p::kNoRoundMode) {
      if (h.round_mode_length > 4096) quit();
      round_mode.resize(h.round_mode_length);
      if (!read_exact(round_mode.data(), round_mode.size())) quit();
    }
    if ((h.memfd_attached && !map_control()) || !apply(h.layout, h.memfd_attached != 0) ||
        h.input_size > input.capacity || h.output_size > output.capacity || !placement_fits(h) ||
        p::kMessageSize > message.capacity)
      quit();
    const uint64_t in_start = p::placed_buffer_start(input.capacity, h.input_size, h.input_misalignment);
    const uint64_t out_start = p::placed_buffer_start(output.capacity, h.output_size, h.output_misalignment);
    const uint64_t msg_start = message.capacity - p::kMessageSize;
    input.open_from(in_start);
    output.open_from(out_start);
    message.open_from(msg_start);

    std::vector<const char*> texts;
    if (h.from == CASTLIKE_STRING) {
      const char* s = reinterpret_cast<const char*>(input.begin + in_start);
      const char* end = s + h.input_size;
      for (uint64_t i = 0; i < h.count; ++i) {
        const void* nul = memchr(s, '\0', static_cast<size_t>(end - s));
        if (!nul) quit();
        texts.push_back(s);
        s = static_cast<const char*>(nul) + 1;
      }
    }
    std::vector<std::optional<std::string>> out_texts;
    castlike_validator_request request{};
    request.opset = h.opset;
    request.from = h.from;
    request.to = h.to;
    request.saturate = h.saturate;
    request.round_mode = h.round_mode_length == p::kNoRoundMode ? nullptr : round_mode.c_str();
    request.count = h.count;
    request.input = h.from == CASTLIKE_STRING ? nullptr : input.begin + in_start;
    request.input_text = h.from == CASTLIKE_STRING ? texts.data() : nullptr;
    castlike_validator_output output_spec{};
    if (h.text_output) {
      out_texts.resize(h.count);
      output_spec.set_text = [](void* context, size_t index, const char* text, size_t length) -> int32_t {
        auto* sink = static_cast<std::vector<std::optional<std::string>>*>(context);
        if (index >= sink->size() || (text == nullptr && length != 0)) return -1;
        (*sink)[index] = std::string(text ? text : "", length);
        return 0;
      };
      output_spec.context = &out_texts;
    } else {
      output_spec.data = output.begin + out_start;
      output_spec.data_size = h.output_size;
    }
    if (h.in_place) alias_output_to_input(h, request, output_spec);
    char* msg = reinterpret_cast<char*>(message.begin + msg_start);
    output_spec.message = msg;
    output_spec.message_size = p::kMessageSize;

    g_control->message = message.addresses(msg_start, p::kMessageSize);
    g_control->input = input.addresses(in_start, h.input_size);
    g_control->output = output.addresses(out_start, h.output_size);
    g_control->reserve_begin = reinterpret_cast<uint64_t>(reservation);
    g_control->reserve_end = reinterpret_cast<uint64_t>(reservation) + reservation_size;
    g_control->seq = h.seq;
    const castlike_validator_cast_like_fn run = h.op == 1 ? library.cast : library.cast_like;
    const castlike_validator_cast_at_fn run_at = h.op == 1 ? library.cast_at : library.cast_like_at;
    const castlike_validator_phases phases{h.input_phase, h.output_phase};
    if (phased(h) && run && !run_at) quit();
    int32_t status = CASTLIKE_VALIDATOR_REJECTED;
    if (run) {
      g_control->in_call = 1;
      status = phased(h) ? run_at(&request, &output_spec, &phases) : run(&request, &output_spec);
      g_control->in_call = 0;
    } else {
      snprintf(msg, p::kMessageSize, "%s", kNoCastFunction);
    }

    p::ResponseHeader r;
    r.type = p::MessageType::kCall;
    r.seq = h.seq;
    r.status = status;
    // The message buffer is shared: the validator side reads it and checks its canaries.
    if (h.text_output) {
      r.text_count = out_texts.size();
      for (const auto& t : out_texts) r.text_bytes += t ? t->size() : 0;
    }
    respond(r, std::string(), h.text_output ? &out_texts : nullptr);
  }
};

int run(int argc, char** argv) {
  if (argc != 4 || std::strcmp(argv[1], p::kWorkerFlag) != 0) {
    static const char usage[] = "castlike-plugin-worker is started by castlike validate, not by hand\n";
    (void)!::write(2, usage, sizeof usage - 1);
    return 2;
  }
  const long parent = std::strtol(argv[2], nullptr, 10);
  const uint64_t memory_limit = std::strtoull(argv[3], nullptr, 10);
  // Die with the validator; it may have died before we got here.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) return 0;
  close_range(p::kMemoryFd + 1, ~0u, 0);
  g_page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  if (!map_control()) return 3;
  install_handlers();

  p::RequestHeader h;
  if (!read_header(h) || h.type != p::MessageType::kLoad ||
      h.path_length > 65536)
    return 0;
  std::string path(h.path_length, '\0');
  if (!read_exact(path.data(), path.size())) return 0;
  p::ResponseHeader r;
  r.type = p::MessageType::kLoad;
  r.seq = h.seq;
  std::string error;
  if (memory_limit) {
    const uint64_t own = vm_peak_kib() * 1024;
    if (own >= memory_limit) {
      error = "the memory limit (" + std::to_string(memory_limit >> 20) + " MiB) is below the worker's own address "
              "space (" + std::to_string(own >> 20) + " MiB; a sanitizer build?)";
    } else {
      const rlimit limit{memory_limit, memory_limit};
      if (setrlimit(RLIMIT_AS, &limit) != 0) error = std::string("setrlimit(RLIMIT_AS): ") + std::strerror(errno);
      else g_control->memory_limited = 1;
    }
  }
  // The sandbox goes up before the library is loaded: its constructors, castlike_validator_abi_version()
  // and castlike_validator_name() run inside it, like every call.
  SandboxInstalled sandbox;
  const SandboxMode mode = sandbox_mode();
  if (error.empty() && mode != SandboxMode::kOff) {
    if (auto e = set_worker_limits(kFileSizeLimit, kDescriptorLimit)) error = "cannot limit the plug-in worker: " + *e;
    else if (auto e2 = install_sandbox(path, p::kSocketFd, mode, sandbox))
      error = "cannot install the plug-in sandbox (" + *e2 + "); on a system without seccomp, run with "
              "CASTLIKE_PLUGIN_SANDBOX=off (no sandbox) or --in-process (no isolation)";
  }
  if (mode == SandboxMode::kOff) sandbox.confinement = "none (CASTLIKE_PLUGIN_SANDBOX=off)";
  Worker worker;
  if (error.empty()) {
    auto loaded = load_plugin_library(path);
    if (auto* e = std::get_if<std::string>(&loaded)) error = *e;
    else worker.library = std::get<PluginLibrary>(std::move(loaded));
  }
  r.status = error.empty() ? 0 : 1;
  std::string text = error.empty() ? worker.library.name : error;
  r.capabilities = error.empty() ? worker.library.capabilities : 0;
  if (text.size() > p::kMaxMessageBytes) text.resize(p::kMaxMessageBytes);
  if (error.empty()) {  // a C string (the name) holds no NUL
    text += '\0';
    text += sandbox.confinement;
    // The declared coverage, checked by load_plugin_library: "-" without one, else its entries.
    text += '\0';
    text += worker.library.coverage ? worker.library.coverage->text() : "-";
  }
  r.message_length = static_cast<uint32_t>(text.size());
  respond(r, text, nullptr);
  if (!error.empty()) return 0;

  for (;;) {
    if (!read_header(h) || h.type != p::MessageType::kCall) quit();
    worker.serve_call(h);
  }
}

}  // namespace
}  // namespace castlike::harness

// Under AddressSanitizer the worker's own handlers must see the plug-in's faults (and RLIMIT_AS
// cannot apply: the shadow memory is reserved at start-up).
extern "C" const char* __asan_default_options() {
  return "handle_segv=0:handle_sigbus=0:handle_abort=0:handle_sigfpe=0:handle_sigill=0:allow_user_segv_handler=1:detect_leaks=0";
}

int main(int argc, char** argv) { return castlike::harness::run(argc, argv); }
