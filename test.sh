#!/usr/bin/env bash
# Runs every test of every module (the README's test command). Finds a JDK >= 21 by itself.
# Extra arguments go to Maven, e.g. ./test.sh -pl lucene-semantic-hash -Dtest=TestHammingRadiusQuery
set -euo pipefail
cd "$(dirname "$0")"
. bin/find-jdk.sh
semhash_find_jdk
semhash_set_maven_opts
echo "Using JAVA_HOME=$JAVA_HOME"
exec mvn -B -ntp verify "$@"
