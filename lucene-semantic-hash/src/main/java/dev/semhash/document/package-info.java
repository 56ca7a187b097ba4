/**
 * Fields that index semantic hash codes: {@link dev.semhash.document.BinaryCodeField} stores a
 * fixed-width code as binary doc values and declares its length, and {@link
 * dev.semhash.document.CodeFieldSchema} keeps each field to one code length while documents are
 * built, which the {@code IndexWriter} cannot check by itself.
 */
package dev.semhash.document;
