package dev.semhash.training.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.semhash.training.rerank.DseSettings;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class RerankModelOptionsTest {
  private static RerankModelOptions parse(String... args) {
    RerankModelOptions options = new RerankModelOptions();
    new CommandLine(options).parseArgs(args);
    return options;
  }

  /** {@link #parse} with the links task's defaults for the options not given. */
  private static RerankModelOptions onLinks(String... args) {
    RerankModelOptions options = parse(args);
    options.useLinkDefaults();
    return options;
  }

  @Test
  void hardNegativesByModelAndTask() {
    RerankModelOptions docs = parse();
    for (String model : new String[] {"ssi", "s2net", "dse", "dssm"}) {
      assertEquals(0.5f, docs.hardFraction(model, true), model + " with qrels: BM25's top hits");
      assertEquals(0f, docs.hardFraction(model, false), model + " on doc-doc");
      assertEquals(100, docs.hardDepth(model, true));
      assertEquals(0, docs.hardDepth(model, false), "no first-stage candidates are needed when none is drawn");
    }
    RerankModelOptions links = onLinks();
    assertEquals(0.5f, links.hardFraction("ssi", false));
    assertEquals(0, links.hardDepth("ssi", false), "SSI draws from its own ranking on links, not from TF-IDF's");
    assertEquals(0f, links.hardFraction("s2net", false));
    assertEquals(0.5f, links.hardFraction("dse", false));
    assertEquals(0, links.hardDepth("dse", false), "DSE too");
    assertTrue(links.dse(42, false).modelNegatives());
    assertEquals(1f, links.hardFraction("dssm", false), "DSSM draws every hard negative from its own ranking on links");
    assertEquals(0, links.hardDepth("dssm", false));
    assertEquals(0.5f, links.hardFraction("dssm", true), "qrels");
    assertEquals(0.2f, parse("--hard-fraction", "0.2").hardFraction("s2net", false), "as given");
  }

  @Test
  void dssmHasItsOwnDefaultsOnLinks() {
    RerankModelOptions links = onLinks();
    assertEquals(0.01f, links.dssm(42, false).learningRate());
    assertEquals(30, links.dssm(42, false).epochs());
    assertEquals(0.1f, parse().dssm(42, true).learningRate(), "qrels");
    assertEquals(0.02f, parse().dssm(42, false).learningRate(), "document-document");
    assertEquals(10, parse().dssm(42, false).epochs());
    assertEquals(0.05f, parse("--lr", "0.05").dssm(42, false).learningRate(), "as given");
    assertEquals(1f, parse().dssm(42, false).tfidfWeight(), "document-document");
    assertEquals(1f, parse().dssm(42, true).tfidfWeight(), "qrels");
    assertEquals(0.25f, links.dssm(42, false).tfidfWeight(), "links");
    assertEquals(256, links.dssm(42, false).dimension(), "links");
    assertEquals(128, parse().dssm(42, false).dimension(), "document-document");
    assertEquals(128, links.ssi(42, false).dimension(), "only DSSM's width changes on links");
    assertEquals(128, links.dse(42, false).dimension());
    RerankModelOptions narrow = onLinks("--dim", "64");
    assertEquals(64, narrow.dssm(42, false).dimension(), "as given");
    assertEquals(1f, links.dse(42, false).tfidfWeight(), "only DSSM's λ changes on links");
    assertEquals(0f, parse("--tfidf-weight", "0").dssm(42, false).tfidfWeight());
    RerankModelOptions given = onLinks("--tfidf-weight", "2");
    assertEquals(2f, given.dssm(42, false).tfidfWeight(), "as given");
  }

  @Test
  void dsePretrainsLongerOnLinks() {
    RerankModelOptions links = onLinks();
    assertEquals(RerankModelOptions.DSE_LINK_PRETRAIN_EPOCHS, links.dse(42, false).pretrainEpochs());
    assertEquals(3, parse().dse(42, false).pretrainEpochs(), "qrels and document-document");
    RerankModelOptions given = onLinks("--pretrain-epochs", "5");
    assertEquals(5, given.dse(42, false).pretrainEpochs(), "as given");
  }

  @Test
  void dseAveragesItsWeightsOnLinks() {
    RerankModelOptions links = onLinks();
    assertEquals(RerankModelOptions.DSE_LINK_WEIGHT_AVERAGING, links.dse(42, false).weightAveraging());
    assertEquals(0f, parse().dse(42, false).weightAveraging(), "document-document: the last weights");
    assertEquals(0f, parse().dse(42, true).weightAveraging(), "qrels");
    RerankModelOptions off = onLinks("--dse-averaging", "0");
    assertEquals(0f, off.dse(42, false).weightAveraging(), "as given");
    assertEquals(0.999f, parse("--dse-averaging", "0.999").dse(42, true).weightAveraging());
    assertThrows(IllegalArgumentException.class, () -> parse("--dse-averaging", "1").dse(42, false));
  }

  @Test
  void dseReadsMoreTermsThroughNarrowerLayersOnLinks() {
    DseSettings links = onLinks().dse(42, false);
    assertEquals(RerankModelOptions.DSE_LINK_TERMS, links.terms());
    assertEquals(RerankModelOptions.DSE_LINK_HIDDEN, links.hiddenUnits());
    assertArrayEquals(new int[] {500, 500, 1000, 128}, links.widths(links.terms()), "2000-500-500-1000-128");
    DseSettings elsewhere = parse().dse(42, true);
    assertEquals(RerankModelOptions.DSE_TERMS, elsewhere.terms());
    assertEquals(0, elsewhere.hiddenUnits(), "the paper's D-D/2-D/2-D");
    DseSettings given = onLinks("--dse-terms", "800", "--dse-hidden", "0").dse(42, false);
    assertArrayEquals(new int[] {400, 400, 800, 128}, given.widths(given.terms()), "as given");
    assertEquals(300, parse("--dse-hidden", "300").dse(42, false).hiddenUnits());
  }

  @Test
  void modelNegativesAreTheDeepModelsAndSsisByDefaultOnLinks() {
    RerankModelOptions given = parse("--model-negatives");
    assertEquals(0, given.hardDepth("ssi", true), "no first-stage candidates needed");
    assertEquals(0, given.hardDepth("dssm", true));
    assertTrue(given.dssm(42, true).modelNegatives());
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> given.hardDepth("s2net", true));
    assertTrue(e.getMessage().contains("--model-negatives is SSI's, DSSM's and DSE's"), e.getMessage());
    assertTrue(given.dse(42, true).modelNegatives());
    assertFalse(parse().dse(42, false).modelNegatives(), "document-document");
    assertFalse(parse().dssm(42, true).modelNegatives(), "qrels");
    assertFalse(parse().dssm(42, false).modelNegatives(), "document-document");
    RerankModelOptions links = onLinks();
    assertTrue(links.dssm(42, false).modelNegatives(), "links");
    assertEquals(0, links.hardDepth("dssm", false));
    RerankModelOptions refused = onLinks("--model-negatives=false");
    assertFalse(refused.dssm(42, false).modelNegatives(), "as given");
    assertEquals(100, refused.hardDepth("dssm", false), "TF-IDF's neighbours then");
  }

  @Test
  void dseSimilarityIsTheDotProductButOnLinks() {
    assertEquals(dev.semhash.rerank.model.RerankModel.Similarity.DOT, parse().dse(42, false).similarity());
    assertEquals(dev.semhash.rerank.model.RerankModel.Similarity.DOT, parse().dse(42, true).similarity(), "qrels");
    RerankModelOptions links = onLinks();
    assertEquals(dev.semhash.rerank.model.RerankModel.Similarity.COSINE, links.dse(42, false).similarity());
    RerankModelOptions dotOnLinks = onLinks("--dse-similarity", "dot");
    assertEquals(dev.semhash.rerank.model.RerankModel.Similarity.DOT, dotOnLinks.dse(42, false).similarity(), "as given");
    assertEquals(dev.semhash.rerank.model.RerankModel.Similarity.COSINE,
        parse("--dse-similarity", "Cosine").dse(42, false).similarity());
    CommandLine.ParameterException e =
        assertThrows(CommandLine.ParameterException.class, () -> parse("--dse-similarity", "euclid"));
    assertTrue(e.getMessage().contains("'euclid' is not a DSE similarity; choose dot or cosine"), e.getMessage());
  }

  @Test
  void dseTrainsLongerOnLabelPairsAndLinks() {
    assertEquals(10, parse().dse(42, true).epochs(), "qrels");
    RerankModelOptions labels = parse();
    labels.useLabelDefaults();
    assertEquals(RerankModelOptions.DSE_LABEL_EPOCHS, labels.dse(42, false).epochs());
    assertEquals(10, labels.ssi(42, false).epochs(), "only DSE's default changes");
    RerankModelOptions given = parse("--epochs", "5");
    given.useLabelDefaults();
    assertEquals(5, given.dse(42, false).epochs(), "as given");
    RerankModelOptions links = onLinks();
    assertEquals(RerankModelOptions.DSE_LINK_EPOCHS, links.dse(42, false).epochs());
    assertEquals(20, links.ssi(42, false).epochs(), "SSI's own links default");
  }

  @Test
  void labelPairsDrawAFewRelevantDocumentsPerQueryByDefault() {
    RerankModelOptions labels = parse();
    labels.useLabelDefaults();
    assertEquals(RerankModelOptions.LABEL_MAX_POSITIVES, labels.dssm(42, false).maxPositives());
    assertEquals(RerankModelOptions.LABEL_MAX_POSITIVES, labels.ssi(42, false).maxPositives());
    assertEquals(RerankModelOptions.LABEL_MAX_POSITIVES, labels.s2net(42, false).maxPositives());
    assertEquals(RerankModelOptions.DSE_LABEL_MAX_POSITIVES, labels.dse(42, false).maxPositives(), "DSE's own");
    assertEquals(0, parse().dssm(42, true).maxPositives(), "qrels: every relevant document");
    assertEquals(0, onLinks().dssm(42, false).maxPositives(), "links: every held-in link");
    RerankModelOptions all = parse("--max-positives", "0");
    all.useLabelDefaults();
    assertEquals(0, all.dssm(42, false).maxPositives(), "as given");
    IllegalArgumentException negative =
        assertThrows(IllegalArgumentException.class, () -> parse("--max-positives", "-1").ssi(42, false));
    assertTrue(negative.getMessage().contains("--max-positives"), negative.getMessage());
  }
}
