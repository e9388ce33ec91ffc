-- AlterTable
ALTER TABLE "Room" ADD COLUMN     "hints" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "takeOverAfterSec" INTEGER;

-- AlterTable
ALTER TABLE "Seat" ADD COLUMN     "bot" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "takenOver" BOOLEAN NOT NULL DEFAULT false;
