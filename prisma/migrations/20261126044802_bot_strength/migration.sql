-- AlterTable
ALTER TABLE "Seat" ADD COLUMN     "botStrength" TEXT NOT NULL DEFAULT 'strong';
