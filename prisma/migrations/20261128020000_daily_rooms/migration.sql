-- A Code of the day's room says so itself (its puzzle number): sealed, closed at the puzzle's
-- reveal, counted apart from races, whatever becomes of its DailyAttempt row (a merge drops one).
ALTER TABLE "Room" ADD COLUMN     "daily" INTEGER;

UPDATE "Room" r SET "daily" = a.n FROM "DailyAttempt" a WHERE a."roomId" = r.id;
