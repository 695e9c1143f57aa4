// The hostile plug-ins of this folder through IsolatedPlugin (harness/worker/plugin.hpp): each
// failure is the exact outcome of its one call, the next call succeeds in a fresh worker, and no
// process is left behind. Timeouts are 1 s, so every test ends within a few seconds.
#include <dirent.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

#include <gtest/gtest.h>

#include "plugin.hpp"

namespace castlike::harness {
namespace {

using Kind = PluginOutcome::Kind;
using std::chrono::milliseconds;

PluginOptions test_options() {
  PluginOptions o;
  o.call_timeout = milliseconds(1000);
  o.load_timeout = milliseconds(2000);
  return o;
}

// Processes (live or zombie) whose parent is this test, or, with `group`, live processes (zombies
// are dead: init reaps those the plug-in orphaned) of that process group.
int processes(long parent, long group = 0) {
  int n = 0;
  DIR* d = opendir("/proc");
  while (dirent* e = d ? readdir(d) : nullptr) {
    if (e->d_name[0] < '0' || e->d_name[0] > '9') continue;
    std::ifstream stat(std::string("/proc/") + e->d_name + "/stat");
    std::string line;
    std::getline(stat, line);
    const size_t close = line.rfind(')');
    if (close == std::string::npos) continue;
    std::istringstream rest(line.substr(close + 2));
    char state = 0;
    long ppid = 0, pgid = 0;
    rest >> state >> ppid >> pgid;
    if (group ? pgid == group && state != 'Z' : ppid == parent) ++n;
  }
  if (d) closedir(d);
  return n;
}
int child_processes() { return processes(getpid()); }

// An INT8 -> `to` call on `values` (the hostile plug-ins' triggers are the first value).
struct Int8Call {
  std::vector<uint8_t> bytes;
  PluginCall call;
  Int8Call(std::vector<int8_t> values, ElementType to = ElementType::kInt16) {
    for (int8_t v : values) bytes.push_back(static_cast<uint8_t>(v));
    call.from = ElementType::kInt8;
    call.to = to;
    call.count = values.size();
    call.input = bytes;
  }
};

std::vector<int8_t> values(int8_t first, size_t count) {
  std::vector<int8_t> v(count);
  for (size_t i = 0; i < count; ++i) v[i] = i == 0 ? first : static_cast<int8_t>(i * 37 - 100);
  return v;
}

void expect_sign_extended(const PluginOutcome& out, const std::vector<int8_t>& in) {
  ASSERT_EQ(out.kind, Kind::kOk) << out.message;
  ASSERT_EQ(out.data.size(), 2 * in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    int16_t v;
    std::memcpy(&v, out.data.data() + 2 * i, 2);
    EXPECT_EQ(v, in[i]) << "element " << i;
  }
}

std::unique_ptr<IsolatedPlugin> open_isolated(const char* path, PluginOptions options = test_options()) {
  auto opened = IsolatedPlugin::open(path, options);
  if (auto* e = std::get_if<std::string>(&opened)) ADD_FAILURE() << *e;
  return opened.index() == 0 ? std::move(std::get<0>(opened)) : nullptr;
}

// A call that succeeds, made right after a failure: a fresh worker, the right answer.
void expect_recovers(IsolatedPlugin& plugin, uint64_t workers_before) {
  EXPECT_EQ(plugin.worker_pid(), -1) << "the failed worker must be gone";
  EXPECT_EQ(child_processes(), 0);
  const auto in = values(5, 100);
  Int8Call c(in);
  expect_sign_extended(plugin.call(c.call), in);
  EXPECT_EQ(plugin.workers_started(), workers_before + 1);
  EXPECT_EQ(child_processes(), 1);
}

// Opens `path`, checks a normal call, makes the failing call and checks its outcome, recovers.
void expect_failure(const char* path, const std::vector<int8_t>& in, ElementType to, Kind kind,
                    const std::string& message, PluginOptions options = test_options()) {
  auto plugin = open_isolated(path, options);
  ASSERT_TRUE(plugin);
  const auto fine = values(1, 7);
  Int8Call ok(fine);
  expect_sign_extended(plugin->call(ok.call), fine);
  Int8Call c(in, to);
  const auto start = std::chrono::steady_clock::now();
  const PluginOutcome out = plugin->call(c.call);
  EXPECT_LT(std::chrono::steady_clock::now() - start, options.call_timeout + milliseconds(1500));
  EXPECT_EQ(outcome_kind_name(out.kind), outcome_kind_name(kind)) << out.message;
  EXPECT_EQ(out.message, message);
  EXPECT_TRUE(out.data.empty());
  expect_recovers(*plugin, 1);
  plugin.reset();
  EXPECT_EQ(child_processes(), 0);
}

TEST(IsolatedPlugin, WellBehavedMatchesInProcessAndReusesOneWorker) {
  auto isolated = open_isolated(CASTLIKE_HOSTILE_WELL_BEHAVED);
  ASSERT_TRUE(isolated);
  auto in_process = InProcessPlugin::open(CASTLIKE_HOSTILE_WELL_BEHAVED);
  ASSERT_EQ(in_process.index(), 0u) << std::get<1>(in_process);
  auto& direct = *std::get<0>(in_process);
  EXPECT_EQ(isolated->name(), "hostile test plug-in: well-behaved");
  EXPECT_EQ(direct.name(), isolated->name());
  for (size_t count : {0, 1, 7, 8, 255, 4096, 3, 100000, 16}) {
    const auto in = values(-7, count);
    Int8Call c(in);
    const auto a = isolated->call(c.call);
    if (count) {
      expect_sign_extended(a, in);
    }
    EXPECT_EQ(a.data, direct.call(c.call).data);
    Int8Call s(in, ElementType::kString);
    const auto t = isolated->call(s.call);
    ASSERT_EQ(t.kind, Kind::kOk) << t.message;
    ASSERT_EQ(t.texts.size(), count);
    if (count) {
      EXPECT_EQ(t.texts[0], "-7");
    }
    EXPECT_EQ(t.texts, direct.call(s.call).texts);
  }
  PluginCall rejected;
  rejected.from = ElementType::kFloat;
  rejected.to = ElementType::kInt16;
  const auto r = isolated->call(rejected);
  EXPECT_EQ(r.kind, Kind::kRejected);
  EXPECT_EQ(r.message, "only INT8 -> INT16, INT8 -> STRING and STRING -> INT16");
  EXPECT_EQ(isolated->workers_started(), 1u);
  EXPECT_EQ(child_processes(), 1);
  isolated.reset();
  EXPECT_EQ(child_processes(), 0);
}

TEST(IsolatedPlugin, AttributesAndSizesReachThePlugin) {
  auto plugin = open_isolated(CASTLIKE_HOSTILE_WELL_BEHAVED);
  ASSERT_TRUE(plugin);
  Int8Call c(values(99, 5));
  c.call.opset = 24;
  c.call.saturate = 0;
  c.call.round_mode = "nearest";
  auto out = plugin->call(c.call);
  EXPECT_EQ(out.kind, Kind::kRejected);
  EXPECT_EQ(out.message, "opset 24 from 3 to 5 saturate 0 round_mode nearest count 5 data_size 10");
  Int8Call unset(values(99, 3), ElementType::kString);
  out = plugin->call(unset.call);
  EXPECT_EQ(out.message, "opset 25 from 3 to 8 saturate -1 round_mode (null) count 3 data_size 0");
  EXPECT_TRUE(out.texts.empty());
}

TEST(IsolatedPlugin, StringInput) {
  auto plugin = open_isolated(CASTLIKE_HOSTILE_WELL_BEHAVED);
  ASSERT_TRUE(plugin);
  const std::vector<std::string> texts = {"12", "", "-300", "caf\xc3\xa9", "70000"};
  PluginCall c;
  c.from = ElementType::kString;
  c.to = ElementType::kInt16;
  c.count = texts.size();
  c.input_texts = texts;
  const auto out = plugin->call(c);
  ASSERT_EQ(out.kind, Kind::kOk) << out.message;
  const int16_t expected[] = {12, 0, -300, 0, static_cast<int16_t>(70000 - 65536)};
  ASSERT_EQ(out.data.size(), sizeof expected);
  EXPECT_EQ(std::memcmp(out.data.data(), expected, sizeof expected), 0);
  c.count = 4;
  EXPECT_EQ(plugin->call(c).message, "bad call: 5 input texts for 4 elements");
}

TEST(IsolatedPlugin, ExamplePluginSameAsInProcess) {
  auto isolated = open_isolated(CASTLIKE_EXAMPLE_PLUGIN);
  ASSERT_TRUE(isolated);
  EXPECT_EQ(isolated->name(), "castlike example plug-in");
  auto direct = std::move(std::get<0>(InProcessPlugin::open(CASTLIKE_EXAMPLE_PLUGIN)));
  std::vector<float> f = {0.0f, 0.3f, -1.25f, 2.75f, 1e9f, -0.0f, 5.0f};
  std::vector<uint8_t> bytes(f.size() * 4);
  std::memcpy(bytes.data(), f.data(), bytes.size());
  PluginCall c;
  c.from = ElementType::kFloat;
  c.to = ElementType::kFloat4E2M1;
  c.count = f.size();
  c.input = bytes;
  const auto a = isolated->call(c), b = direct->call(c);
  ASSERT_EQ(a.kind, Kind::kOk) << a.message;
  EXPECT_EQ(a.data.size(), 4u);
  EXPECT_EQ(a.data, b.data);
}

// A Cast call goes to castlike_validator_cast; a library without it rejects the call (isolated and
// in-process alike) and runs CastLike calls as before.
TEST(IsolatedPlugin, CastCallsGoToTheCastFunctionOrAreRejected) {
  const auto in = values(-7, 9);
  Int8Call cast(in);
  cast.call.op = Operator::kCast;
  cast.call.opset = 13;
  auto example = open_isolated(CASTLIKE_EXAMPLE_PLUGIN);
  ASSERT_TRUE(example);
  expect_sign_extended(example->call(cast.call), in);
  cast.call.opset = 12;  // the example's Cast function checks Cast's own opsets
  EXPECT_EQ(example->call(cast.call).message, "opset not supported");
  cast.call.opset = 13;

  auto isolated = open_isolated(CASTLIKE_HOSTILE_WELL_BEHAVED);
  ASSERT_TRUE(isolated);
  auto opened = InProcessPlugin::open(CASTLIKE_HOSTILE_WELL_BEHAVED);
  ASSERT_EQ(opened.index(), 0u) << std::get<1>(opened);
  auto& direct = *std::get<0>(opened);
  for (Plugin* plugin : {static_cast<Plugin*>(isolated.get()), static_cast<Plugin*>(&direct)}) {
    const PluginOutcome out = plugin->call(cast.call);
    EXPECT_EQ(out.kind, Kind::kRejected);
    EXPECT_EQ(out.message, "the library exports no castlike_validator_cast: it runs CastLike nodes only");
    EXPECT_TRUE(out.data.empty());
    Int8Call cast_like(in);
    expect_sign_extended(plugin->call(cast_like.call), in);
  }
  EXPECT_EQ(isolated->workers_started(), 1u) << "a rejection is not a failed call";
}

TEST(IsolatedPlugin, Segfault) {
  expect_failure(CASTLIKE_HOSTILE_SEGFAULT, values(99, 7), ElementType::kInt16, Kind::kCrashed,
                 "crashed with SIGSEGV at a write of address 0x0 (a null pointer)");
}

TEST(IsolatedPlugin, Abort) {
  expect_failure(CASTLIKE_HOSTILE_ABORT, values(99, 7), ElementType::kInt16, Kind::kCrashed,
                 "crashed with SIGABRT (abort)");
}

TEST(IsolatedPlugin, Exit) {
  expect_failure(CASTLIKE_HOSTILE_EXIT, values(99, 7), ElementType::kInt16, Kind::kExited,
                 "called exit(0) during the call");
}

TEST(IsolatedPlugin, UnderscoreExit) {
  expect_failure(CASTLIKE_HOSTILE_EXIT, values(98, 7), ElementType::kInt16, Kind::kExited,
                 "ended the process with _exit(3) during the call");
}

TEST(IsolatedPlugin, StackOverflow) {
  auto plugin = open_isolated(CASTLIKE_HOSTILE_STACK_OVERFLOW);
  ASSERT_TRUE(plugin);
  Int8Call c(values(99, 7));
  const auto out = plugin->call(c.call);
  EXPECT_EQ(out.kind, Kind::kCrashed);
  EXPECT_EQ(out.message.rfind("crashed with SIGSEGV (stack overflow: a write of address 0x", 0), 0u) << out.message;
  expect_recovers(*plugin, 1);
}

TEST(IsolatedPlugin, InfiniteLoopTimesOut) {
  expect_failure(CASTLIKE_HOSTILE_HANG, values(99, 7), ElementType::kInt16, Kind::kTimedOut,
                 "did not return within 1 s (the worker was killed)");
}

TEST(IsolatedPlugin, SleepTimesOut) {
  auto o = test_options();
  o.call_timeout = milliseconds(300);
  expect_failure(CASTLIKE_HOSTILE_HANG, values(98, 7), ElementType::kInt16, Kind::kTimedOut,
                 "did not return within 0.3 s (the worker was killed)", o);
}

// 7 INT16 = 14 bytes: 2 bytes of canary slack after the end; 8 = 16 bytes: flush with the guard.
TEST(IsolatedPlugin, WriteOneBytePastIntoTheCanaries) {
  expect_failure(CASTLIKE_HOSTILE_WRITE_PAST, values(99, 7), ElementType::kInt16, Kind::kWroteOutsideBuffer,
                 "wrote 1 byte past the output buffer");
}

TEST(IsolatedPlugin, WriteOneBytePastIntoTheGuardPage) {
  expect_failure(CASTLIKE_HOSTILE_WRITE_PAST, values(99, 8), ElementType::kInt16, Kind::kWroteOutsideBuffer,
                 "crashed with SIGSEGV at a write 1 byte past the output buffer");
}

TEST(IsolatedPlugin, WriteFourKibPast) {
  expect_failure(CASTLIKE_HOSTILE_WRITE_PAST, values(98, 7), ElementType::kInt16, Kind::kWroteOutsideBuffer,
                 "crashed with SIGSEGV at a write 4096 bytes past the output buffer");
}

TEST(IsolatedPlugin, WritePastTheMessageBuffer) {
  expect_failure(CASTLIKE_HOSTILE_WRITE_PAST, values(97, 7), ElementType::kInt16, Kind::kWroteOutsideBuffer,
                 "crashed with SIGSEGV at a write 1 byte past the message buffer");
}

TEST(IsolatedPlugin, WriteOneByteBeforeIntoTheCanaries) {
  expect_failure(CASTLIKE_HOSTILE_WRITE_BEFORE, values(99, 7), ElementType::kInt16, Kind::kWroteOutsideBuffer,
                 "wrote 1 byte before the output buffer");
}

// 2048 INT16 = 4096 bytes: the buffer starts on a page boundary, the page before is PROT_NONE.
TEST(IsolatedPlugin, WriteOneByteBeforeIntoTheGuardPage) {
  expect_failure(CASTLIKE_HOSTILE_WRITE_BEFORE, values(99, 2048), ElementType::kInt16, Kind::kWroteOutsideBuffer,
                 "crashed with SIGSEGV at a write 1 byte before the output buffer");
}

TEST(IsolatedPlugin, WriteFourKibBefore) {
  expect_failure(CASTLIKE_HOSTILE_WRITE_BEFORE, values(98, 7), ElementType::kInt16, Kind::kWroteOutsideBuffer,
                 "crashed with SIGSEGV at a write 4096 bytes before the output buffer");
}

TEST(IsolatedPlugin, InvalidUtf8Text) {
  auto plugin = open_isolated(CASTLIKE_HOSTILE_INVALID_UTF8);
  ASSERT_TRUE(plugin);
  Int8Call c(values(99, 3), ElementType::kString);
  const auto out = plugin->call(c.call);
  EXPECT_EQ(out.kind, Kind::kInvalidOutput);
  EXPECT_EQ(out.message, "output text 1 is not valid UTF-8: \"caf\\xe9\" (2 invalid texts)");
  ASSERT_EQ(out.texts.size(), 3u);
  EXPECT_EQ(out.texts[0], "ok");
  EXPECT_FALSE(out.texts[1]);
  EXPECT_FALSE(out.texts[2]);
  // Not a fault of the worker: it stays.
  Int8Call next(values(12, 2), ElementType::kString);
  const auto fine = plugin->call(next.call);
  ASSERT_EQ(fine.kind, Kind::kOk);
  EXPECT_EQ(fine.texts[0], "12");
  EXPECT_EQ(plugin->workers_started(), 1u);
  // In-process, the same check.
  auto direct = std::move(std::get<0>(InProcessPlugin::open(CASTLIKE_HOSTILE_INVALID_UTF8)));
  EXPECT_EQ(direct->call(c.call).message, out.message);
}

// 100000 elements: a call whose larger buffers came in a new memfd, where the worker's limit must
// still be known.
TEST(IsolatedPlugin, UnboundedAllocation) {
#if defined(__SANITIZE_ADDRESS__)
  GTEST_SKIP() << "RLIMIT_AS cannot apply under AddressSanitizer (its shadow memory)";
#endif
  auto o = test_options();
  o.memory_limit = uint64_t{256} << 20;
  for (size_t count : {7, 100000})
    expect_failure(CASTLIKE_HOSTILE_ALLOCATE, values(99, count), ElementType::kInt16, Kind::kOutOfMemory,
                   "ran out of memory (its address space reached the 256 MiB limit), then crashed with SIGABRT (abort)",
                   o);
}

TEST(IsolatedPlugin, ProtocolGarbage) {
  expect_failure(CASTLIKE_HOSTILE_PROTOCOL_GARBAGE, values(99, 7), ElementType::kInt16, Kind::kWorkerError,
                 "protocol error: the worker's answer is garbage (did the plug-in write to the worker's socket?)");
}

// The worker's death is seen at once (not at the timeout) although the plug-in's child still holds
// the socket, and that child dies with the worker's process group.
// Without the sandbox (a constructor that forks runs before it), the group kill is what ends it.
TEST(IsolatedPlugin, ForkedChildDiesWithTheWorker) {
  setenv("CASTLIKE_PLUGIN_SANDBOX", "off", 1);
  auto plugin = open_isolated(CASTLIKE_HOSTILE_FORK_AND_CRASH);
  unsetenv("CASTLIKE_PLUGIN_SANDBOX");
  ASSERT_TRUE(plugin);
  const int group = plugin->worker_pid();
  Int8Call c(values(99, 7));
  const auto start = std::chrono::steady_clock::now();
  const auto out = plugin->call(c.call);
  EXPECT_LT(std::chrono::steady_clock::now() - start, milliseconds(500));
  EXPECT_EQ(out.kind, Kind::kCrashed);
  EXPECT_EQ(out.message, "crashed with SIGABRT (abort)");
  // SIGKILL is sent before the call returns; the child may take a moment to die.
  int alive = 1;
  for (int i = 0; i < 100 && alive; ++i) {
    alive = processes(0, group);
    if (alive) usleep(10000);
  }
  EXPECT_EQ(alive, 0) << "a process of the worker's group survived";
  expect_recovers(*plugin, 1);
}

TEST(IsolatedPlugin, WriteFarPastIsNamedAfterTheOutputBuffer) {
  expect_failure(CASTLIKE_HOSTILE_WRITE_PAST, values(96, 7), ElementType::kInt16, Kind::kWroteOutsideBuffer,
                 "crashed with SIGSEGV at a write 100000 bytes past the output buffer");
}

// The sandbox (harness/worker/sandbox.hpp): each forbidden call stops the worker and is the
// outcome of its call, and nothing it aimed at happened.
void expect_forbidden(const char* path, int8_t trigger, const std::string& call) {
  expect_failure(path, values(trigger, 7), ElementType::kInt16, Kind::kForbiddenCall,
                 "was stopped by the sandbox at a forbidden system call: " + call);
}

TEST(Sandbox, SignalsToTheValidatorAreStopped) {
  const std::string self = std::to_string(getpid());
  expect_forbidden(CASTLIKE_HOSTILE_SIGNAL_PARENT, 99, "kill(" + self + ", SIGSTOP)");
  expect_forbidden(CASTLIKE_HOSTILE_SIGNAL_PARENT, 98, "kill(" + self + ", SIGTERM)");
  expect_forbidden(CASTLIKE_HOSTILE_SIGNAL_PARENT, 97, "kill(" + self + ", SIGKILL)");
}

TEST(Sandbox, TracingTheValidatorIsStopped) { expect_forbidden(CASTLIKE_HOSTILE_TRACE_PARENT, 99, "ptrace"); }

// A directory of the test's own, named to the plug-in by CASTLIKE_HOSTILE_DIRECTORY, holding "victim".
struct HostileDirectory {
  std::string path;
  HostileDirectory() {
    char tmpl[] = "/tmp/castlike-hostile-XXXXXX";
    path = mkdtemp(tmpl);
    std::ofstream(path + "/victim") << "keep me\n";
    setenv("CASTLIKE_HOSTILE_DIRECTORY", path.c_str(), 1);
  }
  ~HostileDirectory() {
    unsetenv("CASTLIKE_HOSTILE_DIRECTORY");
    for (const char* name : {"victim", "created", "renamed"}) unlink((path + "/" + name).c_str());
    rmdir((path + "/made").c_str());
    rmdir(path.c_str());
  }
  std::vector<std::string> entries() const {
    std::vector<std::string> names;
    DIR* d = opendir(path.c_str());
    while (dirent* e = d ? readdir(d) : nullptr)
      if (e->d_name[0] != '.') names.push_back(e->d_name);
    if (d) closedir(d);
    return names;
  }
  std::string victim() const {
    std::ifstream in(path + "/victim");
    return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
};

TEST(Sandbox, FilesCannotBeCreatedRemovedRenamedOrTruncated) {
  HostileDirectory dir;
  const struct {
    int8_t trigger;
    const char* call;
  } attempts[] = {{99, "openat"}, {98, "unlink"}, {97, "rename"}, {96, "mkdir"}, {95, "openat"}};
  for (const auto& a : attempts) {
    SCOPED_TRACE(a.trigger);
    expect_forbidden(CASTLIKE_HOSTILE_CHANGE_FILES, a.trigger, a.call);
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"victim"});
    EXPECT_EQ(dir.victim(), "keep me\n");
  }
}

// Threads in the worker process (/proc/PID/task).
int threads(int pid) {
  int n = 0;
  DIR* d = opendir(("/proc/" + std::to_string(pid) + "/task").c_str());
  while (dirent* e = d ? readdir(d) : nullptr) n += e->d_name[0] != '.';
  if (d) closedir(d);
  return n;
}

// A child process is stopped; a thread is allowed (a conversion library's thread pool) and one
// left running after the call ends with the worker, like everything the plug-in started.
TEST(Sandbox, NoChildAndNoThreadOutlivesTheWorker) {
  expect_forbidden(CASTLIKE_HOSTILE_OUTLIVE_CALL, 98, "clone");
  auto plugin = open_isolated(CASTLIKE_HOSTILE_OUTLIVE_CALL);
  ASSERT_TRUE(plugin);
  const auto in = values(99, 7);
  Int8Call c(in);
  expect_sign_extended(plugin->call(c.call), in);
  const int pid = plugin->worker_pid();
  EXPECT_EQ(threads(pid), 2);
  EXPECT_EQ(plugin->workers_started(), 1u);
  plugin.reset();
  EXPECT_EQ(threads(pid), 0);
  EXPECT_EQ(child_processes(), 0);
}

// Default deny (sandbox.hpp): every way out of the worker that is not on the allowlist stops the
// worker at its call, and what it aimed at did not happen (the validator still runs, unchanged).
TEST(Sandbox, EachWayOutIsStoppedAtItsCall) {
  HostileDirectory dir;
  const int priority = getpriority(PRIO_PROCESS, 0);
  rlimit file_size{};
  getrlimit(RLIMIT_FSIZE, &file_size);
  const struct {
    int8_t trigger;
    const char* call;
  } attempts[] = {{99, "fcntl"}, {98, "prlimit64"}, {97, "setpriority"}, {96, "socket"}, {95, "prlimit64"},
                  {94, "setxattr"}, {93, "utimensat"}, {92, "ioctl"}, {91, "acct"}, {90, "sethostname"},
                  {88, "socket"}, {87, "prctl"}, {85, "clone"}, {84, "sched_setscheduler"},
                  {83, "mount_setattr"}};
  struct stat before{};
  stat((dir.path + "/victim").c_str(), &before);
  for (const auto& a : attempts) {
    SCOPED_TRACE(a.trigger);
    expect_forbidden(CASTLIKE_HOSTILE_ESCAPE, a.trigger, a.call);
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"victim"});
  }
  struct stat after{};
  stat((dir.path + "/victim").c_str(), &after);
  EXPECT_EQ(after.st_mtim.tv_sec, before.st_mtim.tv_sec);
  EXPECT_EQ(getpriority(PRIO_PROCESS, 0), priority);
  rlimit now{};
  getrlimit(RLIMIT_FSIZE, &now);
  EXPECT_EQ(now.rlim_cur, file_size.rlim_cur);
  EXPECT_EQ(sched_getscheduler(0), SCHED_OTHER);
}

