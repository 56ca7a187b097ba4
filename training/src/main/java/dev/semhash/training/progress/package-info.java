/**
 * Progress reporting for long work. Library code takes a {@link
 * dev.semhash.training.progress.ProgressReporter} and reports steps; the command-line tool supplies
 * one that draws a terminal progress bar with rate and time left, tests supply {@link
 * dev.semhash.training.progress.ProgressReporter#NONE}.
 */
package dev.semhash.training.progress;
