"""Benchmarks: run as scripts (`make bench`); each prints its figures."""