// Threads are allowed: a plug-in that computes on a thread and joins it answers correctly.
TEST(Sandbox, ThreadsAreAllowed) {
  auto plugin = open_isolated(CASTLIKE_HOSTILE_ESCAPE);
  ASSERT_TRUE(plugin);
  const auto in = values(86, 7);
  Int8Call c(in);
  expect_sign_extended(plugin->call(c.call), in);
}

// Landlock: a user's file is not there for the plug-in (open fails, the plug-in answers); without
// Landlock (forced here as on a kernel lacking it) the allowlist alone lets it read the file, and
// the worker says so in its description of the sandbox.
TEST(Sandbox, UserFilesAreHiddenByLandlock) {
  std::string why_not;
  HostileDirectory dir;
  const auto in = values(89, 7);
  Int8Call c(in);
  auto plugin = open_isolated(CASTLIKE_HOSTILE_ESCAPE);
  ASSERT_TRUE(plugin);
  if (plugin->confinement().find("Landlock ABI") == std::string::npos)
    GTEST_SKIP() << "this kernel has no Landlock: " << plugin->confinement();
  EXPECT_EQ(plugin->confinement().rfind("seccomp allowlist, Landlock ABI ", 0), 0u) << plugin->confinement();
  expect_sign_extended(plugin->call(c.call), in);
  setenv("CASTLIKE_PLUGIN_SANDBOX", "seccomp-only", 1);
  auto fallback = open_isolated(CASTLIKE_HOSTILE_ESCAPE);
  unsetenv("CASTLIKE_PLUGIN_SANDBOX");
  ASSERT_TRUE(fallback);
  EXPECT_EQ(fallback->confinement(), "seccomp allowlist, no Landlock (CASTLIKE_PLUGIN_SANDBOX=seccomp-only)");
  const PluginOutcome read = fallback->call(c.call);
  EXPECT_EQ(read.kind, Kind::kRejected);
  EXPECT_EQ(read.message, "escaped: read the victim");
  plugin.reset();
  fallback.reset();
  // The allowlist still holds in the fallback.
  setenv("CASTLIKE_PLUGIN_SANDBOX", "seccomp-only", 1);
  expect_failure(CASTLIKE_HOSTILE_ESCAPE, values(99, 7), ElementType::kInt16, Kind::kForbiddenCall,
                 "was stopped by the sandbox at a forbidden system call: fcntl");
  unsetenv("CASTLIKE_PLUGIN_SANDBOX");
}

