// Official prices: the price-unit table, offers and their filters, the price book and its queries.
// Readers for AWS Price List offer files are in trncost/readers/price_list.hpp.
#ifndef TRNCOST_PRICES_HPP
#define TRNCOST_PRICES_HPP

#include "prices/offer.hpp"
#include "prices/price_book.hpp"
#include "prices/queries.hpp"
#include "prices/regions.hpp"
#include "prices/unit_table.hpp"

#endif  // TRNCOST_PRICES_HPP
