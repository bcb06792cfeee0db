// The protocol of a run as its log states it (what ran, on what software): a model archives it
// (model::archive_run), its estimates and reports carry it. Standard library only, so the run
// records of measure/ can produce it without the model.
#ifndef TRNCOST_MODEL_RUN_PROTOCOL_HPP
#define TRNCOST_MODEL_RUN_PROTOCOL_HPP

#include <string>
#include <utility>
#include <vector>

namespace trncost {

/// The protocol of a run whose measurements a model uses, as its run log states it: archived in the
/// estimate and its report so that a reader knows what ran (measure::protocol_of reads it from a
/// run record). Text only: nothing here is a cost or a duration.
struct run_protocol {
  std::string run_id{};
  std::string model{};         ///< the model trained ("meta-llama/Llama-3.1-8B"); empty: not given
  std::string code_version{};  ///< "git:4f2a9c1"; empty: not given
  std::string dataset_id{};    ///< empty: not given
  std::vector<std::pair<std::string, std::string>> parameters{};      ///< name, value, in order
  std::vector<std::pair<std::string, std::string>> software_stack{};  ///< component, version
  std::string instance_type{};  ///< what the run ran on ("trn1.32xlarge"); empty: not given
  std::string region{};         ///< where ("us-east-1"); empty: not given

  friend bool operator==(const run_protocol&, const run_protocol&) = default;
};

}  // namespace trncost

#endif  // TRNCOST_MODEL_RUN_PROTOCOL_HPP