// The sandbox is up before the library is loaded: its constructor, castlike_validator_abi_version()
// and castlike_validator_name() are confined like a call; loading fails, naming the call.
TEST(Sandbox, LoadingRunsInsideTheSandbox) {
  HostileDirectory dir;
  const std::string prefix = std::string(CASTLIKE_HOSTILE_LOAD_ESCAPE) +
                             ": while loading, the plug-in was stopped by the sandbox at a forbidden system call: ";
  const struct {
    const char* action;
    std::string call;
  } attempts[] = {{"create", "openat"}, {"fork", "clone"}, {"kill", "kill(" + std::to_string(getpid()) + ", SIGTERM)"}};
  for (const auto& a : attempts) {
    SCOPED_TRACE(a.action);
    setenv("CASTLIKE_HOSTILE_LOAD_ACTION", a.action, 1);
    auto opened = IsolatedPlugin::open(CASTLIKE_HOSTILE_LOAD_ESCAPE, test_options());
    unsetenv("CASTLIKE_HOSTILE_LOAD_ACTION");
    ASSERT_EQ(opened.index(), 1u);
    EXPECT_EQ(std::get<1>(opened), prefix + a.call);
    EXPECT_EQ(dir.entries(), std::vector<std::string>{"victim"});
    EXPECT_EQ(child_processes(), 0);
  }
}

