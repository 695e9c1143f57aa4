// The sweep as a pipeline over blocks of `--block` inputs. Workers take, first, blocks waiting for
// comparison (stage 3), else the next block's reference (stage 1). The main thread, in block order,
// runs the kernels of each finished block on every level (stage 2: castlike_force_isa is
// process-wide, so only this thread calls the library) and feeds the digests, then, also in order,
// adds up compared blocks and prints their failures. At most `window` blocks are in flight.
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "sweep.hpp"

namespace castlike::sweep {
namespace {

using Clock = std::chrono::steady_clock;

class Pipeline {
 public:
  Pipeline(const Options& o, const Shard& shard, const std::vector<std::string>& level_names)
      : o_(o), shard_(shard), level_names_(level_names), window_(2 * static_cast<size_t>(o.threads) + 2) {}

  // A worker thread: stages 1 and 3 until the main thread stops the pipeline.
  void work() {
    double reference_cpu = 0, compare_cpu = 0;
    std::unique_lock<std::mutex> lock(mu_);
    for (;;) {
      cv_.wait(lock, [&] {
        return stop_ || !to_compare_.empty() || (next_reference_ < shard_.blocks && next_reference_ < next_flush_ + window_);
      });
      if (stop_) break;
      try {
        const double t0 = thread_cpu_seconds();
        if (!to_compare_.empty()) {
          Block* b = blocks_.at(to_compare_.front()).get();
          to_compare_.pop_front();
          lock.unlock();
          compare_block(*b);
          compare_cpu += thread_cpu_seconds() - t0;
          lock.lock();
          b->state = Block::State::kCompared;
        } else {
          const size_t k = next_reference_++;
          lock.unlock();
          std::unique_ptr<Block> b = reference_block(k);
          reference_cpu += thread_cpu_seconds() - t0;
          lock.lock();
          blocks_.emplace(k, std::move(b));
        }
      } catch (const std::exception& e) {
        if (!lock.owns_lock()) lock.lock();
        error_ = std::string("worker: ") + e.what();
        stop_ = true;
      }
      cv_.notify_all();
    }
    timing_.reference += reference_cpu;
    timing_.comparison += compare_cpu;
  }

  // The main thread: stage 2 and the in-order flush, until every block is added up (or an error).
  void drive(Totals& totals, Digests& digests, Clock::time_point start) {
    auto last_progress = start;
    std::unique_lock<std::mutex> lock(mu_);
    while (next_flush_ < shard_.blocks) {
      cv_.wait(lock, [&] { return stop_ || flushable() || convertible(); });
      if (stop_) break;
      if (flushable()) {
        const auto f = blocks_.find(next_flush_);
        const std::unique_ptr<Block> b = std::move(f->second);
        blocks_.erase(f);
        ++next_flush_;
        lock.unlock();
        cv_.notify_all();
        add_block(o_, *b, totals);
        const auto now = Clock::now();
        if (o_.progress_seconds > 0 && std::chrono::duration<double>(now - last_progress).count() >= o_.progress_seconds) {
          last_progress = now;
          print_progress(totals, std::chrono::duration<double>(now - start).count());
        }
        lock.lock();
        continue;
      }
      Block* b = blocks_.at(next_convert_).get();
      lock.unlock();
      const double t0 = thread_cpu_seconds();
      const std::string api_error = convert_block(o_, level_names_, *b, digests);
      timing_.kernels += thread_cpu_seconds() - t0;
      lock.lock();
      if (!api_error.empty()) {
        error_ = api_error;
        break;
      }
      b->state = Block::State::kConverted;
      to_compare_.push_back(next_convert_++);
      cv_.notify_all();
    }
    stop_ = true;
    lock.unlock();
    cv_.notify_all();
  }

  const std::string& error() const { return error_; }
  const Timing& timing() const { return timing_; }  // the stages' CPU seconds

 private:
  bool flushable() const {
    const auto f = blocks_.find(next_flush_);
    return f != blocks_.end() && f->second->state == Block::State::kCompared;
  }
  bool convertible() const {
    const auto c = blocks_.find(next_convert_);
    return c != blocks_.end() && c->second->state == Block::State::kReference;
  }

  std::unique_ptr<Block> reference_block(size_t k) const {
    auto b = std::make_unique<Block>();
    b->first = shard_.begin + static_cast<uint64_t>(k) * o_.block;
    b->n = static_cast<size_t>(std::min<uint64_t>(o_.block, shard_.end - b->first));
    compute_reference(o_.configs, *b);
    return b;
  }

  void compare_block(Block& b) const {
    b.counts.assign(o_.configs.size(), {});
    for (size_t c = 0; c < o_.configs.size(); ++c)
      compare_config(o_.configs[c], level_names_, b, c, b.counts[c], b.samples, o_.max_print, &b.sampled_total);
    b.out.clear();
    b.out.shrink_to_fit();
  }

  void print_progress(const Totals& totals, double elapsed) const {
    const double done = static_cast<double>(next_flush_) / static_cast<double>(shard_.blocks);
    std::fprintf(stderr, "sweep-float32: %5.1f%% (%zu/%zu blocks), %llu mismatches, %.0f s elapsed, ~%.0f s left\n",
                 100 * done, next_flush_, shard_.blocks, static_cast<unsigned long long>(totals.mismatches), elapsed,
                 elapsed / done - elapsed);
  }

  const Options& o_;
  const Shard& shard_;
  const std::vector<std::string>& level_names_;
  const size_t window_;
  std::mutex mu_;
  std::condition_variable cv_;
  std::map<size_t, std::unique_ptr<Block>> blocks_;  // in flight
  std::deque<size_t> to_compare_;
  size_t next_reference_ = 0, next_convert_ = 0, next_flush_ = 0;
  bool stop_ = false;
  std::string error_;
  Timing timing_;
};

}  // namespace

int run(const Options& o) {
  const Shard shard = shard_of(o);
  const size_t nc = o.configs.size(), nl = o.isas.size();
  std::vector<std::string> level_names;
  for (castlike_isa i : o.isas) level_names.push_back(castlike_isa_name(i));
  print_header(o, shard, level_names);

  Totals totals;
  totals.counts.assign(nc, {});
  Digests digests{std::vector<harness::Sha256>(nc),
                  std::vector<std::vector<harness::Sha256>>(nc, std::vector<harness::Sha256>(nl))};
  Pipeline pipeline(o, shard, level_names);
  const auto wall0 = Clock::now();
  const double cpu0 = process_cpu_seconds();
  const castlike_isa saved_isa = castlike_active_isa();
  std::vector<std::thread> threads;
  for (unsigned t = 0; t < o.threads; ++t) threads.emplace_back([&] { pipeline.work(); });
  pipeline.drive(totals, digests, wall0);
  for (auto& t : threads) t.join();
  castlike_force_isa(saved_isa);
  if (!pipeline.error().empty()) {
    std::fprintf(stderr, "sweep-float32: error: %s\n", pipeline.error().c_str());
    return 3;
  }
  Timing timing = pipeline.timing();
  timing.wall = std::chrono::duration<double>(Clock::now() - wall0).count();
  timing.cpu = process_cpu_seconds() - cpu0;
  return print_summary(o, shard, level_names, totals, digests, timing);
}

}  // namespace castlike::sweep
