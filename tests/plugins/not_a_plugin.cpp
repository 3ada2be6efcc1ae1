// A shared library without perturb's entry points: perturb must refuse it (exit 2).
extern "C" int not_a_perturb_plugin() { return 0; }
