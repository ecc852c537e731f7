-- Deliveries of subscriptions' events written before they carried their case's airport: take it
-- from the case their payload names, so airport-scoped ADMINs see (and only see) their airports'.
UPDATE "webhook_deliveries" AS d
SET "airport" = c."airport"
FROM "cases" AS c
WHERE d."airport" IS NULL
  AND c."tenant" = d."tenant"
  AND c."urn" = d."payload" -> 'data' ->> 'caseUrn';
