package domainintel.bench;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyRequestEvent;
import com.amazonaws.services.lambda.runtime.events.APIGatewayProxyResponseEvent;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClientBuilder;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ReturnValue;

import java.net.URI;
import java.util.Map;

/**
 * The cold-start floor of a function whose work is one store call (issue 12's "plain-Java floor", like for like):
 * no framework, one conditional {@code UpdateItem} on the accounts table returning {@code UPDATED_NEW}, the key
 * check's kind of call, through the AWS SDK's synchronous DynamoDB client on the JDK's HTTP connection, as the
 * functions make it (a local endpoint and fixed credentials where {@code DYNAMODB_ENDPOINT} is set, as theirs).
 * What the SDK's first call costs (its classes, the regions metadata, marshalling, signing, HTTP) is in this
 * floor; what a function costs beyond it is the framework's and the project's.
 */
public class PlainJavaKeyCheckHandler implements RequestHandler<APIGatewayProxyRequestEvent, APIGatewayProxyResponseEvent> {
    private final DynamoDbClient dynamoDb = client();
    private final String table = System.getenv().getOrDefault("ACCOUNTS_TABLE", "di-accounts");

    private static DynamoDbClient client() {
        DynamoDbClientBuilder builder = DynamoDbClient.builder().httpClient(UrlConnectionHttpClient.create())
                .region(Region.of(System.getenv("AWS_REGION")));
        String endpoint = System.getenv("DYNAMODB_ENDPOINT");
        if (endpoint != null) {
            builder.endpointOverride(URI.create(endpoint)).credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")));
        } else {
            builder.credentialsProvider(DefaultCredentialsProvider.builder().build());
        }
        return builder.build();
    }

    @Override
    public APIGatewayProxyResponseEvent handleRequest(APIGatewayProxyRequestEvent event, Context context) {
        var answer = dynamoDb.updateItem(b -> b.tableName(table)
                .key(Map.of("pk", AttributeValue.fromS("coldstart-floor")))
                .updateExpression("SET #n = if_not_exists(#n, :zero) + :one")
                .conditionExpression("attribute_not_exists(#n) OR #n < :max")
                .expressionAttributeNames(Map.of("#n", "floorCount"))
                .expressionAttributeValues(Map.of(":zero", AttributeValue.fromN("0"), ":one", AttributeValue.fromN("1"),
                        ":max", AttributeValue.fromN("1000000000")))
                .returnValues(ReturnValue.UPDATED_NEW));
        return new APIGatewayProxyResponseEvent().withStatusCode(200)
                .withHeaders(Map.of("Content-Type", "application/json"))
                .withBody("{\"success\":true,\"data\":{\"count\":" + answer.attributes().get("floorCount").n() + "}}");
    }
}
