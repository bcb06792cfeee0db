// Which AWS service bills an estimate's line: its identity's service (the table of services is in
// identity.hpp), used by the credits (a grant covers services) and the FOCUS writer (ServiceName).
#ifndef TRNCOST_MODEL_AWS_SERVICE_HPP
#define TRNCOST_MODEL_AWS_SERVICE_HPP

#include <array>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <variant>

#include "../config.hpp"
#include "estimate.hpp"
#include "identity.hpp"

namespace trncost {

/// The offer code a quote names (its own field; never read from its source's wording). Empty if
/// none.
TRNCOST_DECL std::string offer_code_of(const quoted& q);

/// The service that bills a line: its identity's (model/identity.hpp), which the component that
/// made the line gave it from its own structure, whatever page its price was read from. Empty,
/// meaning unknown, for a line no AWS service bills (a user's component that names none).
[[nodiscard]] TRNCOST_DECL std::optional<std::string> service_of(const line_item& l);

}  // namespace trncost

#if !defined(TRNCOST_SEPARATE_COMPILATION)
#include "impl/aws_service.ipp"
#endif

#endif  // TRNCOST_MODEL_AWS_SERVICE_HPP