// The channel: an answer the plug-in forged is its own call's failure, named, and never the next's.
TEST(Channel, TextLengthsThatWrapAreThatCallsFailure) {
  expect_failure(CASTLIKE_HOSTILE_FORGE_ANSWER, values(99, 7), ElementType::kString, Kind::kWorkerError,
                 "protocol error: the worker's text lengths do not add up to the texts' size (did the plug-in "
                 "write to the worker's socket?)");
}

TEST(Channel, AnAnswerWrittenDuringTheCallIsThatCallsFailure) {
  expect_failure(CASTLIKE_HOSTILE_FORGE_ANSWER, values(98, 7), ElementType::kInt16, Kind::kWorkerError,
                 "protocol error: an answer arrived while the plug-in was still running (the plug-in wrote to "
                 "the worker's socket)");
}

// A plug-in that also clears the control block's in_call decides its own call's answer (as it
// could by returning those bits); the worker's real answer that follows is not charged to the next
// call, which runs on a fresh worker.
TEST(Channel, AForgedAnswerIsNotChargedToTheNextCall) {
  auto plugin = open_isolated(CASTLIKE_HOSTILE_FORGE_ANSWER);
  ASSERT_TRUE(plugin);
  for (int i = 0; i < 5; ++i) {
    Int8Call forged(values(97, 7));
    (void)plugin->call(forged.call);
    const auto in = values(5, 100);
    Int8Call next(in);
    expect_sign_extended(plugin->call(next.call), in);
  }
}

