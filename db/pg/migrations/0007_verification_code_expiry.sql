-- Expired one-time codes and WebAuthn challenges are deleted by a background pass
-- (server/core/auth/verification-codes.ts); this index lets it find them by kind and expiry
-- without reading the whole table.
CREATE INDEX "verification_codes_expiry_idx" ON "verification_codes" USING btree ("kind","expires_at");
