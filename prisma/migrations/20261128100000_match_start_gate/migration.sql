-- A simultaneous start (the race, Parker) waits for every seated person to say ready, then a countdown
-- (docs/rules.md, "Ready and countdown"). Every match that exists already has begun: it is open from
-- its creation, as it was.
ALTER TABLE "Match" ADD COLUMN     "readySeats" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "startedAt" TIMESTAMP(3),
ADD COLUMN     "startsAt" TIMESTAMP(3);

UPDATE "Match" SET "startedAt" = "createdAt";
