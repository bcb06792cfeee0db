// A consumer's program: parses and prints an exact decimal through the umbrella header.
#include <trncost/trncost.hpp>

int main() { return trncost::decimal::parse("21.5000000000").to_string() == "21.5" ? 0 : 1; }
