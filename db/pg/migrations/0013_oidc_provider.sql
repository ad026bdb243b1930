CREATE TABLE "oidc_clients" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"name" text NOT NULL,
	"secret_hash" text,
	"redirect_uris" text NOT NULL,
	"post_logout_redirect_uris" text NOT NULL,
	"allowed_scopes" text NOT NULL,
	"first_party" boolean DEFAULT false NOT NULL,
	"created_at" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_consents" (
	"user_id" text NOT NULL,
	"client_id" text NOT NULL,
	"project_id" text NOT NULL,
	"scopes" text NOT NULL,
	"created_at" bigint NOT NULL,
	CONSTRAINT "oidc_consents_user_id_client_id_pk" PRIMARY KEY("user_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "oidc_grants" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"client_id" text NOT NULL,
	"user_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" bigint NOT NULL,
	"code_used_at" bigint,
	"redirect_uri" text NOT NULL,
	"scopes" text NOT NULL,
	"nonce" text,
	"code_challenge" text,
	"auth_time" bigint NOT NULL,
	"amr" text NOT NULL,
	"refresh_token_hash" text,
	"created_at" bigint NOT NULL,
	"expires_at" bigint NOT NULL,
	"revoked_at" bigint
);
--> statement-breakpoint
ALTER TABLE "oidc_clients" ADD CONSTRAINT "oidc_clients_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_consents" ADD CONSTRAINT "oidc_consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_consents" ADD CONSTRAINT "oidc_consents_client_id_oidc_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."oidc_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_grants" ADD CONSTRAINT "oidc_grants_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_grants" ADD CONSTRAINT "oidc_grants_client_id_oidc_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."oidc_clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_grants" ADD CONSTRAINT "oidc_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oidc_clients_project_idx" ON "oidc_clients" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_grants_code_idx" ON "oidc_grants" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_grants_refresh_idx" ON "oidc_grants" USING btree ("refresh_token_hash");--> statement-breakpoint
CREATE INDEX "oidc_grants_user_idx" ON "oidc_grants" USING btree ("user_id");