CREATE TABLE "trial_grant" (
	"email_hash" text PRIMARY KEY NOT NULL
);
