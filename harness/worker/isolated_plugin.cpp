// IsolatedPlugin: the validator side of the worker protocol (protocol.hpp). One worker serves
// every call until a call fails in a way that may have damaged it; the next call starts a fresh
// one (and loads the plug-in again). Each worker gets a fresh memfd, and so does a larger layout.
#include <fcntl.h>
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

#include "call_checks.hpp"
#include "castlike/validator_abi.h"
#include "failure_report.hpp"
#include "plugin.hpp"
#include "protocol.hpp"
#include "standard_descriptors.hpp"
#include "worker_process.hpp"

namespace castlike::harness {

namespace p = protocol;
using Kind = PluginOutcome::Kind;
using Clock = WorkerProcess::Clock;

std::string default_worker_path() {
  if (const char* env = std::getenv("CASTLIKE_PLUGIN_WORKER"); env && *env) return env;
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    const auto beside = self.parent_path() / "castlike-plugin-worker";
    if (std::filesystem::exists(beside, ec)) return beside.string();
  }
  return CASTLIKE_PLUGIN_WORKER_BUILD_PATH;
}

namespace {

std::string seconds(std::chrono::milliseconds ms) {
  char b[32];
  std::snprintf(b, sizeof b, "%.3g s", static_cast<double>(ms.count()) / 1000.0);
  return b;
}

uint64_t round_up(uint64_t v, uint64_t m) { return (v + m - 1) / m * m; }

}  // namespace

struct IsolatedPlugin::State {
  std::string path, executable, name;
  std::string confinement;  // what the worker's sandbox reported
  uint32_t capabilities = 0;  // from the worker's answer to loading
  std::optional<DeclaredCoverage> coverage;  // likewise
  PluginOptions options;
  uint64_t page = 4096;
  int memfd = -1;
  uint8_t* shm = nullptr;
  p::Layout layout;
  std::unique_ptr<WorkerProcess> worker;
  uint64_t seq = 0, started = 0;
  bool memfd_sent = false;  // the worker has `memfd` (it started with it, or a request carried it)

  ~State() {
    worker.reset();
    if (shm) munmap(shm, layout.shm_size);
    if (memfd >= 0) ::close(memfd);
  }

  p::ControlBlock& control() { return *reinterpret_cast<p::ControlBlock*>(shm); }

  // The layout for `input` and `output` bytes (plus alignment slack): the areas grow by powers of
  // two and never shrink, so a run makes a new memfd a few times at most.
  p::Layout layout_for(uint64_t input, uint64_t output) const {
    const auto need = [&](uint64_t bytes, uint64_t have) {
      uint64_t cap = std::max(have, page);
      while (cap < bytes + p::kBufferAlignment) cap *= 2;
      return cap;
    };
    p::Layout l;
    l.message_offset = page;
    l.message_capacity = round_up(p::kMessageSize, page);
    l.input_offset = l.message_offset + l.message_capacity;
    l.input_capacity = need(input, layout.input_capacity);
    l.output_offset = l.input_offset + l.input_capacity;
    l.output_capacity = need(output, layout.output_capacity);
    l.shm_size = l.output_offset + l.output_capacity;
    return l;
  }

