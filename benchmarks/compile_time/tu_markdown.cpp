// Compile-time probe: an estimate-only report, the Markdown report (report/markdown.hpp): a model
// of one priced line, evaluated and rendered, as a host printing a simple estimate would write it
// (at most 2x tu_anchor.cpp). Compared with tu_anchor.cpp by measure.sh.
#include <string>
#include <trncost/model.hpp>
#include <trncost/report/markdown.hpp>

namespace tc = trncost;

std::string training_report() {
  tc::quoted q;
  q.source = "https://aws.amazon.com/ec2/pricing/on-demand/";
  q.region = "us-east-1";
  q.consulted = tc::parse_date("2026-11-30");
  tc::model m;
  const auto price = m.input(
      tc::sourced("trn1_price", tc::make<tc::units::usd_per_instance_hour_t>("21.5000000000"), q));
  const auto usage = m.input(
      tc::sourced("training_time", tc::make(tc::units::instance, 4) * tc::seconds(5399),
                  tc::provenance{tc::measured{"run-42", "wall clock of the job",
                                              tc::parse_timestamp("2026-11-29T08:00:00Z"),
                                              tc::parse_timestamp("2026-11-29T09:29:59Z")}}));
  m.add_line(tc::category::compute, "job", {tc::phase::training, "training"}, price, usage);
  const auto est = m.evaluate(tc::parse_date("2026-11-30"));
  return tc::report::render_markdown(est);
}
