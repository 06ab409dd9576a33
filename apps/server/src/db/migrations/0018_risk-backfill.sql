ALTER TABLE "servicing_loans" ADD COLUMN "risk_tier_id" text;--> statement-breakpoint
-- Funded loans opened before the risk monitoring: their coin and pledged quantity, their rate tier,
-- and stabilization for custody-only refinanced loans that opted in (document 2 §9).
UPDATE "servicing_loans" s SET
  "collateral_type" = coalesce(s."collateral_type", ca."collateral_type", o."collateral_type"),
  "collateral_units" = coalesce(s."collateral_units", o."collateral_units"),
  "risk_tier_id" = coalesce(s."risk_tier_id", o."tier_id"),
  "stabilization" = s."stabilization" OR coalesce((
    SELECT r."stabilization_opt_in" AND ro."treatment" = 'CUSTODY_ONLY'
    FROM "refi_applications" r
    JOIN "refi_offers" ro ON ro."offer_uuid" = a."selected_offer_uuid"
    WHERE r."application_uuid" = a."uuid"), false)
FROM "applications" a
JOIN "offers" o ON o."uuid" = a."selected_offer_uuid"
LEFT JOIN "collateral_accounts" ca ON ca."application_uuid" = a."uuid"
WHERE a."uuid" = s."loan_uuid";
