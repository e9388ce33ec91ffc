-- The language a player chose (docs/architecture.md, Identity): every device of theirs applies it at load.
-- AlterTable
ALTER TABLE "Player" ADD COLUMN     "lang" TEXT;
