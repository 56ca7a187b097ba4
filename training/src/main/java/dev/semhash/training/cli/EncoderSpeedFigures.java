package dev.semhash.training.cli;

import dev.semhash.model.HashModel;
import dev.semhash.training.bench.EncoderSpeed;
import dev.semhash.training.corpus.Corpus;
import dev.semhash.training.hashing.NeighbourhoodEncoding;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A reproduction cell's {@code encoder} object: its encoder's speed on one thread, measured. */
final class EncoderSpeedFigures {
  private EncoderSpeedFigures() {}

  /** Times {@code model} on the test texts and documents of {@code corpus}. */
  static Map<String, Object> measure(HashModel model, List<String> testTexts, Corpus corpus) {
    int neighbours = model.readsNeighbourhood() ? NeighbourhoodEncoding.settings(model).k() : 0;
    EncoderSpeed.Result s = EncoderSpeed.measure(model, testTexts, corpus.test(), neighbours);
    Map<String, Object> speed = new LinkedHashMap<>();
    speed.put("documents", s.documents());
    speed.put("text_docs_per_cpu_second", Math.round(s.textDocsPerCpuSecond()));
    speed.put("text_docs_per_wall_second", Math.round(s.textDocsPerWallSecond()));
    speed.put("vector_docs_per_cpu_second", Math.round(s.vectorDocsPerCpuSecond()));
    speed.put("vector_docs_per_wall_second", Math.round(s.vectorDocsPerWallSecond()));
    speed.put("threads", 1);
    if (neighbours > 0) {
      speed.put("neighbours_pooled", neighbours);
      speed.put("neighbour_search", "not timed (one BM25 search per document)");
    }
    speed.put("timed_passes", EncoderSpeed.TIMED_PASSES);
    speed.put("warm_up_cpu_seconds", EncoderSpeed.WARM_UP_SECONDS);
    speed.put("min_pass_seconds", EncoderSpeed.MIN_PASS_SECONDS);
    if (Double.isNaN(s.loadAverage()) == false) {
      speed.put("load_average", Math.round(s.loadAverage() * 100) / 100.0);
    }
    return speed;
  }
}
