package domainintel.accounts;

import domainintel.access.Tier;
import io.micronaut.core.annotation.Nullable;

import java.time.Instant;

/**
 * A customer account: its keys share its tier and daily quota. {@code owner} is what its webhooks
 * are scoped by: the account's own id for an account made in the dashboard; for the account an
 * operator's key gets (one per key made through the admin API, without email and so without
 * sign-in), the owner the operator named, which several such accounts may share.
 * {@code sessionVersion} moves on at every sign-out, which ends every session signed before it.
 */
public record Account(String id, String owner, @Nullable String email, Tier tier, Instant createdAt, long sessionVersion) {
}
