/*
 * model.h - libmtmodel, a C++ library standing in for the user's model
 * code (the "model" class of maxtriage's rules): namespaces, templates,
 * and calls down into libmtkernels.
 */
#ifndef MTMODEL_H
#define MTMODEL_H

namespace mtmodel
{

/* Run one crash scenario by name (segv, trap, fpe, assert, exception,
 * thread: see docs/testdata.md); returns 0 only if
 * the scenario unexpectedly survives, 2 for an unknown name. */
int run_scenario(const char *mode);

} // namespace mtmodel

#endif
