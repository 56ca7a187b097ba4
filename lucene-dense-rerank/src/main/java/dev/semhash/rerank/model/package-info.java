/**
 * Rerank models: one file fully determines text &rarr; vectors &rarr; score. A {@link
 * dev.semhash.rerank.model.RerankModel} is the analysis chain and TF-IDF dictionary of the text it
 * was trained on, a linear projection of the query's term vector and one of the document's, the
 * similarity of the two projections (dot product or cosine) and the weight of a plain term-overlap
 * term. Supervised Semantic Indexing's {@code qᵀ(UᵀV + I)d} and S2Net's {@code cos(Aq, Ad)} are
 * both such models. SSI's other forms of W (diagonal, sparse, unconstrained) are a square {@link
 * dev.semhash.rerank.model.TermMatrix} over the dictionary instead. Deep models (DSE's sigmoid
 * network, DSSM's tanh network over letter trigrams) keep the projection as their first layer and
 * add {@link dev.semhash.rerank.model.DeepLayers} ({@link dev.semhash.rerank.model.DenseLayer}s
 * with an {@link dev.semhash.rerank.model.Activation}). {@link
 * dev.semhash.rerank.model.RerankModelFormat} reads and writes the
 * versioned, checksummed file. Inference is plain Java; dot products are summed in one fixed
 * order ({@link dev.semhash.rerank.model.FixedOrderDot}), so a score repeats bit for bit however
 * the JIT has compiled the loop.
 */
package dev.semhash.rerank.model;