  // A fresh memfd of exactly `l.shm_size` bytes, mapped here and sealed before any worker sees it:
  // no one can resize it (so our mapping never faults) or lift the seals.
  std::optional<std::string> make_buffers(const p::Layout& l) {
    const int fd = memfd_create("castlike-plugin-buffers", MFD_CLOEXEC | MFD_ALLOW_SEALING);
    if (fd < 0) return std::string("memfd_create: ") + std::strerror(errno);
    const char* failed = nullptr;
    if (ftruncate(fd, static_cast<off_t>(l.shm_size)) != 0) failed = "ftruncate";
    else if (fcntl(fd, F_ADD_SEALS, F_SEAL_GROW | F_SEAL_SHRINK | F_SEAL_SEAL) != 0) failed = "fcntl(F_ADD_SEALS)";
    void* m = failed ? MAP_FAILED : mmap(nullptr, l.shm_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (m == MAP_FAILED) {
      const std::string error = std::string(failed ? failed : "mmap") + ": " + std::strerror(errno);
      ::close(fd);
      return error;
    }
    if (shm) munmap(shm, layout.shm_size);
    if (memfd >= 0) ::close(memfd);
    memfd = fd;
    shm = static_cast<uint8_t*>(m);
    layout = l;
    memfd_sent = false;
    return std::nullopt;
  }

  void stop() { worker.reset(); }

  // A fresh worker with the plug-in loaded; the error text otherwise.
  std::optional<std::string> start() {
    stop();
    if (auto e = make_buffers(layout_for(0, 0))) return e;  // each worker its own
    const auto deadline = Clock::now() + options.load_timeout;
    std::memset(shm, 0, page);
    auto spawned = WorkerProcess::spawn(executable, memfd, options.memory_limit);
    if (auto* e = std::get_if<std::string>(&spawned)) return *e;
    worker = std::get<std::unique_ptr<WorkerProcess>>(std::move(spawned));
    memfd_sent = true;
    ++started;
    p::RequestHeader h;
    h.type = p::MessageType::kLoad;
    h.seq = ++seq;
    h.layout = layout;
    h.path_length = static_cast<uint32_t>(path.size());
    std::string packet(reinterpret_cast<const char*>(&h), sizeof h);
    packet += path;
    auto io = worker->send(packet.data(), packet.size(), deadline);
    p::ResponseHeader r;
    if (io == WorkerProcess::Io::kOk) io = worker->receive(&r, sizeof r, deadline);
    std::string message;
    if (io == WorkerProcess::Io::kOk) {
      if (r.magic != p::kResponseMagic || r.type != p::MessageType::kLoad || r.seq != h.seq ||
          r.message_length > 2 * p::kMaxMessageBytes + p::kMaxCoverageEntries * p::kMaxCoverageLine) {
        stop();
        return path + ": protocol error: the worker's answer to loading the plug-in is garbage";
      }
      message.resize(r.message_length);
      io = worker->receive(message.data(), message.size(), deadline);
    }
    if (io == WorkerProcess::Io::kOk) {
      if (r.status != 0) {
        stop();
        return printable(message);
      }
      const size_t end_of_name = std::min(message.find('\0'), message.size());
      const size_t end_of_confinement = std::min(message.find('\0', end_of_name + 1), message.size());
      confinement = end_of_name < message.size()
                        ? printable(message.substr(end_of_name + 1, end_of_confinement - end_of_name - 1))
                        : "";
      const std::string declared = end_of_confinement < message.size() ? message.substr(end_of_confinement + 1) : "-";
      if (declared != "-") {
        auto parsed = DeclaredCoverage::parse(declared);
        if (auto* e = std::get_if<std::string>(&parsed)) {
          stop();
          return path + ": protocol error: " + printable(*e);
        }
        coverage = std::get<DeclaredCoverage>(std::move(parsed));
      }
      if (name.empty()) name = printable(message.substr(0, end_of_name));
      capabilities = r.capabilities;
      return std::nullopt;
    }
    const bool timed_out = io == WorkerProcess::Io::kTimedOut;
    const WorkerProcess::End end = worker->finish(timed_out ? Clock::now() : Clock::now() + std::chrono::seconds(1));
    stop();
    if (timed_out) return path + ": the plug-in did not finish loading within " + seconds(options.load_timeout);
    if (end.exited) return path + ": the plug-in worker exited with status " + std::to_string(end.code) + " while loading";
    if (end.code == SIGSYS)  // the sandbox is up before the library's constructors run
      return path + ": while loading, the plug-in " +
             describe_end(end, control(), false, "", options.memory_limit, 0).message;
    return path + ": the plug-in crashed with " + signal_name(end.code) + " while loading";
  }

  PluginOutcome fail(Kind kind, std::string message) {
    stop();
    PluginOutcome out;
    out.kind = kind;
    out.message = std::move(message);
    return out;
  }

  // `retried`: this call already met a stale answer (below) and runs on a fresh worker.
  PluginOutcome call(const PluginCall& c, bool retried = false) {
    const auto size = output_bytes(c);
    if (auto* e = std::get_if<std::string>(&size)) return PluginOutcome{Kind::kWorkerError, {}, {}, *e};
    const uint64_t data_size = std::get<size_t>(size);
    const bool text_in = c.from == ElementType::kString, text_out = c.to == ElementType::kString;
    uint64_t in_size = c.input.size();
    if (text_in) {
      in_size = 0;
      for (const auto& s : c.input_texts) {
        if (s.find('\0') != std::string::npos) return PluginOutcome{Kind::kWorkerError, {}, {}, "bad call: an input text holds a NUL byte"};
        in_size += s.size() + 1;
      }
    }
    // In a shape: buffers misaligned from a boundary; in place the output buffer holds the input.
    const auto& placed = c.placement;
    const bool in_place = placed && placed->in_place && !text_in && !text_out;
    const uint64_t out_size = in_place ? std::max(data_size, in_size) : data_size;
    const uint32_t in_misalignment = placed ? placed->input_misalignment % p::kShapeBoundary : p::kNotPlaced;
    const uint32_t out_misalignment = placed ? placed->output_misalignment % p::kShapeBoundary : p::kNotPlaced;
    const uint64_t slack = placed ? p::kShapeBoundary : 0;
    if (const p::Layout l = layout_for(in_size + slack, out_size + slack); !shm || l != layout)
      if (auto e = make_buffers(l)) return fail(Kind::kWorkerError, "cannot make the shared buffers: " + *e);
    // It died between calls (a thread of the plug-in?), or bytes wait on the channel that no request
    // asked for (the previous call was answered twice: the plug-in wrote an answer in the worker's
    // place): a fresh worker, and this call is not charged for it.
    if (worker && (worker->exited_already() || worker->has_unread_input())) stop();
    if (!worker)
      if (auto e = start()) return fail(Kind::kWorkerError, "cannot restart the plug-in worker: " + *e);

    const uint64_t in_start = p::placed_buffer_start(layout.input_capacity, in_size, in_misalignment);
    const uint64_t out_start = p::placed_buffer_start(layout.output_capacity, out_size, out_misalignment);
    const uint64_t msg_start = layout.message_capacity - p::kMessageSize;
    uint8_t* input_area = shm + layout.input_offset;
    uint8_t* output_area = shm + layout.output_offset;
    uint8_t* message_area = shm + layout.message_offset;
    if (text_in) {
      uint8_t* d = input_area + in_start;
      for (const auto& s : c.input_texts) {
        std::memcpy(d, s.c_str(), s.size() + 1);
        d += s.size() + 1;
      }
    } else if (in_size) {
      std::memcpy(input_area + in_start, c.input.data(), in_size);
    }
    fill_canaries(output_area, layout.output_offset, layout.output_capacity, out_start, out_size, page);
    if (in_place && in_size) std::memcpy(output_area + out_start, c.input.data(), in_size);
    mark_neighbours(c, output_area + out_start);
    fill_canaries(message_area, layout.message_offset, layout.message_capacity, msg_start, p::kMessageSize, page);
    {
      p::ControlBlock& k = control();  // per-call fields only; memory_limited is the worker's
      const uint32_t limited = k.memory_limited;
      k = p::ControlBlock{};
      k.memory_limited = limited;
    }

    p::RequestHeader h;
    h.seq = ++seq;
    h.layout = layout;
    h.opset = c.opset;
    h.from = static_cast<int32_t>(c.from);
    h.to = static_cast<int32_t>(c.to);
    h.saturate = c.saturate;
    h.count = c.count;
    h.input_size = in_size;
    h.output_size = out_size;
    h.text_output = text_out ? 1 : 0;
    h.op = c.op == Operator::kCast ? 1 : 0;
    h.memfd_attached = memfd_sent ? 0 : 1;
    h.input_misalignment = in_misalignment;
    h.output_misalignment = out_misalignment;
    h.in_place = in_place ? 1 : 0;
    h.in_place_data_size = in_place ? data_size : 0;
    h.input_phase = placed ? placed->input_phase : 0;
    h.output_phase = placed ? placed->output_phase : 0;
    std::string packet(reinterpret_cast<const char*>(&h), sizeof h);
    if (c.round_mode) {
      if (c.round_mode->size() > 4096) return PluginOutcome{Kind::kWorkerError, {}, {}, "bad call: round_mode too long"};
      reinterpret_cast<p::RequestHeader*>(packet.data())->round_mode_length = static_cast<uint32_t>(c.round_mode->size());
      packet += *c.round_mode;
    }
    const auto deadline = Clock::now() + options.call_timeout;
    auto io = worker->send(packet.data(), packet.size(), deadline, memfd_sent ? -1 : memfd);
    memfd_sent = true;
    p::ResponseHeader r;
    if (io == WorkerProcess::Io::kOk) io = worker->receive(&r, sizeof r, deadline);
    if (io != WorkerProcess::Io::kOk) return ended(io == WorkerProcess::Io::kTimedOut);

    // An answer to an earlier call, arriving late after the plug-in wrote one in the worker's place
    // then: not this call's doing; it runs again on a fresh worker.
    if (r.magic == p::kResponseMagic && r.type == p::MessageType::kCall && r.seq < h.seq && !retried) {
      stop();
      return call(c, true);
    }
    if (r.magic != p::kResponseMagic || r.type != p::MessageType::kCall || r.seq != h.seq || r.message_length != 0 ||
        (text_out ? r.text_count != c.count || r.text_bytes > p::kMaxTextBytes : r.text_count != 0 || r.text_bytes != 0))
      return fail(Kind::kWorkerError, "protocol error: the worker's answer is garbage (did the plug-in write to "
                                      "the worker's socket?)");
    // The worker clears in_call when the plug-in has returned, then answers: an answer read while
    // it is set was written by the plug-in itself.
    if (reinterpret_cast<volatile const uint32_t&>(control().in_call) != 0)
      return fail(Kind::kWorkerError, "protocol error: an answer arrived while the plug-in was still running "
                                      "(the plug-in wrote to the worker's socket)");
    PluginOutcome out;
    if (text_out) {
      std::vector<uint64_t> lengths(r.text_count);
      std::string bytes;
      io = worker->receive(lengths.data(), lengths.size() * sizeof(uint64_t), deadline);
      // Each length within what is left of the announced bytes, so the sum can neither wrap nor
      // point outside the texts received.
      uint64_t total = 0;
      bool inside = true;
      for (uint64_t n : lengths)
        if (n != p::kTextNotSet) {
          inside = inside && n <= r.text_bytes - total;
          if (inside) total += n;
        }
      if (io == WorkerProcess::Io::kOk && (!inside || total != r.text_bytes))
        return fail(Kind::kWorkerError, "protocol error: the worker's text lengths do not add up to the "
                                        "texts' size (did the plug-in write to the worker's socket?)");
      if (io == WorkerProcess::Io::kOk) {
        bytes.resize(total);
        io = worker->receive(bytes.data(), bytes.size(), deadline);
      }
      if (io != WorkerProcess::Io::kOk) return ended(io == WorkerProcess::Io::kTimedOut);
      out.texts.resize(lengths.size());
      uint64_t at = 0;
      for (size_t i = 0; i < lengths.size(); ++i)
        if (lengths[i] != p::kTextNotSet) {
          out.texts[i] = bytes.substr(at, lengths[i]);
          at += lengths[i];
        }
    }
    auto outside = check_canaries(output_area, layout.output_offset, layout.output_capacity, out_start, out_size, page,
                                  "output buffer");
    if (auto m = check_canaries(message_area, layout.message_offset, layout.message_capacity, msg_start,
                                p::kMessageSize, page, "message buffer"))
      outside = outside ? *outside + "; " + *m : *m;
    if (!outside && !text_out) outside = check_neighbours(c, output_area + out_start);
    if (outside) return fail(Kind::kWroteOutsideBuffer, *outside);
    if (r.status != CASTLIKE_VALIDATOR_OK) {
      const char* msg = reinterpret_cast<const char*>(message_area + msg_start);
      const std::string reason(msg, strnlen(msg, p::kMessageSize));
      out.kind = Kind::kRejected;
      out.texts.clear();
      out.message = reason.empty() ? "rejected (status " + std::to_string(r.status) + ", no message)" : printable(reason);
      return out;
    }
    out.kind = Kind::kOk;
    if (!text_out) out.data.assign(output_area + out_start, output_area + out_start + data_size);
    check_output_texts(out);
    return out;
  }

  // The worker did not answer: it died, closed the socket, or the deadline passed.
  PluginOutcome ended(bool timed_out) {
    const uint64_t peak = timed_out ? worker->vm_peak_kib() : 0;
    // A closed socket: the worker is ending (give it a second), or the plug-in closed fd 3.
    const auto end = worker->finish(timed_out ? Clock::now() : Clock::now() + std::chrono::seconds(1));
    const p::ControlBlock control = this->control();
    const WorkerFailure f = describe_end(end, control, timed_out,
                                   "did not return within " + seconds(options.call_timeout) + " (the worker was killed)",
                                   options.memory_limit, peak);
    return fail(f.kind, f.message);
  }
};

IsolatedPlugin::IsolatedPlugin(std::unique_ptr<State> state) : state_(std::move(state)) {}
IsolatedPlugin::~IsolatedPlugin() = default;
const std::string& IsolatedPlugin::name() const { return state_->name; }
uint32_t IsolatedPlugin::capabilities() const { return state_->capabilities; }
const std::optional<DeclaredCoverage>& IsolatedPlugin::coverage() const { return state_->coverage; }
PluginOutcome IsolatedPlugin::call(const PluginCall& call) { return state_->call(call); }
std::string IsolatedPlugin::confinement() const { return state_->confinement; }
int IsolatedPlugin::worker_pid() const { return state_->worker ? state_->worker->pid() : -1; }
uint64_t IsolatedPlugin::workers_started() const { return state_->started; }

std::variant<std::unique_ptr<IsolatedPlugin>, std::string> IsolatedPlugin::open(const std::string& path,
                                                                                const PluginOptions& options) {
  if (!ensure_standard_descriptors()) return std::string("cannot open /dev/null on a closed descriptor 0, 1 or 2");
  auto state = std::make_unique<State>();
  state->path = path;
  state->options = options;
  state->executable = options.worker_path.empty() ? default_worker_path() : options.worker_path;
  state->page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  if (auto e = state->start()) return *e;
  return std::unique_ptr<IsolatedPlugin>(new IsolatedPlugin(std::move(state)));
}

}  // namespace castlike::harness