// The shared buffers are sealed and the worker may not resize them: the guilty call is reported,
// and the next call (and the buffers of a larger one) work.
TEST(Sandbox, SharedBuffersCannotBeResized) {
  expect_forbidden(CASTLIKE_HOSTILE_RESIZE_BUFFERS, 99, "ftruncate");
  auto plugin = open_isolated(CASTLIKE_HOSTILE_RESIZE_BUFFERS);
  ASSERT_TRUE(plugin);
  setenv("CASTLIKE_PLUGIN_SANDBOX", "off", 1);  // the seals alone: ftruncate fails, the call passes
  auto unsandboxed = open_isolated(CASTLIKE_HOSTILE_RESIZE_BUFFERS);
  unsetenv("CASTLIKE_PLUGIN_SANDBOX");
  ASSERT_TRUE(unsandboxed);
  for (size_t count : {7, 10000, 100000}) {
    const auto in = values(99, count);
    Int8Call c(in);
    expect_sign_extended(unsandboxed->call(c.call), in);
    const auto fine = values(3, count);
    Int8Call next(fine);
    expect_sign_extended(unsandboxed->call(next.call), fine);
    expect_sign_extended(plugin->call(next.call), fine);
  }
  EXPECT_EQ(unsandboxed->workers_started(), 1u);
}

