// Official prices: the price-unit table, offers and their filters, the price book and its queries.
// Readers for AWS Price List offer files are in trncost/readers/price_list.hpp.
#ifndef TRNCOST_PRICING_HPP
#define TRNCOST_PRICING_HPP

#include "pricing/offer.hpp"
#include "pricing/price_book.hpp"
#include "pricing/queries.hpp"
#include "pricing/regions.hpp"
#include "pricing/unit_table.hpp"

#endif  // TRNCOST_PRICING_HPP
