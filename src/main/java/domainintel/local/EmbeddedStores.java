package domainintel.local;

import domainintel.aws.DynamoDbProperties;
import domainintel.aws.SqsProperties;
import domainintel.DataDir;
import com.amazonaws.services.dynamodbv2.local.main.ServerRunner;
import com.amazonaws.services.dynamodbv2.local.server.DynamoDBProxyServer;
import domainintel.aws.AwsEndpoints;
import domainintel.aws.ConfiguredAwsEndpoints;
import io.micronaut.context.annotation.Replaces;
import io.micronaut.context.annotation.Requires;
import jakarta.annotation.PreDestroy;
import jakarta.inject.Singleton;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.elasticmq.rest.sqs.SQSRestServer;
import org.elasticmq.rest.sqs.SQSRestServerBuilder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The local stand-ins for AWS, in this process: AWS's DynamoDB Local (file-backed under
 * {@code DATA_DIR/dynamodb}, so keys and quota counters survive a restart) and ElasticMQ for SQS.
 * Each listens on loopback only and is reached through the real SDK clients. An endpoint named in
 * configuration wins, which is how a second process shares the first one's DynamoDB.
 * Absent from the Lambda jar (the classes are not packaged), so this bean never exists on AWS.
 */
@Singleton
@Replaces(ConfiguredAwsEndpoints.class)
@Requires(classes = {DynamoDBProxyServer.class, SQSRestServer.class})
@Requires(property = "local.embedded-stores", value = "true", defaultValue = "true")
public class EmbeddedStores implements AwsEndpoints {
    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedStores.class);

    private final Path dataDir;
    private final URI configuredDynamoDb;
    private final URI configuredSqs;
    private final boolean dynamoDbInMemory;
    private DynamoDBProxyServer dynamoDbServer;
    private URI dynamoDbEndpoint;
    private SQSRestServer sqsServer;
    private URI sqsEndpoint;

    public EmbeddedStores(DataDir dataDir, DynamoDbProperties dynamoDb, SqsProperties sqs, LocalProperties local) {
        this.dataDir = dataDir.path();
        this.configuredDynamoDb = ConfiguredAwsEndpoints.toUri(dynamoDb.endpoint());
        this.configuredSqs = ConfiguredAwsEndpoints.toUri(sqs.endpoint());
        this.dynamoDbInMemory = local.dynamodbInMemory();
    }

    @Override
    public synchronized URI dynamoDb() {
        if (configuredDynamoDb != null) {
            return configuredDynamoDb;
        }
        if (dynamoDbEndpoint == null) {
            try {
                Path dir = Files.createDirectories(dataDir.resolve("dynamodb"));
                int port = freePort();
                // In memory only for measurements that must not be bound by SQLite's synced file writes.
                var args = new java.util.ArrayList<>(java.util.List.of("-port", Integer.toString(port), "-sharedDb", "-disableTelemetry"));
                args.addAll(dynamoDbInMemory ? java.util.List.of("-inMemory") : java.util.List.of("-dbPath", dir.toString()));
                dynamoDbServer = ServerRunner.createServerFromCommandLineArgs(args.toArray(String[]::new));
                bindToLoopback(dynamoDbServer);
                dynamoDbServer.start();
                dynamoDbEndpoint = URI.create("http://127.0.0.1:" + port);
                LOG.info("DynamoDB Local on {} (data in {})", dynamoDbEndpoint, dir);
            } catch (Exception e) {
                throw new IllegalStateException("Could not start DynamoDB Local", e);
            }
        }
        return dynamoDbEndpoint;
    }

    @Override
    public boolean dynamoDbOwnedByThisProcess() {
        return configuredDynamoDb == null;
    }

    @Override
    public synchronized URI sqs() {
        if (configuredSqs != null) {
            return configuredSqs;
        }
        if (sqsEndpoint == null) {
            int port = freePort();
            sqsServer = SQSRestServerBuilder.withInterface("127.0.0.1").withPort(port).start();
            sqsServer.waitUntilStarted();
            sqsEndpoint = URI.create("http://127.0.0.1:" + port);
            LOG.info("ElasticMQ (SQS) on {}", sqsEndpoint);
        }
        return sqsEndpoint;
    }

    @PreDestroy
    synchronized void stop() throws Exception {
        if (sqsServer != null) {
            sqsServer.stopAndWait();
        }
        if (dynamoDbServer != null) {
            dynamoDbServer.stop();
        }
    }

    /**
     * DynamoDB Local has no option for its listening address and would take every interface: anyone
     * who reached the port could forge keys, reset quotas or rewrite webhooks. Its Jetty connector is
     * pointed at loopback before it starts.
     */
    static void bindToLoopback(DynamoDBProxyServer proxy) throws ReflectiveOperationException {
        Field field = DynamoDBProxyServer.class.getDeclaredField("server");
        field.setAccessible(true);
        Server jetty = (Server) field.get(proxy);
        Connector[] connectors = jetty.getConnectors();
        if (connectors.length == 0) {
            throw new IllegalStateException("DynamoDB Local has no connector to bind to loopback");
        }
        for (Connector connector : connectors) {
            ((ServerConnector) connector).setHost(InetAddress.getLoopbackAddress().getHostAddress());
        }
    }

    private static int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
