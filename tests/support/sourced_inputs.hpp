// Provenances the tests price and time their jobs with: the trn1.32xlarge on-demand row of the
// us-east-1 AmazonEC2 offer file, a quote that only names its offer file, and the measured run the
// model and report tests take their times from. Provenance only, so any test unit may include it.
#ifndef TRNCOST_TESTS_SUPPORT_SOURCED_INPUTS_HPP
#define TRNCOST_TESTS_SUPPORT_SOURCED_INPUTS_HPP

#include <optional>
#include <string>
#include <trncost/provenance.hpp>
#include <utility>

namespace trncost_support {

/// The trn1.32xlarge on-demand row of the AmazonEC2 offer file for us-east-1 (version
/// 20260910195514, published 2026-09-10), read on `consulted`. Its rate code is
/// SKU.OfferTermCode.RateCode, as the offer file writes it.
inline trncost::quoted trn1_offer_quote(trncost::date consulted) {
  const std::string sku = "WVVQPJVCQU4SR8XF";
  const std::string on_demand_term = "JRTCKXETXF";
  return trncost::quoted{.source = "AmazonEC2 offer file, us-east-1",
                         .offer_code = "AmazonEC2",
                         .offer_version = "20260910195514",
                         .published = trncost::parse_date("2026-09-10"),
                         .sku = sku,
                         .offer_term_code = on_demand_term,
                         .rate_code = sku + "." + on_demand_term + ".6YS6EN2CT7",
                         .region = "us-east-1",
                         .consulted = consulted};
}

/// An on-demand quote from `source` where only the offer file (`offer_code`, the AWS service that
/// bills it) matters: version 20261101000000 of a us-east-1 file, with placeholder SKU, term and
/// rate codes.
inline trncost::quoted offer_file_quote(std::string source, std::string offer_code,
                                        trncost::date consulted) {
  return trncost::quoted{std::move(source),
                         std::move(offer_code),
                         "20261101000000",
                         std::nullopt,
                         "SKU",
                         "TERM",
                         "SKU.TERM.RATE",
                         "us-east-1",
                         trncost::purchase_option::on_demand,
                         consulted};
}

/// Run 1: two hours of phase timestamps from its run log, 2026-11-20 10:00 to 12:00 UTC.
inline trncost::measured run1() {
  return trncost::measured{"run-1", "phase timestamps from the run log",
                           trncost::parse_timestamp("2026-11-20T10:00:00Z"),
                           trncost::parse_timestamp("2026-11-20T12:00:00Z")};
}

}  // namespace trncost_support

#endif  // TRNCOST_TESTS_SUPPORT_SOURCED_INPUTS_HPP
