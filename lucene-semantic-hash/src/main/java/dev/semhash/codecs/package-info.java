/**
 * Codecs that store semantic hash codes: {@link dev.semhash.codecs.SemhashCodec} routes chosen
 * doc-values fields of Lucene's default codec to the codes format of the versioned sub-package
 * {@code semhash10}, whose producer exposes the codes as {@link dev.semhash.index.HammingCodes}.
 */
package dev.semhash.codecs;
