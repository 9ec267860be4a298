package domainintel.support;

import com.amazonaws.services.lambda.runtime.ClientContext;
import com.amazonaws.services.lambda.runtime.CognitoIdentity;
import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.LambdaLogger;

import java.util.UUID;

/** The Lambda context the runtime passes a handler, with plausible values. */
public class TestLambdaContext implements Context {
    private final String requestId = UUID.randomUUID().toString();

    @Override public String getAwsRequestId() { return requestId; }
    @Override public String getLogGroupName() { return "/aws/lambda/test"; }
    @Override public String getLogStreamName() { return "test"; }
    @Override public String getFunctionName() { return "test"; }
    @Override public String getFunctionVersion() { return "$LATEST"; }
    @Override public String getInvokedFunctionArn() { return "arn:aws:lambda:us-east-1:123456789012:function:test"; }
    @Override public CognitoIdentity getIdentity() { return null; }
    @Override public ClientContext getClientContext() { return null; }
    @Override public int getRemainingTimeInMillis() { return 15_000; }
    @Override public int getMemoryLimitInMB() { return 1024; }
    @Override public LambdaLogger getLogger() {
        return new LambdaLogger() {
            @Override public void log(String message) { System.out.println(message); }
            @Override public void log(byte[] message) { System.out.println(new String(message)); }
        };
    }
}
