package domainintel.alerts;

import domainintel.alerts.outbound.WebhookSigner;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WebhookSignerTest {

    /** The Standard Webhooks specification's published test vector: what any receiver library checks against. */
    @Test
    void reproducesTheStandardWebhooksTestVector() {
        String signature = WebhookSigner.sign("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek",
                1614265330L, "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8));
        assertEquals("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=", signature);
    }

    @Test
    void anyChangeToIdTimestampOrBodyChangesTheSignature() {
        String secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
        byte[] body = "{\"test\": 2432232314}".getBytes(StandardCharsets.UTF_8);
        String base = WebhookSigner.sign(secret, "msg_1", 1614265330L, body);
        assertNotEquals(base, WebhookSigner.sign(secret, "msg_2", 1614265330L, body));
        assertNotEquals(base, WebhookSigner.sign(secret, "msg_1", 1614265331L, body));
        assertNotEquals(base, WebhookSigner.sign(secret, "msg_1", 1614265330L, "{\"test\": 2432232315}".getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void newSecretsAreWhsecAndBase64Of32RandomBytes() {
        String a = WebhookSigner.newSecret();
        String b = WebhookSigner.newSecret();
        assertTrue(a.startsWith("whsec_"));
        assertEquals(32, Base64.getDecoder().decode(a.substring(6)).length);
        assertNotEquals(a, b);
    }
}
