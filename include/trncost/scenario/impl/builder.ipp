// The scenario file's builder: a model from a parsed spec, reading the files it names (price
// files, the price store, Savings Plans, run logs); the component kinds (scenario/kinds/) add
// through it. Part of scenario/impl/scenario.ipp, included after the parser.
#ifndef TRNCOST_SCENARIO_IMPL_BUILDER_IPP
#define TRNCOST_SCENARIO_IMPL_BUILDER_IPP

namespace trncost::scenario::detail {

/// Builds a model from a spec, reading the files it names.
/// Whether a component follows a workload (kinds/follows.ipp): added after the others.
inline bool follows_workload(const scenario_component& c);

class scenario_builder {
 public:
  /// `in_force_on`: the day whose versions of the known prices are in force (a plan's
  /// occurrence); empty: the scenario's as-of date.
  scenario_builder(const scenario_spec& s, const price_store_reader& store,
                   std::optional<date> in_force_on = std::nullopt)
      : s_(s),
        store_(store),
        dir_(std::filesystem::path(s.file).parent_path()),
        book_(s.max_age_days ? pricing::price_book(s.as_of, day_count{*s.max_age_days})
                             : pricing::price_book(s.as_of)) {
    if (in_force_on) book_.set_in_force_on(*in_force_on);
  }

  /// The book the model's prices came from (after build()).
  [[nodiscard]] const pricing::price_book& book() const noexcept { return book_; }

  model build() {
    if (!s_.price_store.empty()) {
      const std::string path =
          existing(s_.price_store, s_.price_store_line, "prices.store", "price store");
      if (!store_) {
        fail_at(s_.price_store_line, "prices.store",
                "names a price store, which this program does not read (build_model(spec, "
                "readers::price_store_offers) reads one; readers/price_store.hpp, SQLite)");
      }
      guarded(s_.price_store_line, "prices.store", [&] {
        for (const auto& o : store_(path, s_.as_of)) book_.add(o, s_.prices_consulted);
      });
    }
    for (std::size_t i = 0; i < s_.price_files.size(); ++i) {
      const auto& f = s_.price_files[i];
      const std::string key = "prices.files[" + std::to_string(i) + "]";
      const std::string path = existing(f.path, f.line, key, "price file");
      pricing::offer_filter filter;
      for (const auto& [name, values] : f.where) filter.where_any(name, values);
      guarded(f.line, key,
              [&] { book_.add(readers::read_offer_file(path, filter), s_.prices_consulted); });
    }
    if (!s_.savings_plans.empty()) {
      // Only the rates of the instance types the scenario names are kept.
      std::vector<std::string> types;
      for (const auto& c : s_.components) {
        if (const auto t = c.text.find("instance_type"); t != c.text.end())
          types.push_back(t->second);
      }
      const auto filter = readers::savings_plan_rates_for(types);
      for (std::size_t i = 0; i < s_.savings_plans.size(); ++i) {
        const auto& f = s_.savings_plans[i];
        const std::string key = "prices.savings_plans[" + std::to_string(i) + "]";
        const std::string path = existing(f.path, f.line, key, "Savings Plans file");
        guarded(f.line, key, [&] {
          if (path.ends_with(".json")) {
            book_.add(readers::read_savings_plans_json_file(path, filter, s_.region),
                      s_.prices_consulted);
          } else if (path.ends_with(".csv")) {
            book_.add(readers::read_savings_plans_csv_file(path, filter), s_.prices_consulted);
          } else {
            fail(readers::input_position::whole(path), "",
                 "is neither a .json nor a .csv Savings Plans file (the reader is chosen by the "
                 "extension)");
          }
        });
      }
    }
    model m;
    m.set_region(s_.region);
    // A component that follows a workload (storage kept for a run, kinds/follows.ipp) comes after
    // the others, so that the workload it names is in the model.
    for (const bool followers : {false, true}) {
      for (std::size_t i = 0; i < s_.components.size(); ++i) {
        const auto& c = s_.components[i];
        if (follows_workload(c) != followers) continue;
        guarded(c.line, c.path + " (" + c.name + ")", [&] { add(m, c, i); });
      }
    }
    for (const auto& n : s_.none) {
      guarded(n.line, "declare_none",
              [&] { m.declare_none(n.cat, declared_none{n.justification}); });
    }
    if (s_.compat) add_compat_evidence(m, *s_.compat);
    for (std::size_t i = 0; i < s_.uncertainties.size(); ++i) {
      const auto& u = s_.uncertainties[i];  // no structured binding: clang 14 cannot capture one
      guarded(u.second, "uncertainty[" + std::to_string(i) + "]",
              [&] { m.add_uncertainty(u.first); });
    }
    return m;
  }

