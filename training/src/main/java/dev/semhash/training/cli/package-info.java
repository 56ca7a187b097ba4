/**
 * The {@code semhash} command-line tool: one picocli subcommand per job (demo, training,
 * evaluation, encoding, search, benchmarks). Commands parse options, wire library classes together,
 * draw progress bars and print or write results as JSON; the work itself lives in the library
 * packages.
 */
package dev.semhash.training.cli;
