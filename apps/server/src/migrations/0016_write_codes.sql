-- Issue 11 §1: endpoints that change state moved from the cost-centre, ticket and message route
-- codes to management codes of their own (CC0101 top up and buy packages, CC0201 redeem vouchers,
-- CC0801 renew and auto-renew, CD01, CF01). Custom sets (and so the users and groups granted them)
-- keep what they allowed: whoever held the old code gets its management code. Built-in sets are
-- rewritten from packages/contracts by the seed on every start.
UPDATE "permission_sets" AS ps
SET "codes" = ps."codes" || ARRAY(
  SELECT m.granted
  FROM (VALUES ('CC01', 'CC0101'), ('CC02', 'CC0201'), ('CC07', 'CC0201'), ('CC08', 'CC0801'), ('CD', 'CD01'), ('CF', 'CF01')) AS m(held, granted)
  WHERE m.held = ANY (ps."codes") AND NOT (m.granted = ANY (ps."codes"))
  GROUP BY m.granted
  ORDER BY m.granted
)
WHERE ps."built_in" = false
  AND ps."codes" && ARRAY['CC01', 'CC02', 'CC07', 'CC08', 'CD', 'CF']::text[];