  /// "neuronx_cc 2.21.33363.0, torch 2.8.0".
  static std::string describe_stack(const std::vector<std::pair<std::string, std::string>>& s) {
    std::string out;
    for (const auto& [field, version] : s) out += (out.empty() ? "" : ", ") + field + " " + version;
    return out;
  }

  /// [compat] without `stack`: the stack the run logs state (`stack.<component>` rows), each
  /// component the dataset has a column for (neuronx-cc is its neuronx_cc); every run must state
  /// the same version of a component. Refused at [compat]'s line when there is no run log, when
  /// the runs disagree, or when they state none of the dataset's columns.
  std::vector<std::pair<std::string, std::string>> stack_of_runs(std::uint64_t line) {
    if (s_.run_files.empty()) {
      fail_at(line, "compat.stack",
              "is missing and [runs] names no run log to read it from: write the target stack "
              "(neuronx_cc = \"...\", ...), or give the run logs of the job");
    }
    std::vector<std::pair<std::string, std::string>> stack;
    std::vector<std::string> said_by;
    for (const auto& r : all_runs(line, "[compat] without a stack")) {
      for (const auto& [component, version] : r.software_stack) {
        std::string field = component;
        std::replace(field.begin(), field.end(), '-', '_');
        if (std::find(compat::stack_fields.begin(), compat::stack_fields.end(), field) ==
            compat::stack_fields.end()) {
          continue;  // a component the dataset has no column for
        }
        const auto seen = std::find_if(stack.begin(), stack.end(),
                                       [&](const auto& f) { return f.first == field; });
        if (seen == stack.end()) {
          stack.emplace_back(field, version);
          said_by.push_back(r.id);
        } else if (seen->second != version) {
          fail_at(line, "compat.stack",
                  "is missing and the run logs disagree on it: run " +
                      said_by[static_cast<std::size_t>(seen - stack.begin())] + " used " +
                      component + " " + seen->second + ", run " + r.id + " " + version +
                      "; write the target stack");
        }
      }
    }
    if (stack.empty()) {
      fail_at(line, "compat.stack",
              "is missing and the run logs state no component the dataset compares (their "
              "stack.<component> rows: neuronx-cc, torch-neuronx, torch, ...); write the target "
              "stack");
    }
    return stack;
  }

