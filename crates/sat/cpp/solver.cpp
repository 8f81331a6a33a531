// A C interface to one CaDiCaL solver, for `src/ccadical.rs`: what CaDiCaL's own `ccadical.h`
// offers that the backend uses, plus the IPASIR-UP external propagator, which `ccadical.h`
// lacks (CaDiCaL 3.0.1). The propagator's callbacks are C function pointers with a state
// pointer, so the Rust side never sees a C++ object. CaDiCaL reports misuse by aborting and
// these functions throw nothing; the callbacks are `extern "C"` Rust functions, which abort
// rather than unwind on a panic.

#include "cadical.hpp"

#include <cstddef>
#include <vector>

extern "C" {

// The propagator's callbacks, mirrored by `Callbacks` in `ccadical.rs`.
struct wp_callbacks {
  void *state;
  void (*assigned) (void *state, const int *lits, size_t count);
  void (*new_level) (void *state);
  void (*backtrack) (void *state, size_t level);
  // Nonzero: the model (every observed variable's literal) is accepted.
  int (*check_model) (void *state, const int *lits, size_t count);
  // Nonzero: a clause is ready; `*forgettable` says whether CaDiCaL may delete it later.
  int (*has_clause) (void *state, int *forgettable);
  // The ready clause's next literal, 0 after its last.
  int (*clause_lit) (void *state);
};

} // extern "C"

namespace {

class Forward : public CaDiCaL::ExternalPropagator {
public:
  explicit Forward (const wp_callbacks &callbacks) : cb (callbacks) {}

  void notify_assignment (const std::vector<int> &lits) override {
    cb.assigned (cb.state, lits.data (), lits.size ());
  }
  void notify_new_decision_level () override { cb.new_level (cb.state); }
  void notify_backtrack (size_t level) override {
    cb.backtrack (cb.state, level);
  }
  bool cb_check_found_model (const std::vector<int> &model) override {
    return cb.check_model (cb.state, model.data (), model.size ()) != 0;
  }
  bool cb_has_external_clause (bool &forgettable) override {
    int f = 0;
    bool ready = cb.has_clause (cb.state, &f) != 0;
    forgettable = f != 0;
    return ready;
  }
  int cb_add_external_clause_lit () override {
    return cb.clause_lit (cb.state);
  }

private:
  wp_callbacks cb;
};

class Stop : public CaDiCaL::Terminator {
public:
  void *state = nullptr;
  int (*ask) (void *) = nullptr;
  bool terminate () override { return ask && ask (state); }
};

} // namespace

struct wp_solver {
  CaDiCaL::Solver solver;
  Stop stop;
  Forward *propagator = nullptr;
};

extern "C" {

wp_solver *wp_init (void) { return new wp_solver (); }

void wp_release (wp_solver *s) {
  // Both callbacks are cut before the solver goes: it asks neither while destroyed.
  s->solver.disconnect_terminator ();
  if (s->propagator) {
    s->solver.disconnect_external_propagator ();
    delete s->propagator;
  }
  delete s;
}

void wp_add (wp_solver *s, int lit) { s->solver.add (lit); }
void wp_assume (wp_solver *s, int lit) { s->solver.assume (lit); }
int wp_solve (wp_solver *s) { return s->solver.solve (); }
int wp_val (wp_solver *s, int lit) { return s->solver.val (lit); }
int wp_failed (wp_solver *s, int lit) { return s->solver.failed (lit); }
void wp_phase (wp_solver *s, int lit) { s->solver.phase (lit); }
int wp_vars (wp_solver *s) { return s->solver.vars (); }

void wp_declare_more_variables (wp_solver *s, int number) {
  s->solver.declare_more_variables (number);
}

// Zero when CaDiCaL does not know the option.
int wp_set_option (wp_solver *s, const char *name, int val) {
  return s->solver.set (name, val);
}
int wp_get_option (wp_solver *s, const char *name) {
  return s->solver.get (name);
}
void wp_limit (wp_solver *s, const char *name, int val) {
  s->solver.limit (name, val);
}

void wp_set_terminate (wp_solver *s, void *state, int (*ask) (void *)) {
  s->stop.state = state;
  s->stop.ask = ask;
  if (ask)
    s->solver.connect_terminator (&s->stop);
  else
    s->solver.disconnect_terminator ();
}

// Connects a propagator (replacing any earlier one, whose observed variables are then
// forgotten); `wp_observe` names the variables it sees.
void wp_connect_propagator (wp_solver *s, const wp_callbacks *callbacks) {
  if (s->propagator) {
    s->solver.disconnect_external_propagator ();
    delete s->propagator;
  }
  s->propagator = new Forward (*callbacks);
  s->solver.connect_external_propagator (s->propagator);
}

void wp_observe (wp_solver *s, int var) { s->solver.add_observed_var (var); }

// Keeps the variable out of elimination and substitution (so it stays clean for observing).
void wp_freeze (wp_solver *s, int var) { s->solver.freeze (var); }

} // extern "C"
