package domainintel.bench;

import domainintel.market.MarketTrends;
import domainintel.market.TrendQuery;
import domainintel.contract.QueryParameters;
import io.micronaut.context.ApplicationContext;
import io.micronaut.http.HttpRequest;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * In-process benchmark of the market trends themselves (not a test), apart from HTTP and the
 * DynamoDB key check that dominate {@link LoadBenchmark}: the time to build the index from the
 * sales history, then p50/p99 of answering distinct queries (each one computed, a cache miss) and
 * of answering them again (cache hits). Usage: bin/benchmark-trends.
 */
public final class TrendsBenchmark {
    public static void main(String[] args) throws Exception {
        try (ApplicationContext context = ApplicationContext.run(Map.of(
                "data-dir", Files.createTempDirectory("trends-benchmark").toString(),
                "micronaut.server.port", "-1", "market.bootstrap", "off"))) {
            MarketTrends trends = context.getBean(MarketTrends.class);
            long t = System.nanoTime();
            trends.prepare();
            System.out.printf("bundled sales loaded and trends built in %.0f ms (cold JVM)%n", (System.nanoTime() - t) / 1e6);
            List<TrendQuery> queries = new ArrayList<>();
            String[] periods = {"month", "quarter", "year"};
            String[] filters = {"", "&tld=com", "&tld=net", "&category=technology", "&market=retail", "&tld=com&category=finance"};
            for (int year = 2015; year <= 2024; year++) {
                for (String period : periods) {
                    for (String filter : filters) {
                        queries.add(query("period=" + period + "&from=" + year + "-01" + filter));
                        queries.add(query("period=" + period + "&to=" + year + "-06" + filter));
                    }
                }
            }
            // Warm-up on the same kinds of queries, over other windows, so the JIT has compiled every path.
            for (int year = 2015; year <= 2024; year++) {
                for (String period : periods) {
                    for (String filter : filters) {
                        trends.trends(query("period=" + period + "&from=" + year + "-07" + filter));
                        trends.trends(query("period=" + period + "&to=" + year + "-09" + filter));
                    }
                }
            }
            System.out.println(line("distinct queries (computed)", time(trends, queries)));
            System.out.println(line("same queries again (cached)", time(trends, queries)));
        }
        // DynamoDB Local leaves a non-daemon job thread behind after the context closes, which would
        // keep this JVM alive for minutes; the measurement is done.
        System.exit(0);
    }

    private static TrendQuery query(String query) {
        return TrendQuery.parse(new QueryParameters(HttpRequest.GET("/?" + query).getParameters().asMap()));
    }

    private static long[] time(MarketTrends trends, List<TrendQuery> queries) {
        long[] nanos = new long[queries.size()];
        for (int i = 0; i < nanos.length; i++) {
            long t = System.nanoTime();
            trends.trends(queries.get(i));
            nanos[i] = System.nanoTime() - t;
        }
        Arrays.sort(nanos);
        return nanos;
    }

    private static String line(String name, long[] sorted) {
        return String.format("%-30s %5d queries  p50 %7.3f ms  p99 %7.3f ms  max %7.3f ms", name, sorted.length,
                sorted[sorted.length / 2] / 1e6, sorted[(int) Math.ceil(0.99 * sorted.length) - 1] / 1e6, sorted[sorted.length - 1] / 1e6);
    }
}
