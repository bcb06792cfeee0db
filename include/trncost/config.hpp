// How trncost's non-template functions are compiled: in every translation unit that uses them (the
// default, header-only), or once, in the one unit of the host that includes <trncost/src.hpp>
// (TRNCOST_SEPARATE_COMPILATION, README.md, "Separate compilation").
#ifndef TRNCOST_CONFIG_HPP
#define TRNCOST_CONFIG_HPP

/// Defined by the host for every translation unit of a program (never for some only: a function
/// would then be inline in one unit and not in another). The headers then declare the functions
/// marked TRNCOST_DECL without their bodies, which <trncost/src.hpp> compiles once; a unit that
/// uses the scenario file or a report then neither parses nor compiles toml++ or the writers.
#if defined(TRNCOST_SEPARATE_COMPILATION)
#define TRNCOST_DECL
#else
/// What a non-template function of trncost is declared with: `inline` in a header-only build.
#define TRNCOST_DECL inline
#endif

#endif  // TRNCOST_CONFIG_HPP