  /// [compat]: the dataset's answer for the model on the target stack, as a migration uncertainty
  /// (open, for what the evidence leaves to do; resolved, for a pass on the same stack, saying
  /// what it proves and what not), naming the export and the row.
  void add_compat_evidence(model& m, const scenario_compat& c) {
    const std::string path =
        existing(c.model_support, c.line, "compat.model_support", "model-support dataset export");
    const auto stack = c.stack.empty() ? stack_of_runs(c.line) : c.stack;
    const std::string from_runs =
        c.stack.empty() ? "; the target stack is the run logs' (" + describe_stack(stack) + ")"
                        : "";
    guarded(c.line, "compat", [&] {
      const compat::evidence_set set = readers::read_model_support_file(path, c.consulted);
      compat::software_stack target;
      std::string* const fields[] = {
          &target.neuronx_cc,      &target.torch_neuronx, &target.torch,      &target.library,
          &target.library_version, &target.transformers,  &target.accelerate, &target.nki,
          &target.python,          &target.neuron_driver};
      static_assert(std::size(fields) == compat::stack_fields.size());
      for (const auto& [field, version] : stack) {
        for (std::size_t i = 0; i < compat::stack_fields.size(); ++i) {
          if (compat::stack_fields[i] == field) *fields[i] = version;
        }
      }
      const compat::lookup_result r = set.lookup(c.model, target);
      const std::string source = " (model-support dataset export " + c.model_support +
                                 ", consulted " + to_string(c.consulted) + ")" + from_runs;
      if (auto u = compat::uncertainty_from(r, c.owner)) {
        u->subject = "model-support evidence for " + u->subject;
        u->detail += "; it does not prove " + std::string(r.does_not_prove()) + source;
        m.add_uncertainty(std::move(*u));
        return;
      }
      m.add_uncertainty(
          {"model-support evidence for " + r.model_id, migration_uncertainty::kind::other,
           migration_uncertainty::state::resolved, c.owner,
           std::string(to_string(r.outcome)) + " (line " + std::to_string(r.deciding->row.line) +
               "): " + std::string(r.proves()) + "; it does not prove " +
               std::string(r.does_not_prove()) + source});
    });
  }

  // The component kinds (scenario/kinds/) use what follows too.
  using price_per_hour = sourced<quantity<units::usd_per_instance_hour_t>>;
  struct job {
    std::string instance_type;
    sourced<quantity<units::instance_t>> count;
    input_of<quantity<units::usd_per_instance_hour_t>> price;
    sourced<quantity<units::instance_second_t>> exposure;  ///< exact: never rounded to hours
    bool capacity_block = false;  ///< billed as a block: restarts fall inside its reserved time
    /// Bought as spot with the Spot Instance Advisor's data: the rate its bucket gives.
    std::optional<sourced<quantity<units::interruptions_per_instance_hour_t>>> spot_interruptions{};
  };

  const scenario_spec& s_;
  const price_store_reader& store_;
  std::filesystem::path dir_;
  pricing::price_book book_;
  std::optional<std::vector<measure::run_record>> runs_;
  std::map<std::string, job> jobs_;

  [[noreturn]] void fail_at(std::uint64_t line, std::string_view key, std::string_view rule) const {
    readers::fail(readers::input_position::at_line(s_.file, line), key, rule);
  }

  /// Runs `f`; a trncost error it throws is rethrown naming the scenario file, line and key.
  template <class F>
  void guarded(std::uint64_t line, const std::string& key, F&& f) const {
    try {
      f();
    } catch (const trncost::error& e) {
      // Already placed in the scenario (a file it names is missing): as it is.
      if (std::string_view(e.what()).starts_with("trncost: " + s_.file + ":")) throw;
      rethrow(line, key, e);
    }
  }
  /// A parse error stays a parse error, anything else an input error; both placed at `line`, `key`.
  [[noreturn]] void rethrow(std::uint64_t line, const std::string& key,
                            const trncost::error& e) const {
    const std::string bare = trncost::detail::bare_message(e);
    if (dynamic_cast<const parse_error*>(&e) != nullptr) fail_at(line, key, bare);
    throw input_error(readers::input_position::at_line(s_.file, line).to_string() + ": " + key +
                      ": " + bare);
  }

  std::string existing(const std::string& p, std::uint64_t line, const std::string& key,
                       std::string_view what) const {
    const std::filesystem::path full = dir_ / p;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(full, ec)) {
      fail_at(line, key,
              std::string(what) + " \"" + p + "\" does not exist (looked for " + full.string() +
                  ", relative to the scenario file)");
    }
    return full.string();
  }

