-- An offer's payment schedule follows from its amount, rate and term (every loan is interest only),
-- so offers made from this release on leave it empty and it is derived when a disclosure states it;
-- offers made before keep theirs and are served with it. Writing it cost every offer request about
-- a kilobyte of WAL twice: in the new offer and in the superseded one's new row version.
-- Expand only: nothing is removed, and a release that stores the schedule still may.
ALTER TABLE "offers" ALTER COLUMN "payment_schedule" DROP NOT NULL;