-- AlterTable
ALTER TABLE "Room" ADD COLUMN     "turnSeconds" INTEGER;