  std::vector<measure::run_record> read_runs(const std::vector<std::string>& files,
                                             std::uint64_t line, const std::string& key) const {
    std::vector<measure::run_record> all;
    for (std::size_t i = 0; i < files.size(); ++i) {
      const std::string k = key + "[" + std::to_string(i) + "]";
      const std::string path = existing(files[i], line, k, "run log");
      // The same run id in two logs is refused, naming both files and lines.
      readers::append_runs(all, readers::read_run_log(path));
    }
    return all;
  }

  /// [runs] monitor: each capture's summary (readers/neuron_monitor.hpp) becomes a utilisation
  /// sample of the run it names, its method saying which capture; refused, at the capture's
  /// line, for a run [runs] does not hold, an unreadable capture or one of another instance type.
  void monitored(std::vector<measure::run_record>& all) const {
    for (std::size_t i = 0; i < s_.monitors.size(); ++i) {
      const auto& mon = s_.monitors[i];
      const std::string key = "runs.monitor[" + std::to_string(i) + "]";
      const std::string path =
          existing(mon.path, mon.line, key + ".file", "neuron-monitor capture");
      const auto run = std::find_if(all.begin(), all.end(),
                                    [&](const measure::run_record& r) { return r.id == mon.run; });
      if (run == all.end()) {
        std::string ids;
        for (const auto& r : all) ids += (ids.empty() ? "" : ", ") + r.id;
        fail_at(mon.line, key + ".run",
                "\"" + mon.run + "\" is not a run of the run logs (their runs: " + ids + ")");
      }
      readers::neuron_monitor_summary nm;
      guarded(mon.line, key + ".file", [&] { nm = readers::read_neuron_monitor(path); });
      if (!nm.instance_type.empty() && !run->instance_type.empty() &&
          nm.instance_type != run->instance_type) {
        fail_at(mon.line, key,
                "the capture was taken on a " + nm.instance_type + ", run " + run->id +
                    " ran on a " + run->instance_type + ": a capture of another run");
      }
      measure::utilization_sample u = nm.sample();
      u.method += ", capture " + mon.path;
      run->utilization.push_back(std::move(u));
    }
  }

  const std::vector<measure::run_record>& runs(const scenario_component& c) {
    return all_runs(c.line, "a " + c.kind + " component");
  }

  /// The runs of [runs]' logs, read once (with their [runs] monitor captures); `who` reads them.
  const std::vector<measure::run_record>& all_runs(std::uint64_t line, const std::string& who) {
    if (!runs_) {
      if (s_.run_files.empty()) {
        fail_at(line, "runs", who + " reads the run logs, and [runs] names none");
      }
      std::vector<measure::run_record> all;
      for (std::size_t i = 0; i < s_.run_files.size(); ++i) {
        const auto& f = s_.run_files[i];
        readers::append_runs(all, read_runs({f.path}, f.line, "runs.files"));
      }
      monitored(all);
      runs_ = std::move(all);
    }
    return *runs_;
  }

  /// A written value in the unit its key takes; a value written with another unit is refused.
  template <class Unit>
  quantity<Unit> value_in(const scenario_value& v, Unit u) const {
    if (const auto rule = unit_refusal(v, units::symbol<Unit>())) {
      fail_at(v.unit_line, v.key + ".unit", *rule);
    }
    return make(u, v.value);
  }
  money money_in(const scenario_value& v) const {
    if (const auto rule = unit_refusal(v, units::symbol<units::usd_t>())) {
      fail_at(v.unit_line, v.key + ".unit", *rule);
    }
    return trncost::usd(v.value);
  }
  template <class Unit>
  sourced<quantity<Unit>> input(const scenario_component& c, const scenario_value& v,
                                Unit u) const {
    return sourced(c.name + "." + v.key, value_in(v, u), *v.origin);
  }
  template <class Unit>
  sourced<quantity<Unit>> input(const scenario_component& c, std::string_view key, Unit u) const {
    return input(c, c.values.at(std::string(key)), u);
  }
  /// An input that may be written `{ unknown = "why" }`: then unknown, by the same name.
  template <class Unit>
  input_of<quantity<Unit>> maybe(const std::string& name, const scenario_value& v, Unit u) const {
    if (v.unknown) return unknown_input{name, *v.unknown};
    return sourced(name, value_in(v, u), *v.origin);
  }
  template <class Unit>
  input_of<quantity<Unit>> maybe(const scenario_component& c, std::string_view key, Unit u) const {
    const auto& v = c.values.at(std::string(key));
    return maybe(c.name + "." + v.key, v, u);
  }
  const scenario_value* find(const scenario_component& c, std::string_view key) const {
    const auto it = c.values.find(std::string(key));
    return it == c.values.end() ? nullptr : &it->second;
  }

