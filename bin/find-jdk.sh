# Sourced by ./semhash and ./test.sh: exports JAVA_HOME pointing at a JDK >= 21.
# Order: $JAVA_HOME if new enough, then `java` on the PATH, then every JDK under /usr/lib/jvm,
# /usr/local/*jdk*, ~/.sdkman and /opt (newest first). Fails with a message saying what to install.
semhash_java_feature() { # prints the feature version (17, 21, 25, ...) of the java binary $1
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9.]*\).*/\1/p' | head -n 1 | sed 's/^1\.//; s/\..*//'
}
# Maven's own dependencies (Guava) and ND4J's JavaCPP trip JDK 24+'s sun.misc.Unsafe warnings;
# allow quietly there (JDK 21 to 23 do not know the option). Sets semhash_unsafe_opts for ./semhash.
semhash_set_maven_opts() {
  semhash_unsafe_opts=""
  local v; v=$(semhash_java_feature "$JAVA_HOME/bin/java")
  if [ -n "$v" ] && [ "$v" -ge 24 ]; then semhash_unsafe_opts="--sun-misc-unsafe-memory-access=allow"; fi
  export MAVEN_OPTS="${MAVEN_OPTS:-} $semhash_unsafe_opts"
}
semhash_find_jdk() {
  local candidate v
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ]; then
    v=$(semhash_java_feature "$JAVA_HOME/bin/java"); [ -n "$v" ] && [ "$v" -ge 21 ] && return 0
  fi
  if command -v javac >/dev/null 2>&1; then
    candidate=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
    v=$(semhash_java_feature "$candidate/bin/java"); if [ -n "$v" ] && [ "$v" -ge 21 ]; then export JAVA_HOME=$candidate; return 0; fi
  fi
  for candidate in $(ls -d /usr/lib/jvm/* /usr/local/*jdk* "$HOME"/.sdkman/candidates/java/* /opt/*jdk* /opt/java/* 2>/dev/null | sort -rV); do
    [ -x "$candidate/bin/javac" ] || continue
    v=$(semhash_java_feature "$candidate/bin/java")
    if [ -n "$v" ] && [ "$v" -ge 21 ]; then export JAVA_HOME=$candidate; return 0; fi
  done
  echo "error: semhash needs a JDK 21 or newer (Lucene 10 requires it), and none was found." >&2
  echo "       Looked at \$JAVA_HOME, the javac on PATH and /usr/lib/jvm. Install one (e.g. 'apt-get install openjdk-21-jdk')" >&2
  echo "       or point JAVA_HOME at it, then run this command again." >&2
  return 1
}
