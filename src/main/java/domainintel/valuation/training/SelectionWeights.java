package domainintel.valuation.training;

import domainintel.sales.Sale;

import java.util.Arrays;
import java.util.Collection;
import java.util.Set;

/**
 * Lets the two auction sources that were selected on price (sales of $5,000+, and a price-balanced
 * sample under $5,000) inform the fit without biasing it. They come from the same 2015–2020 auction
 * market as the random sample, and were chosen on price alone, so within a narrow price band their
 * names look like that band's names in the random sample. Pooling the three sources and weighting
 * every pooled sale by (random sales in its band) / (pooled sales in its band) gives the pool the
 * random sample's price distribution, while the high bands, where the random sample has a few
 * dozen sales, are described by thousands.
 */
final class SelectionWeights {
    static final String RANDOM_SOURCE = "auctions-2015-2020-sampled";
    static final Set<String> PRICE_SELECTED = Set.of("auctions-2015-2020-highvalue", "auctions-2015-2020-balanced");
    /** Upper edges of the price bands, in dollars; narrow enough that a band's prices are alike in every source. */
    private static final double[] BAND_EDGES = {150, 200, 300, 500, 800, 1_300, 2_000, 3_500, 5_000, 10_000, 25_000};

    private final double[] weights;

    private SelectionWeights(double[] weights) {
        this.weights = weights;
    }

    static boolean pooled(Sale sale) {
        return RANDOM_SOURCE.equals(sale.source()) || PRICE_SELECTED.contains(sale.source());
    }

    /** Weights from the pooled sales on the training side of a split. */
    static SelectionWeights of(Collection<Sale> pooled) {
        double[] random = new double[BAND_EDGES.length + 1];
        double[] all = new double[BAND_EDGES.length + 1];
        for (Sale sale : pooled) {
            int band = band(sale.priceUsd());
            all[band]++;
            if (RANDOM_SOURCE.equals(sale.source())) {
                random[band]++;
            }
        }
        double[] weights = new double[all.length];
        for (int band = 0; band < all.length; band++) {
            weights[band] = all[band] == 0 ? 0 : random[band] / all[band];
        }
        return new SelectionWeights(weights);
    }

    /** A sale's weight in the fit: 1 outside the pool, its band's weight inside it. */
    double weight(Sale sale) {
        return pooled(sale) ? weights[band(sale.priceUsd())] : 1;
    }

    private static int band(double priceUsd) {
        int at = Arrays.binarySearch(BAND_EDGES, priceUsd);
        return at >= 0 ? at + 1 : -at - 1;
    }
}