  /// A flat price: the input written, or one tier of the book's.
  template <class Usage, class Rate>
  tier_table<Usage, Rate> as_table(std::string name,
                                   const std::vector<pricing::quoted_tier<Usage, Rate>>& q) const {
    std::vector<price_tier<Usage, Rate>> tiers;
    for (const auto& t : q) tiers.push_back({t.price, t.begin, t.end});
    return tier_table<Usage, Rate>(std::move(name), std::move(tiers));
  }
  template <class Usage, class Rate>
  tier_table<Usage, Rate> flat_table(sourced<quantity<Rate>> p) const {
    std::string name = p.name();
    return tier_table<Usage, Rate>(std::move(name),
                                   {{std::move(p), make(Usage{}, 0), std::nullopt}});
  }

  /// The instance price: the input written, else the book's on-demand price.
  /// A workload's instance price: written (with its provenance, or `{ unknown = "why" }`: the
  /// lines it prices are then unpriced, never refused), else the book's on-demand price.
  input_of<quantity<units::usd_per_instance_hour_t>> instance_price(const scenario_component& c,
                                                                    const std::string& type) const {
    const scenario_value* p = find(c, "price");
    if (p != nullptr && (p->origin || p->unknown))
      return maybe(c, "price", units::usd_per_instance_hour);
    return pricing::ec2_on_demand(book_, s_.region, type, c.name + ".price");
  }
  /// A time written as `<base>_seconds` or `<base>_hours`, in seconds (hours converted exactly).
  std::optional<sourced<quantity<units::second_t>>> time(const scenario_component& c,
                                                         const std::string& base) const {
    if (find(c, base + "_seconds") != nullptr) return input(c, base + "_seconds", units::second);
    if (find(c, base + "_hours") != nullptr) {
      return convert<units::second_t>(c.name + "." + base + "_seconds",
                                      input(c, base + "_hours", units::hour));
    }
    return std::nullopt;
  }

  /// Tiers of a provisioned quantity: what `included` says is included at no charge (a zero price
  /// with that input's own provenance: documented, it states why the price is zero), then `price`.
  template <class Usage, class Rate>
  tier_table<Usage, Rate> above_included(const scenario_component& c, std::string_view included,
                                         input_of<quantity<Rate>> price) const {
    std::vector<price_tier<Usage, Rate>> tiers;
    quantity<Usage> from = make(Usage{}, 0);
    if (const scenario_value* inc = find(c, included)) {
      from = value_in(*inc, Usage{});
      tiers.push_back(
          {sourced(c.name + "." + std::string(included) + "_price", make(Rate{}, 0), *inc->origin),
           make(Usage{}, 0), from});
    }
    tiers.push_back({std::move(price), from, std::nullopt});
    return tier_table<Usage, Rate>(c.name + "." + std::string(included) + "_tiers",
                                   std::move(tiers));
  }

  /// The runs a component's measurements come from, archived in the model (and so in the report).
  static void archive(model& m, const std::vector<measure::run_record>& logged) {
    for (const auto& r : logged) m.archive_run(measure::protocol_of(r));
  }

  /// Adds a component through its kind (scenario/kinds/).
  void add(model& m, const scenario_component& c, std::size_t index);
};

}  // namespace trncost::scenario::detail

#endif  // TRNCOST_SCENARIO_IMPL_BUILDER_IPP
