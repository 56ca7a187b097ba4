package dev.semhash.training.rerank;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.semhash.rerank.model.RerankModel;
import dev.semhash.training.data.DatasetReader;
import dev.semhash.training.data.SharedData;
import dev.semhash.training.progress.ProgressReporter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Gated (-Dsemhash.benchmark=true): DSE on all 20 Newsgroups groups, -Ddiag.train posts per group
 * (default 100; 370 reproduces the full-collection collapse), printing each RBM's reconstruction
 * error and, per fine-tuning epoch, the loss, mean |Φ|² and the spread of Φ over 50 posts (near 0:
 * collapsed), then MAP against TF-IDF. 370 posts per group, 2 epochs: about 3.5 min on a busy machine.
 */
class DseCollapseDiagnosis {
  @Test
  void diagnose(@TempDir Path tmp) throws Exception {
    assumeTrue(Boolean.getBoolean("semhash.benchmark"), "benchmark only");
    List<String> groups = new DatasetReader(SharedData.dataset("20newsgroups")).documents().stream()
        .flatMap(d -> d.labels().stream()).distinct().sorted().toList();
    NewsgroupsSlice slice = new NewsgroupsSlice(tmp, groups, Integer.getInteger("diag.train", 100), 10);
    float lr = Float.parseFloat(System.getProperty("diag.lr", "0.01"));
    float lambda = Float.parseFloat(System.getProperty("diag.lambda", "0"));
    int c = Integer.getInteger("diag.dim", 10);
    DseSettings s = new DseSettings(500, c, 3, 0.05f, 0.005f, lr, 0.9f, 1e-4f, Integer.getInteger("diag.epochs", 5), 5, 0f, 1, lambda, 42, 1, RerankModel.Similarity.DOT, false, 0f, 0);
    DseTrainer trainer = new DseTrainer(slice.corpus, s);
    RerankModel model = trainer.train(slice.train, (e, l, v, t) -> {
      double norm = 0;
      double spread = 0;
      float[] first = null;
      for (int i = 0; i < 50; i++) {
        float[][] f = trainer.network().forward(trainer.inputCorpus().document(i));
        float[] phi = f[f.length - 1];
        if (first == null) {
          first = phi;
        }
        for (int j = 0; j < phi.length; j++) {
          norm += phi[j] * phi[j];
          spread += (phi[j] - first[j]) * (phi[j] - first[j]);
        }
      }
      System.out.printf("epoch %d loss %.4f violated %.3f mean|Φ|² %.4g spread %.4g%n", e, l, v, norm / 50, spread / 50);
    }, (task, total, unit) -> new ProgressReporter.Progress() {
      @Override
      public void step(long n) {}

      @Override
      public void message(String m) {
        if (m.startsWith("layer")) {
          System.out.println(m);
        }
      }

      @Override
      public void close() {}
    });
    System.out.printf("input scale %.3f mean terms %.1f%n", trainer.network().inputScale, trainer.inputCorpus().meanTerms());
    System.out.printf("docs %d queries %d lr %s λ %s C %d: TF-IDF MAP %.4f, DSE MAP %.4f%n", slice.corpus.size(), slice.queries.size(), lr,
        lambda, c, slice.tfidfMap, slice.map(model, "dse"));
  }
}
