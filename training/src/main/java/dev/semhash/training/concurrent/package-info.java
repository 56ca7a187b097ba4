/**
 * Small helpers for running training and evaluation work on every core: chunked loops over rows
 * with progress, and independent tasks, both rethrowing the first failure.
 */
package dev.semhash.training.concurrent;
