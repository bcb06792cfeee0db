// The six categories of the cost formula and the phases of a job's instance time.
#ifndef TRNCOST_MODEL_CATEGORY_HPP
#define TRNCOST_MODEL_CATEGORY_HPP

#include <array>
#include <string_view>

namespace trncost {

/// The terms of the formula: instances over billed time + storage + transfers + logs + data
/// preparation + failures and restarts. Every estimate must account for each one.
enum class category { compute, storage, transfer, logs, data_preparation, failures_restarts };

inline constexpr std::array<category, 6> all_categories{
    category::compute, category::storage,          category::transfer,
    category::logs,    category::data_preparation, category::failures_restarts};

constexpr std::string_view to_string(category c) noexcept {
  switch (c) {
    case category::compute:
      return "compute";
    case category::storage:
      return "storage";
    case category::transfer:
      return "transfer";
    case category::logs:
      return "logs";
    case category::data_preparation:
      return "data preparation";
    case category::failures_restarts:
      return "failures and restarts";
  }
  return "unknown";
}

/// What billed instance time was spent on: the activity of a workload (training, serving, a sweep's
/// trials, batch inference) or an overhead around it. Useful work is the activity itself plus
/// evaluation and checkpointing; the rest is overhead a budget must still pay for.
enum class phase {
  setup,
  compilation,
  warm_up,  ///< the first steps after the graphs load, slower than steady training (no progress
            ///< counted)
  training,
  evaluation,
  checkpointing,
  waiting,
  failed_work,
  restarts,
  serving,          ///< instances busy serving the demand (always-on or autoscaled serving)
  idle_capacity,    ///< serving instances billed but not needed by the average demand (headroom)
  trials,           ///< the trials of a hyperparameter or evaluation sweep
  batch_inference,  ///< instances processing an offline batch of tokens or requests
  scale_up,         ///< start-up time of instances an autoscaler adds, billed before they serve
};

inline constexpr std::array<phase, 14> all_phases{
    phase::setup,           phase::compilation,   phase::warm_up,       phase::training,
    phase::evaluation,      phase::checkpointing, phase::waiting,       phase::failed_work,
    phase::restarts,        phase::serving,       phase::idle_capacity, phase::trials,
    phase::batch_inference, phase::scale_up};

constexpr std::string_view to_string(phase p) noexcept {
  switch (p) {
    case phase::setup:
      return "setup";
    case phase::compilation:
      return "compilation";
    case phase::warm_up:
      return "warm-up";
    case phase::training:
      return "training";
    case phase::evaluation:
      return "evaluation";
    case phase::checkpointing:
      return "checkpointing";
    case phase::waiting:
      return "waiting";
    case phase::failed_work:
      return "failed work";
    case phase::restarts:
      return "restarts";
    case phase::serving:
      return "serving";
    case phase::idle_capacity:
      return "idle capacity";
    case phase::trials:
      return "trials";
    case phase::batch_inference:
      return "batch inference";
    case phase::scale_up:
      return "scale-up start-up";
  }
  return "unknown";
}

/// Setup, compilation, warm-up, waiting, failed work, restarts, idle serving capacity and an
/// autoscaler's start-up time: paid for, but not progress.
constexpr bool is_overhead(phase p) noexcept {
  return p == phase::setup || p == phase::compilation || p == phase::warm_up ||
         p == phase::waiting || p == phase::failed_work || p == phase::restarts ||
         p == phase::idle_capacity || p == phase::scale_up;
}

}  // namespace trncost

#endif  // TRNCOST_MODEL_CATEGORY_HPP
