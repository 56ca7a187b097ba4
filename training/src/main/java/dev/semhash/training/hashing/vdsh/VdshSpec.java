package dev.semhash.training.hashing.vdsh;

import dev.semhash.training.corpus.SparseMatrix;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What {@link VdshTrainer} trains: a VDSH variant plus optional extras that methods built on VDSH
 * add (NbrReg, NbrReg+Doc, node2hash): other word-decoder targets, auxiliary {@link BagDecoder}s,
 * a {@link NeighbourEncoder}, and provenance entries for the model file.
 *
 * <pre class="prettyprint">
 * VdshSpec spec =
 *     VdshSpec.builder("nbrreg")
 *         .variant(VdshVariant.VDSH)
 *         .wordTargets(uniqueWords)
 *         .decoder(new BagDecoder("neighbourhood", neighbourhoodWords, 1.0))
 *         .info("neighbours", "bm25, k=20")
 *         .build();
 * HashModel model = VdshTrainer.train(corpus, spec, 32, VdshSettings.DEFAULT, 42L, progress);
 * </pre>
 */
public final class VdshSpec {
  private final String method;
  private final VdshVariant variant;
  private final SparseMatrix wordTargets;
  private final List<BagDecoder> decoders;
  private final NeighbourEncoder neighbourEncoder;
  private final Map<String, String> info;

  private VdshSpec(Builder b) {
    this.method = b.method;
    this.variant = b.variant;
    this.wordTargets = b.wordTargets;
    this.decoders = List.copyOf(b.decoders);
    this.neighbourEncoder = b.neighbourEncoder;
    this.info = Collections.unmodifiableMap(new LinkedHashMap<>(b.info));
  }

  /** The plain variant, under its own name. */
  public static VdshSpec of(VdshVariant variant) {
    return builder(variant.cliName()).variant(variant).build();
  }

  /** Starts a spec for the method stored in the model file as {@code method}. */
  public static Builder builder(String method) {
    return new Builder(method);
  }

  /** The method name in the model file. */
  public String method() {
    return method;
  }

  public VdshVariant variant() {
    return variant;
  }

  /** The word decoder's targets, or {@code null} for the documents' raw term counts. */
  public SparseMatrix wordTargets() {
    return wordTargets;
  }

  public List<BagDecoder> decoders() {
    return decoders;
  }

  /** The neighbour branch of the encoder, or {@code null}. */
  public NeighbourEncoder neighbourEncoder() {
    return neighbourEncoder;
  }

  /** Extra provenance entries for the model file. */
  public Map<String, String> info() {
    return info;
  }

  /** Builds a {@link VdshSpec}; {@link VdshVariant#VDSH} unless told otherwise. */
  public static final class Builder {
    private final String method;
    private VdshVariant variant = VdshVariant.VDSH;
    private SparseMatrix wordTargets;
    private final List<BagDecoder> decoders = new ArrayList<>();
    private NeighbourEncoder neighbourEncoder;
    private final Map<String, String> info = new LinkedHashMap<>();

    private Builder(String method) {
      if (method == null || method.isBlank()) {
        throw new IllegalArgumentException("a method name is required");
      }
      this.method = method;
    }

    public Builder variant(VdshVariant variant) {
      if (variant == null) {
        throw new IllegalArgumentException("variant is required");
      }
      this.variant = variant;
      return this;
    }

    /**
     * Targets of the word decoder, one row per training document over the vocabulary (for
     * instance each unique word once, as NbrReg's eq. 4.2), instead of the raw term counts.
     */
    public Builder wordTargets(SparseMatrix wordTargets) {
      this.wordTargets = wordTargets;
      return this;
    }

    /** Adds an auxiliary decoder; names must differ. */
    public Builder decoder(BagDecoder decoder) {
      if (decoder == null) {
        throw new IllegalArgumentException("decoder is required");
      }
      for (BagDecoder d : decoders) {
        if (d.name().equals(decoder.name())) {
          throw new IllegalArgumentException("two decoders are named '" + decoder.name() + "'");
        }
      }
      decoders.add(decoder);
      return this;
    }

    public Builder neighbourEncoder(NeighbourEncoder neighbourEncoder) {
      this.neighbourEncoder = neighbourEncoder;
      return this;
    }

    /** Adds a provenance entry to the model file's info. */
    public Builder info(String key, String value) {
      if (key == null || key.isBlank() || value == null) {
        throw new IllegalArgumentException("info needs a key and a value, got " + key + "=" + value);
      }
      info.put(key, value);
      return this;
    }

    public VdshSpec build() {
      return new VdshSpec(this);
    }
  }
}
