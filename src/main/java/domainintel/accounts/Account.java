package domainintel.accounts;

import domainintel.access.Tier;
import io.micronaut.core.annotation.Nullable;

import java.time.Instant;

/**
 * A customer account: it owns keys and webhooks ({@code id} is their owner) and has one tier.
 * {@code sessionVersion} moves on at every sign-out, which ends every session signed before it.
 * Accounts an operator made through the admin key API have no email.
 */
public record Account(String id, @Nullable String email, Tier tier, Instant createdAt, long sessionVersion) {
}
