// Raw outputs written by any program (a Python adapter, another runtime's dump): the outputs of
// inputs 0 .. 2^bits - 1 (a wider source: its structured set's inputs) of one configuration in input order, in the destination's raw ONNX
// layout, read batch by batch from a file or a pipe (bounded memory), so the stream is judged as
// it comes. Its length must be exact: a short or long stream is an InputError with the counts.
// It answers in input order, so it serves every-input runs only (a vector set's cases are a
// results file's job).
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include "castlike/packing.hpp"
#include "subjects/implementation.hpp"

namespace castlike::harness {
namespace {

using exhaustive::BatchStatus;
using exhaustive::Call;
using exhaustive::Configuration;
using exhaustive::InputError;

class RawOutputs final : public EveryInputOnly {
 public:
  RawOutputs(int fd, std::string path, std::string label)
      : EveryInputOnly("a raw output stream answers every input of one configuration in input order; it names no "
                       "vector file's case (give a vector set's outputs as a results file)"),
        fd_(fd),
        path_(std::move(path)),
        label_(std::move(label)) {}
  ~RawOutputs() override {
    if (fd_ > 0) ::close(fd_);
  }
  std::string name() const override { return label_; }
  std::string description() const override {
    return "raw outputs from " + (path_ == "-" ? std::string("standard input") : path_);
  }
  bool needs_inputs() const override { return false; }
  unsigned max_jobs() const override { return 1; }  // batches are read in input order
  bool needs_zeroed_output() const override { return false; }  // every byte is read, or the stream is an error

  void expect_inputs(const std::vector<Call>& calls, const std::vector<uint64_t>& counts) override {
    if (calls.size() != 1) return;  // the command allows exactly one configuration
    config_ = calls[0].config;
    outputs_ = counts[0];
    expected_ = *storage_bytes(config_->to, static_cast<size_t>(outputs_));
  }

  BatchStatus convert(unsigned, const Call&, uint64_t a, uint64_t b, const uint8_t*, uint8_t* out) override {
    if (a != next_input_)
      throw InputError{"the raw output stream is read in input order from 0, but inputs from " + std::to_string(a) +
                           " were asked for",
                       "give --raw-outputs without --range or --shard"};
    const size_t want = *storage_bytes(config_->to, static_cast<size_t>(b - a));
    const size_t got = read_up_to(out, want);
    read_ += got;
    if (got < want)
      throw InputError{"the raw output stream ended after " + std::to_string(read_) + " bytes; " +
                           configuration_text() + " needs " + std::to_string(expected_),
                       "write the outputs of every input (0 .. 2^bits - 1, or a structured set's inputs as "
                       "validate --exhaustive --write-inputs writes them), in input order, in the raw ONNX layout"};
    next_input_ = b;
    return {};
  }

  void finish() override {
    if (!config_) return;
    // Anything after the last output is a fault of the writer: count it (up to a bound, so an
    // endless stream cannot hang the run).
    uint8_t buf[1 << 16];
    uint64_t extra = 0;
    for (size_t got; extra < (uint64_t{64} << 20) && (got = read_up_to(buf, sizeof buf)) > 0;) extra += got;
    if (extra > 0) {
      const bool more = extra >= (uint64_t{64} << 20);
      throw InputError{"the raw output stream goes on past the last output: " + std::string(more ? "more than " : "") +
                           std::to_string(read_ + extra) + " bytes came; " + configuration_text() + " needs " +
                           std::to_string(expected_),
                       "write exactly one output per input (sub-byte types packed, as the ABI says)"};
    }
  }

 private:
  std::string configuration_text() const {
    return std::string(info(config_->from).name) + "->" + std::string(info(config_->to).name) + " (" +
           std::to_string(outputs_) + " outputs)";
  }
  size_t read_up_to(uint8_t* p, size_t n) {
    size_t done = 0;
    while (done < n) {
      const ssize_t r = ::read(fd_, p + done, n - done);
      if (r == 0) break;
      if (r < 0) {
        if (errno == EINTR) continue;
        throw InputError{"cannot read the raw output stream " + path_ + ": " + std::strerror(errno), "check the path"};
      }
      done += static_cast<size_t>(r);
    }
    return done;
  }

  int fd_;
  std::string path_, label_;
  std::optional<Configuration> config_;
  uint64_t outputs_ = 0, expected_ = 0, read_ = 0, next_input_ = 0;
};

}  // namespace

LoadedImplementation open_raw_outputs(const std::string& path, const std::string& label) {
  int fd = 0;
  if (path != "-") {
    fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return "cannot open the raw output file '" + path + "': " + std::strerror(errno);
  }
  return std::unique_ptr<Implementation>(std::make_unique<RawOutputs>(fd, path, label));
}

}  // namespace castlike::harness