// With descriptor 2 closed, the validator's next descriptor (once the memfd) must not land there:
// the worker's standard output, where a plug-in prints, is the validator's descriptor 2.
TEST(Sandbox, PrintingPluginWithStandardErrorClosed) {
  const int saved = dup(2);
  ::close(2);
  auto plugin = open_isolated(CASTLIKE_HOSTILE_PRINT);
  char target[256] = {};
  (void)!readlink("/proc/self/fd/2", target, sizeof target - 1);
  std::vector<PluginOutcome> failed;
  for (int i = 0; plugin && i < 4; ++i) {
    Int8Call c(values(1, i % 2 ? 7 : 5000));
    if (auto out = plugin->call(c.call); !out.ok()) failed.push_back(out);
  }
  dup2(saved, 2);
  ::close(saved);
  ASSERT_TRUE(plugin);
  EXPECT_STREQ(target, "/dev/null");
  EXPECT_TRUE(failed.empty()) << failed.size() << " failed calls, the first: " << failed.front().message;
  EXPECT_EQ(plugin->workers_started(), 1u);
}

TEST(IsolatedPlugin, LoadFailures) {
  const auto error = [](const std::string& path, const PluginOptions& o = test_options()) {
    auto opened = IsolatedPlugin::open(path, o);
    EXPECT_EQ(opened.index(), 1u);
    EXPECT_EQ(child_processes(), 0);
    return opened.index() == 1 ? std::get<1>(opened) : std::string();
  };
  EXPECT_EQ(error("/nonexistent/plugin.so"),
            "/nonexistent/plugin.so: cannot load the shared library: /nonexistent/plugin.so: cannot open shared "
            "object file: No such file or directory");
  EXPECT_EQ(error(CASTLIKE_HOSTILE_WRONG_ABI),
            std::string(CASTLIKE_HOSTILE_WRONG_ABI) + ": plug-in ABI version 2, this validator speaks 1");
  EXPECT_EQ(error(CASTLIKE_HOSTILE_MISSING_SYMBOL),
            std::string(CASTLIKE_HOSTILE_MISSING_SYMBOL) +
                ": not a castlike validator plug-in: it must export castlike_validator_abi_version, "
                "castlike_validator_name and castlike_validator_cast_like (include/castlike/validator_abi.h)");
  EXPECT_EQ(error(CASTLIKE_HOSTILE_CRASH_ON_LOAD),
            std::string(CASTLIKE_HOSTILE_CRASH_ON_LOAD) + ": the plug-in crashed with SIGSEGV while loading");
  auto o = test_options();
  o.worker_path = "/nonexistent/castlike-plugin-worker";
  EXPECT_EQ(error(CASTLIKE_HOSTILE_WELL_BEHAVED, o),
            "cannot start the plug-in worker /nonexistent/castlike-plugin-worker: No such file or directory");
  // In-process loading gives the same texts.
  auto direct = InProcessPlugin::open(CASTLIKE_HOSTILE_WRONG_ABI);
  ASSERT_EQ(direct.index(), 1u);
  EXPECT_EQ(std::get<1>(direct), error(CASTLIKE_HOSTILE_WRONG_ABI));
}

TEST(IsolatedPlugin, BadCallIsRefusedWithoutCallingThePlugin) {
  auto plugin = open_isolated(CASTLIKE_HOSTILE_WELL_BEHAVED);
  ASSERT_TRUE(plugin);
  Int8Call c(values(1, 4));
  c.call.count = 5;
  const auto out = plugin->call(c.call);
  EXPECT_EQ(out.kind, Kind::kWorkerError);
  EXPECT_EQ(out.message, "bad call: 4 input bytes for 5 elements of INT8");
  EXPECT_EQ(plugin->workers_started(), 1u);
  EXPECT_NE(plugin->worker_pid(), -1);
}

TEST(IsolatedPlugin, DestroyedWhileAWorkerRunsLeavesNoProcess) {
  {
    auto plugin = open_isolated(CASTLIKE_HOSTILE_HANG);
    ASSERT_TRUE(plugin);
    EXPECT_EQ(child_processes(), 1);
  }
  EXPECT_EQ(child_processes(), 0);
}

}  // namespace
}  // namespace castlike::harness
