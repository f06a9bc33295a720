-- Issue 11 §8: step-up codes go only to a phone its owner confirmed with a code. Phones already on
-- file were used for step-up before and are kept as confirmed; a phone typed in by an
-- administrator from now on waits for its owner's code.
UPDATE "users" SET "mobile_verified_at" = "created_at" WHERE "mobile" IS NOT NULL;
