-- PostgreSQL only. Automatic HTTPS (`authd serve --domain`): what every instance on the database
-- shares so they serve one certificate and only one orders it at a time. Keys: `account:<ACME
-- directory URL>` (the account key, sealed), `certificate:<names>` (certificate chain and its
-- sealed private key, JSON), `challenge:<token>` (an HTTP-01 answer while an order is validated,
-- so any instance behind the load balancer can give it), and `order-lock` (value: the ordering
-- instance; updated_at: when its lease ends). A SQLite data directory keeps the same in files
-- (DIR/certificates). Kept out of the drizzle schema, like shared_counters, and never copied.
CREATE TABLE "acme_state" (
  "key" text PRIMARY KEY,
  "value" text NOT NULL,
  "updated_at" bigint NOT NULL
);
